/**
 * A 棋牌 table's reveal: the spots' hands one by one, then the banker's — five cards (百人牛牛) or two tiles
 * (二八杠), each dealt face down and turned (the card tables' CSS). A revealed hand shows its name (牛几, 二八杠 …);
 * once the round is settled each spot shows 胜 or 负 and the multiple that paid.
 */
import { useTranslation } from 'react-i18next';
import type { TableStateWire } from '@portal/contract';
import { CardBack, CardFace } from '../game/table/art.tsx';
import { TileBack, TileFace } from './art.tsx';
import { handNameKey, handsBySide, isCardsKind, spotResults, spotsOf, type CardsKind } from './model.ts';
import './cards.css';

/** The spot's label key: 二八杠's 天门 is 'tianmen' (牛牛's 天 is 'tian'). */
export const spotLabelKey = (kind: CardsKind, spot: string): string => `spot.${kind === 'pai28' && spot === 'tian' ? 'tianmen' : spot}`;

function Piece({ kind, value }: { kind: CardsKind; value: number }) {
  return (
    <span className="tcard qhand__piece" data-testid="qpiece" data-value={value}>
      <span className="tcard__inner">
        <span className="tcard__face tcard__face--front">{kind === 'pai28' ? <TileFace tile={value} /> : <CardFace card={value} />}</span>
        <span className="tcard__face tcard__face--back">{kind === 'pai28' ? <TileBack /> : <CardBack />}</span>
      </span>
    </span>
  );
}

function Hand({
  kind,
  side,
  cards,
  result,
}: {
  kind: CardsKind;
  side: string;
  cards: number[] | undefined;
  result?: { win: boolean; multiple: number };
}) {
  const { t } = useTranslation('cards');
  const name = cards ? handNameKey(kind, cards) : null;
  const cls = ['qhand', `qhand--${side}`, result ? (result.win ? 'qhand--win' : 'qhand--lose') : ''].filter(Boolean).join(' ');
  return (
    <div className={cls} data-testid={`qhand-${side}`}>
      <div className="qhand__head">
        <b>{t(spotLabelKey(kind, side))}</b>
        {name && (
          <span className="qhand__name" data-testid={`qname-${side}`}>
            {t(name.key, { n: name.n ? t(`num.${name.n}`) : '' })}
          </span>
        )}
        {result && (
          <span className={`qhand__result qhand__result--${result.win ? 'win' : 'lose'}`} data-testid={`qresult-${side}`}>
            {t(result.win ? 'win' : 'lose')}
            {kind === 'niuniu' ? ` ${t('times', { n: result.multiple })}` : ''}
          </span>
        )}
      </div>
      <div className="qhand__cards">
        {cards ? (
          cards.map((c, i) => <Piece key={`${i}-${c}`} kind={kind} value={c} />)
        ) : (
          <span className="qhand__empty">{t('waiting')}</span>
        )}
      </div>
    </div>
  );
}

export function RevealHands({ state }: { state: TableStateWire }) {
  if (!isCardsKind(state.kind)) return null;
  const kind = state.kind;
  const hands = handsBySide(state.steps);
  const results = state.status === 'settled' ? spotResults(state.outcome) : [];
  return (
    <div className={`qreveal qreveal--${kind}`} data-testid="reveal-hands">
      <Hand kind={kind} side="banker" cards={hands.banker} />
      <div className="qreveal__spots">
        {spotsOf(kind).map((s) => (
          <Hand key={s} kind={kind} side={s} cards={hands[s]} result={results.find((r) => r.spot === s)} />
        ))}
      </div>
    </div>
  );
}
