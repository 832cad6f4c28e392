/** The TY entry page's live preview: every offered sport with in-play events, one small request per sport, honest empty and failure states. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { SportPage } from './SportPage.tsx';
import { LAUNCH, LIVE, MONEY_LINE, game, resourceRoute, setupSportPageTests } from './testKit.tsx';
import { fail, mockApi, ok, renderAt } from '../wallet/testKit.tsx';

vi.mock('../../api/realtime.ts', () => import('./realtime.mock.ts'));

setupSportPageTests();

const live = LIVE;
const ml = MONEY_LINE;
/** The book's leagues: one per sport the simulator offers. */
const LEAGUES = ['FT', 'VF', 'BK', 'TN', 'OP', 'SK', 'VB', 'BS', 'TT'].map((g) => ({
  leagueId: `L${g}`,
  name: `${g} league`,
  gameType: g,
  quick: false,
}));
type Req = Record<string, unknown>;

/** In-play events as the server pages them: `pageSize` of them, and the sport's total. */
function route(events: ReturnType<typeof game>[], handlers: Record<string, (r: Req) => unknown> = {}) {
  return resourceRoute([], {
    leagues: () => LEAGUES,
    games: (r) => {
      const all = events.filter((g) => g.gameType === r.gameType);
      return { total: all.length, list: all.slice(0, Number(r.pageSize)) };
    },
    ...handlers,
  });
}

describe('sport entry live preview', () => {
  test('every sport with in-play events is shown with its count; one request per offered sport, asking only for the preview rows', async () => {
    const events = [
      game(1, { ...live, gameType: 'FT', se_now: '2H', re_time: "2H^63'", sc_FT_H: 1, sc_FT_C: 0 }),
      game(2, { ...live, gameType: 'FT' }),
      game(3, { ...live, gameType: 'FT' }),
      game(4, { ...live, gameType: 'TN', markets: ml, se_now: 'S2', re_time: 'S2', sc_set_H: 1, sc_set_A: 0, sc_game_H: 4, sc_game_A: 3 }),
      game(5, { ...live, gameType: 'SK', markets: ml, se_now: 'F6', re_time: 'F6' }),
      game(6, { ...live, gameType: 'BS', markets: ml, se_now: 'TOP', re_time: 'TOP', inningNum: 3 }),
      game(7, { ...live, gameType: 'OP', se_now: 'P2', re_time: "P2^12'" }),
    ];
    const calls = mockApi({ launch: ok(LAUNCH), resource: route(events) });
    renderAt(<SportPage />, '/game/sport');
    const preview = await screen.findByTestId('sport-preview');
    const counts = within(preview).getByRole('list', { name: '各项目滚球' });
    expect([...counts.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['足球 3', '网球 1', '其他 1', '斯诺克 1', '棒球 1']);
    expect(screen.getByTestId('preview-FT').querySelectorAll('.sport-preview__row')).toHaveLength(2); // two rows of three
    expect(screen.getByTestId('preview-TN').querySelector('.sport-preview__teams')?.textContent).toBe('主队4 vs 客队4');
    expect(screen.getByTestId('clock-g4').textContent).toBe('第2盘');
    expect(screen.queryByTestId('preview-BK')).toBeNull(); // offered, nothing in play

    const resources = calls.filter((c) => c.path.endsWith('resource')).map((c) => c.body as { method: string; Request: Req });
    expect(resources.filter((r) => r.method === 'leagues')).toHaveLength(1);
    const games = resources.filter((r) => r.method === 'games');
    expect(games.map((r) => r.Request.gameType).sort()).toEqual(['BK', 'BS', 'FT', 'OP', 'SK', 'TN', 'TT', 'VB', 'VF']);
    expect(new Set(games.map((r) => `${r.Request.showType}/${r.Request.pageSize}`))).toEqual(new Set(['RB/2']));
  });

  test('nothing in play: the honest empty state', async () => {
    mockApi({ launch: ok(LAUNCH), resource: route([]) });
    renderAt(<SportPage />, '/game/sport');
    expect(await screen.findByText('暂无滚球赛事')).toBeTruthy();
    expect(screen.queryByTestId('sport-preview')).toBeNull();
  });

  test('the book unreachable: says so with the server message instead of an endless skeleton', async () => {
    mockApi({ launch: ok(LAUNCH), resource: route([], { leagues: () => fail(6301, '场馆维护中') }) });
    renderAt(<SportPage />, '/game/sport');
    expect(await screen.findByText('滚球数据暂不可用')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('场馆维护中')).toBeTruthy());
  });
});
