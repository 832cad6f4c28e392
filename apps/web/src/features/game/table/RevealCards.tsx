/**
 * The card tables' reveal: each card dealt face down from the shoe, then turned (CSS 3D), in the order the
 * server pushes its steps; the hands' points, and the winning side lit once the coup is known. A new shoe
 * shows its burn card first.
 */
import { useTranslation } from 'react-i18next';
import type { TableStateWire } from '@portal/contract';
import { CardBack, CardFace, cardLabel } from './art.tsx';
import { baccaratPoints, cardsBySide } from './outcome.ts';

function Card({ card }: { card: number }) {
  return (
    <span className="tcard" data-testid="tcard" data-card={card}>
      <span className="tcard__inner">
        <span className="tcard__face tcard__face--front">
          <CardFace card={card} />
        </span>
        <span className="tcard__face tcard__face--back">
          <CardBack />
        </span>
      </span>
    </span>
  );
}

function Hand({ label, cards, points, won, side }: { label: string; cards: number[]; points: string; won: boolean; side: string }) {
  const { t } = useTranslation('table');
  return (
    <div className={`thand thand--${side}${won ? ' thand--win' : ''}`} data-testid={`hand-${side}`}>
      <div className="thand__head">
        <b>{label}</b>
        <span className="thand__points">{points}</span>
      </div>
      <div className="thand__cards">
        {cards.map((c, i) => (
          <Card key={`${i}-${c}`} card={c} />
        ))}
        {cards.length === 0 && <span className="thand__empty">{t('reveal.waiting')}</span>}
      </div>
    </div>
  );
}

export function RevealCards({ state }: { state: TableStateWire }) {
  const { t } = useTranslation('table');
  const sides = cardsBySide(state.steps);
  const burn = state.steps.find((s) => s.kind === 'burn');
  const winner = state.coup?.winner ?? null;
  if (state.kind === 'dragonTiger') {
    const rankPoints = (cards: number[]) => (cards.length ? t('reveal.rank', { n: (cards[0]! % 13) + 1 }) : '');
    return (
      <div className="treveal treveal--cards" data-testid="reveal-cards">
        <Hand side="dragon" label={t('spot.dragon')} cards={sides.dragon} points={rankPoints(sides.dragon)} won={winner === 'banker'} />
        <span className="treveal__vs">{winner === 'tie' ? t('spot.tie') : ''}</span>
        <Hand side="tiger" label={t('spot.tiger')} cards={sides.tiger} points={rankPoints(sides.tiger)} won={winner === 'player'} />
      </div>
    );
  }
  const points = (cards: number[]) => (cards.length ? t('reveal.points', { n: baccaratPoints(cards) }) : '');
  return (
    <div className="treveal treveal--cards" data-testid="reveal-cards">
      <Hand side="player" label={t('spot.player')} cards={sides.player} points={points(sides.player)} won={winner === 'player'} />
      <span className="treveal__vs">{winner === 'tie' ? t('spot.tie') : ''}</span>
      <Hand side="banker" label={t('spot.banker')} cards={sides.banker} points={points(sides.banker)} won={winner === 'banker'} />
      {burn && burn.kind === 'burn' && (
        <p className="treveal__burn" data-testid="reveal-burn">
          {t('reveal.burn', { card: cardLabel(burn.value), count: burn.hidden })}
        </p>
      )}
    </div>
  );
}
