/**
 * The centre odds table: events grouped by league, team names, live score and clock
 * (basketball t_count as mm:ss, baseball overtime from inning 9, sets and games of the set sports,
 * snooker frames, hockey periods), markets in columns — 1X2 / money
 * line, handicap with its line, over/under with its line, odd/even — each price in the chosen format,
 * flashing up or down when it moves. Clicking a price toggles it on the slip (the rules reducer).
 */
import { memo } from 'react';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { basketballClock, formatOdds, isBaseballOvertime, slipKey, type OddsFormat, type SlipItem } from '@portal/rules';
import { clockText, monthDayText } from '../../ui/time/format.ts';
import { openPath, pathOf } from '../../routes/nav.ts';
import { isEsportsType } from '../esports/titles.tsx';
import { useFlash } from './hooks.ts';
import { useSlip, type ItemLabel } from './store.ts';
import type { SportMarketWire as Market, SportSelectionWire as Selection, SportGameWire as SportGame } from '@portal/contract';

export const COLUMNS = [
  { key: 'main', types: ['1X2', 'ML'], order: ['H', 'C', 'N'] },
  { key: 'AH', types: ['AH'], order: ['H', 'C'] },
  { key: 'OU', types: ['OU'], order: ['O', 'U'] },
  { key: 'OE', types: ['OE'], order: ['O', 'E'] },
] as const;

const signed = (line: string) => (Number(line) > 0 ? `+${line}` : line);

/** The short label of a selection inside its column: 主/客/和, the handicap line, 大 2.5, 单. */
export function selectionLabel(sel: Selection, t: (k: string) => string): string {
  const [market, pick, line] = sel.w.split(':');
  if (market === 'AH' && line !== undefined) return signed(line);
  if (market === '1X2' || market === 'ML' || market === 'HT1X2') return t(`pick.${pick}`);
  return sel.name;
}

export function sortedSelections(m: Market, order: readonly string[]): Selection[] {
  const pick = (s: Selection) => order.indexOf(s.w.split(':')[1] ?? '');
  return [...m.selections].sort((a, b) => pick(a) - pick(b));
}

/**
 * The column's slots in its fixed order (主, 客, 和 for 1X2; 主, 客 for a money line): each selection in its own
 * slot, a slot the market does not offer left empty — never the next selection moved up into the home team's row
 * (本菲卡's 和 was once shown in the home row).
 */
export function slotsOf(m: Market, order: readonly string[]): (Selection | null)[] {
  const picks = m.type === '1X2' ? order : order.filter((p) => p !== 'N');
  return picks.map((p) => m.selections.find((s) => s.w.split(':')[1] === p) ?? null);
}

export function OddButton({
  sel,
  label,
  format,
  selected,
  locked,
  onPick,
  testId,
}: {
  sel: Selection;
  label: string;
  format: OddsFormat;
  selected: boolean;
  locked: boolean;
  onPick: () => void;
  testId: string;
}) {
  const flash = useFlash(sel.r);
  const cls = ['odd', selected ? 'odd--on' : '', flash ? `odd--${flash}` : '', locked ? 'odd--locked' : ''].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={cls}
      disabled={locked}
      aria-pressed={selected}
      data-testid={testId}
      data-flash={flash ?? undefined}
      onClick={onPick}
    >
      <span className="odd__label">{label}</span>
      <span className="odd__price">{locked ? <LockOutlined /> : formatOdds(sel.r, format)}</span>
    </button>
  );
}

/** Sports scored in sets (frames): sets won, then the current set's games or points. */
const SET_SPORTS: readonly string[] = ['TN', 'VB', 'TT', 'SK'];

/**
 * The live score and clock of an event, by sport: basketball quarter and t_count as mm:ss; baseball
 * inning, top or bottom, overtime from inning 9 (spec §9); set sports sets with the current set's
 * games or points ('1 - 0 (4-3)', '第2盘'); snooker frames and the frame's points; hockey period and
 * minute; football half and minute.
 */
export function liveClock(
  g: SportGame,
  t: (k: string, o?: Record<string, unknown>) => string,
): { score: string; clock: string; overtime: boolean } {
  if (SET_SPORTS.includes(g.gameType)) {
    const n = Number(/\d+/.exec(g.se_now)?.[0] ?? 1);
    return {
      score: `${g.sc_set_H} - ${g.sc_set_A} (${g.sc_game_H}-${g.sc_game_A})`,
      clock: t(`set.${g.gameType}`, { n }),
      overtime: false,
    };
  }
  const period = (p: string) => t(`period.${p}`, { defaultValue: p });
  const score = `${g.sc_FT_H} - ${g.sc_FT_C}`;
  if (g.gameType === 'BK') return { score, clock: `${period(g.se_now)} ${basketballClock(g.t_count)}`, overtime: false };
  if (g.gameType === 'BS') {
    return {
      score,
      clock: `${t('inning', { n: g.inningNum })}${t(`half.${g.se_now}`, { defaultValue: '' })}`,
      overtime: isBaseballOvertime(g.inningNum),
    };
  }
  if (g.gameType === 'OP' && g.HalfTime === 1) return { score, clock: period('INT'), overtime: false };
  if (g.re_time === 'HT' || g.HalfTime === 1) return { score, clock: period('HT'), overtime: false };
  const [phase = '', minute = ''] = g.re_time.split('^');
  return { score, clock: `${period(phase)} ${minute}`.trim(), overtime: false };
}

/** Score and clock of an event, or its kick-off time. */
export function GameClock({ g }: { g: SportGame }) {
  const { t } = useTranslation('sport');
  if (g.status !== 'live') {
    const at = new Date(g.startAt);
    return (
      <div className="game-clock">
        {g.showType === 'FU' && <span className="game-clock__day">{monthDayText(at, 'business')}</span>}
        <span className="game-clock__time">{clockText(at, 'business')}</span>
      </div>
    );
  }
  const { score, clock, overtime } = liveClock(g, t);
  return (
    <div className="game-clock game-clock--live">
      <span className="game-clock__score" data-testid={`score-${g.gameId}`}>
        {score}
      </span>
      <span className="game-clock__clock" data-testid={`clock-${g.gameId}`}>
        {clock}
      </span>
      {overtime && <span className="game-clock__ot">{t('overtime')}</span>}
    </div>
  );
}

/** What the slip shows of a picked selection. */
export function labelOf(g: SportGame, m: Market, sel: Selection): ItemLabel {
  return {
    league: g.league,
    market: m.name,
    name: sel.name,
    live: g.status === 'live',
    score: g.status === 'live' ? g.sc_FT_A : '',
    kind: m.kind,
  };
}

export function itemOf(g: Pick<SportGame, 'gameId' | 'team_h' | 'team_c'>, sel: Selection, rtype?: string): SlipItem {
  return {
    gameInfo: { gameId: g.gameId, team_h: g.team_h, team_c: g.team_c },
    playInfo: { w: sel.w },
    oddInfo: { r: sel.r, gameId: g.gameId },
    ...(rtype ? { championRate: { rtype } } : {}),
  };
}

/** A side's red cards (football in play): they move its prices, so the row shows them. */
function RedCards({ n, testId }: { n: number | undefined; testId: string }) {
  const { t } = useTranslation('sport');
  if (!n) return null;
  return (
    <span className="team__red" data-testid={testId} aria-label={t('redCards', { n })} title={t('redCards', { n })}>
      {n}
    </span>
  );
}

const GameRow = memo(function GameRow({ g, format, picked }: { g: SportGame; format: OddsFormat; picked: ReadonlySet<string> }) {
  const { t } = useTranslation('sport');
  const pick = useSlip((s) => s.pick);
  return (
    <div className={`odds-row${g.status === 'live' ? ' odds-row--live' : ''}`} data-testid={`game-${g.gameId}`}>
      <GameClock g={g} />
      <div className="odds-row__teams">
        <span className="team">
          {g.team_h}
          <RedCards n={g.redcard_H} testId={`red-${g.gameId}-H`} />
        </span>
        <span className="team">
          {g.team_c}
          <RedCards n={g.redcard_C} testId={`red-${g.gameId}-C`} />
        </span>
        {isEsportsType(g.gameType) ? (
          // An e-sports series: its match page has every map's markets, the scoreboard and the gold graph.
          <button
            type="button"
            className="team team--more"
            data-testid={`match-${g.gameId}`}
            onClick={() => openPath(pathOf('esportsMatch', { gameId: g.gameId }))}
          >
            {t('esportsMatch')}
          </button>
        ) : (
          <span className="team team--draw">{g.markets.some((m) => m.type === '1X2') ? t('draw') : ''}</span>
        )}
      </div>
      {COLUMNS.map((c) => {
        const m = g.markets.find((x) => (c.types as readonly string[]).includes(x.type));
        return (
          <div key={c.key} className="odds-row__cell">
            {m ? (
              slotsOf(m, c.order).map((sel, i) => {
                if (!sel)
                  return <span key={`none-${i}`} className="odd odd--none" data-testid={`odd-${g.gameId}-${m.type}-${c.order[i]}-none`} />;
                const item = itemOf(g, sel);
                return (
                  <OddButton
                    key={sel.w}
                    sel={sel}
                    format={format}
                    label={selectionLabel(sel, t)}
                    locked={g.suspended}
                    selected={picked.has(slipKey(item))}
                    testId={`odd-${g.gameId}-${sel.w}`}
                    onPick={() => pick(item, labelOf(g, m, sel))}
                  />
                );
              })
            ) : (
              <span className="odd odd--none">—</span>
            )}
          </div>
        );
      })}
    </div>
  );
});

/** The events grouped by league in kick-off order. */
export function OddsTable({ games }: { games: SportGame[] }) {
  const { t } = useTranslation('sport');
  const format = useSlip((s) => s.slip.oddsType);
  const items = useSlip((s) => s.slip.items);
  const picked = new Set(items.map(slipKey));
  const leagues = new Map<string, SportGame[]>();
  for (const g of games) leagues.set(g.league, [...(leagues.get(g.league) ?? []), g]);
  return (
    <div className="odds-table" role="table" aria-label={t('table')}>
      <div className="odds-head" role="row">
        <span>{t('col.time')}</span>
        <span>{t('col.teams')}</span>
        {COLUMNS.map((c) => (
          <span key={c.key}>{t(`col.${c.key}`)}</span>
        ))}
      </div>
      {[...leagues].map(([league, list]) => (
        <section key={league} className="odds-league" aria-label={league}>
          <h3 className="odds-league__name">
            {league}
            <span className="odds-league__count">{list.length}</span>
          </h3>
          {list.map((g) => (
            <GameRow key={g.gameId} g={g} format={format} picked={picked} />
          ))}
        </section>
      ))}
    </div>
  );
}
