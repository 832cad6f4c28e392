/** The e-sports match page: scoreboard (maps, kills or rounds, objectives or economy, gold graph), map tabs with their markets, the slip, live pushes. */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { SportEventPush } from '../../api/realtime.ts';
import { LAUNCH, resourceRoute, setupSportPageTests } from '../sport/testKit.tsx';
import { mockApi, ok, renderAt } from '../wallet/testKit.tsx';
import { goldPath, mapOfCode, tabsOf } from './match.ts';
import { MatchPage } from './MatchPage.tsx';
import { esState, liveSeries } from './testKit.tsx';

const subs: Array<{ filter: { gameIds?: string[] }; on: (e: SportEventPush) => void }> = [];
vi.mock('../../api/realtime.ts', () => ({
  subscribeSportEvents: (filter: { gameIds?: string[] }, on: (e: SportEventPush) => void) => {
    subs.push({ filter, on });
    return () => undefined;
  },
  realtimeStatus: () => 'connected',
  onRealtimeStatus: () => () => undefined,
  subscribeWallet: () => () => undefined,
}));

setupSportPageTests();

async function open(g: ReturnType<typeof liveSeries>) {
  subs.length = 0;
  const calls = mockApi({ launch: ok(LAUNCH), resource: resourceRoute([], { game: (r) => (r.gameId === g.gameId ? g : null) }) });
  renderAt(<MatchPage />, `/game/gaming/${g.gameId}`, '/game/gaming/:gameId');
  await screen.findByTestId('esports-board');
  return calls;
}
const tabLabels = () => [...screen.getByTestId('map-tabs').querySelectorAll('.ant-segmented-item-label')].map((x) => x.textContent);

describe('e-sports match page', () => {
  test('a live MOBA map: maps won, kills, towers, dragons, clock, the gold graph; tabs open on the live map with its markets', async () => {
    const calls = await open(liveSeries(1, 'EL'));
    expect(calls.some((c) => (c.body as { method?: string }).method === 'game')).toBe(true);
    expect(screen.getByTestId('maps-score').textContent).toBe('1 : 0');
    expect(screen.getByTestId('stat-score').textContent).toBe('7击杀4');
    expect(screen.getByTestId('stat-towers').textContent).toBe('3防御塔1');
    expect(screen.getByTestId('stat-dragons').textContent).toBe('2巨龙0');
    expect(screen.getByTestId('map-clock').textContent).toBe('12:34');
    expect(screen.getByTestId('gold-lead').textContent).toBe('+3.2k');
    expect(screen.getByTestId('gold-graph').querySelector('path')?.getAttribute('d')).toMatch(/^M0\.0 40\.0 L/);
    expect(tabLabels()).toEqual(['系列赛', '第1图 18-9', '第2图', '第3图']);
    expect(screen.getByTestId('market-MW:2:H')).toBeTruthy();
    expect(screen.getByTestId('market-KO:2:O:22.5')).toBeTruthy();
    expect(screen.queryByTestId('market-ML:H')).toBeNull();

    await userEvent.click(screen.getByText('系列赛'));
    expect(screen.getByTestId('market-ML:H')).toBeTruthy();
    await userEvent.click(screen.getByText('第1图 18-9'));
    expect(screen.getByText('本图已结束')).toBeTruthy();
  });

  test('a map winner goes on the slip; a push (a kill: suspended, 8–4) updates the board and locks the prices', async () => {
    const g = liveSeries(1, 'EL');
    await open(g);
    await userEvent.click(screen.getByTestId('odd-g1-MW:2:H'));
    expect(screen.getByTestId('slip-count').textContent).toBe('1');
    expect(subs.some((s) => s.filter.gameIds?.includes('g1'))).toBe(true);
    const push = {
      gameId: g.gameId,
      gameType: 'EL',
      showType: 'RB',
      leagueId: 'ELPL',
      league: g.league,
      team_h: g.team_h,
      team_c: g.team_c,
      startAt: g.startAt,
      status: 'live',
      suspended: true,
      version: g.version + 1,
      data: { ...g, esports: esState({ score: [8, 4], clock: 790, lastEvent: 'kill' }) },
      markets: g.markets,
      ts: Date.now(),
      resync: false,
    } as unknown as SportEventPush;
    act(() => subs.forEach((s) => s.on(push)));
    expect(screen.getByTestId('stat-score').textContent).toBe('8击杀4');
    expect((screen.getByTestId('odd-g1-MW:2:C') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/盘口暂停/)).toBeTruthy();
    // An older version arriving late changes nothing.
    act(() => subs.forEach((s) => s.on({ ...push, version: g.version, suspended: false } as SportEventPush)));
    expect((screen.getByTestId('odd-g1-MW:2:C') as HTMLButtonElement).disabled).toBe(true);
  });

  test('a live shooter map: rounds and each side’s bank, no gold graph', async () => {
    await open(liveSeries(2, 'EC'));
    expect(screen.getByTestId('stat-score').textContent).toBe('8回合5');
    expect(
      within(screen.getByTestId('stat-econ'))
        .getAllByText(/\$/)
        .map((x) => x.textContent),
    ).toEqual(['$4200', '$1100']);
    expect(screen.queryByTestId('gold-graph')).toBeNull();
    expect(screen.queryByTestId('stat-towers')).toBeNull();
  });
});

describe('match helpers', () => {
  test('map of a code, tabs, gold path', () => {
    expect(['ML:H', 'CS:2-1', 'AH:H:-1.5', 'MW:3:C', 'KO:2:O:22.5', 'KH:1:H:-4.5', 'PR:2:H'].map(mapOfCode)).toEqual([0, 0, 0, 3, 2, 1, 2]);
    expect(tabsOf(liveSeries(1))).toEqual([0, 1, 2, 3]);
    expect(goldPath([0, 1_000, -2_000], 100, 40)).toBe('M0.0 20.0 L50.0 10.0 L100.0 40.0');
    expect(goldPath([], 100, 40)).toBe('');
  });
});
