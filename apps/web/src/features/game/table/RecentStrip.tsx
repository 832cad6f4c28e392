/** The last results of a table without roads: sic bo's dice with their total, roulette's numbers in their colours. */
import { useTranslation } from 'react-i18next';
import type { TableKindWire } from '@portal/contract';
import { Die } from './art.tsx';
import { pocketColour } from './BetLayoutRoulette.tsx';
import { diceSummary } from './outcome.ts';

export interface RecentOutcome {
  seq: number;
  outcome: unknown;
}

export function RecentStrip({ kind, list }: { kind: TableKindWire; list: readonly RecentOutcome[] }) {
  const { t } = useTranslation('table');
  const shown = list.filter((e) => e.outcome);
  return (
    <section className="trecent" data-testid="recent">
      <h4>{t('recent.title')}</h4>
      {shown.length === 0 && <p className="muted">{t('recent.none')}</p>}
      <ol className={`trecent__list trecent__list--${kind}`}>
        {shown.map((e) => {
          const o = e.outcome as { dice?: number[]; pocket?: number };
          if (kind === 'roulette' && typeof o.pocket === 'number')
            return (
              <li key={e.seq} className={`tpocket tpocket--${pocketColour(o.pocket)}`} data-testid="recent-item">
                {o.pocket}
              </li>
            );
          const sum = o.dice ? diceSummary(o.dice) : null;
          if (!sum) return null;
          return (
            <li key={e.seq} className="trecent__dice" data-testid="recent-item">
              {o.dice!.map((d, i) => (
                <Die key={i} value={d} size={18} />
              ))}
              <b>{sum.total}</b>
              <span className={`trecent__size trecent__size--${sum.triple ? 'triple' : sum.size}`}>
                {sum.triple ? t('recent.triple') : t(`spot.${sum.size}`)}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
