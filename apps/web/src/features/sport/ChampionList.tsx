/** Champion (outright) markets, FSFT closing today and FSFU later: each selection toggles on the slip as champion odds. */
import { useTranslation } from 'react-i18next';
import { slipKey } from '@portal/rules';
import { OddButton, itemOf } from './OddsTable.tsx';
import { useSlip } from './store.ts';
import { monthDayMinuteText } from '../../ui/time/format.ts';
import type { SportOutrightWire as Outright } from '@portal/contract';

export function ChampionList({ outrights }: { outrights: Outright[] }) {
  const { t } = useTranslation('sport');
  const format = useSlip((s) => s.slip.oddsType);
  const items = useSlip((s) => s.slip.items);
  const pick = useSlip((s) => s.pick);
  const picked = new Set(items.map(slipKey));
  return (
    <div className="champion-list">
      {outrights.map((o) => {
        const g = { gameId: o.gameId, team_h: o.name, team_c: '' };
        return (
          <section key={o.gameId} className="champion" aria-label={o.name} data-testid={`champion-${o.gameId}`}>
            <h3 className="odds-league__name">
              {o.league} · {o.name}
              <span className="champion__close">{t('champion.closes', { at: monthDayMinuteText(o.closeAt, 'business') })}</span>
            </h3>
            <div className="champion__grid">
              {o.selections.map((sel) => {
                const item = itemOf(g, sel, sel.rtype);
                return (
                  <OddButton
                    key={sel.w}
                    sel={sel}
                    format={format}
                    label={sel.name}
                    locked={false}
                    selected={picked.has(slipKey(item))}
                    testId={`odd-${o.gameId}-${sel.w}`}
                    onPick={() =>
                      pick(item, { league: o.league, market: o.name, name: sel.name, live: false, score: '', kind: 'champion' })
                    }
                  />
                );
              })}
            </div>
          </section>
        );
      })}
    </div>
  );
}
