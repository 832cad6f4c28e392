/** 路单 of a 棋牌 table: each spot's last results against the banker (胜 / 负, the 牛牛 multiple), oldest left. */
import { useTranslation } from 'react-i18next';
import { spotResults, spotsOf, type CardsKind } from './model.ts';
import { spotLabelKey } from './RevealHands.tsx';
import './cards.css';

const SHOWN = 20;

export function CardsRoad({ kind, list }: { kind: CardsKind; list: readonly { seq: number; outcome: unknown }[] }) {
  const { t } = useTranslation('cards');
  const rounds = list
    .filter((e) => e.outcome)
    .slice(0, SHOWN)
    .reverse()
    .map((e) => ({ seq: e.seq, results: spotResults(e.outcome) }));
  return (
    <section className="qroad" data-testid="cards-road">
      <h4>{t('road')}</h4>
      {rounds.length === 0 && <p className="muted">{t('roadNone')}</p>}
      {rounds.length > 0 &&
        spotsOf(kind).map((s) => (
          <div key={s} className="qroad__row">
            <b>{t(spotLabelKey(kind, s))}</b>
            <ol>
              {rounds.map((r) => {
                const x = r.results.find((y) => y.spot === s);
                return (
                  <li key={r.seq} className={`qroad__cell qroad__cell--${x?.win ? 'win' : 'lose'}`} data-testid="road-cell">
                    {x?.win ? t('win') : t('lose')}
                  </li>
                );
              })}
            </ol>
          </div>
        ))}
    </section>
  );
}
