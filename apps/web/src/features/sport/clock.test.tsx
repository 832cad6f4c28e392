/** Live score and clock per sport on the odds table: set sports, snooker frames, hockey periods, baseball innings; in both locales. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { i18n } from '../../app/i18n.ts';
import { LocalSportPage } from './LocalSportPage.tsx';
import { liveClock } from './OddsTable.tsx';
import { LAUNCH, LIVE, MONEY_LINE, game, resourceRoute, setupSportPageTests } from './testKit.tsx';
import { mockApi, ok, renderAt } from '../wallet/testKit.tsx';

vi.mock('../../api/realtime.ts', () => import('./realtime.mock.ts'));

setupSportPageTests();

const live = LIVE;
const ml = MONEY_LINE;
const sets = (gameType: string, n: number, s: [number, number], g: [number, number], se: string) =>
  game(n, {
    ...live,
    gameType,
    markets: ml,
    se_now: se,
    re_time: se,
    sc_FT_H: s[0],
    sc_FT_C: s[1],
    sc_set_H: s[0],
    sc_set_A: s[1],
    sc_game_H: g[0],
    sc_game_A: g[1],
  });

const GAMES = [
  sets('TN', 1, [1, 0], [4, 3], 'S2'),
  sets('VB', 2, [2, 1], [18, 21], 'S4'),
  sets('TT', 3, [3, 2], [9, 10], 'S6'),
  sets('SK', 4, [3, 2], [45, 12], 'F6'),
  game(5, { ...live, gameType: 'OP', se_now: 'P2', re_time: "P2^12'", t_count: 480, sc_FT_H: 2, sc_FT_C: 1 }),
  game(6, { ...live, gameType: 'OP', se_now: 'P1', re_time: 'INT', HalfTime: 1, gameStatus: 'HALF_TIME', sc_FT_H: 0, sc_FT_C: 0 }),
  game(7, { ...live, gameType: 'OP', se_now: 'SO', re_time: 'SO', sc_FT_H: 3, sc_FT_C: 3 }),
  game(8, { ...live, gameType: 'BS', markets: ml, se_now: 'TOP', re_time: 'TOP', inningNum: 3, sc_FT_H: 1, sc_FT_C: 0 }),
  game(9, { ...live, gameType: 'BS', markets: ml, se_now: 'BOT', re_time: 'BOT', inningNum: 10, sc_FT_H: 4, sc_FT_C: 4 }),
];

const text = (id: string) => screen.getByTestId(id).textContent;

describe('live clocks of the other sports', () => {
  test("each sport's tab lists its games with sets and games, frames and points, periods, innings", async () => {
    mockApi({ launch: ok(LAUNCH), resource: resourceRoute(GAMES) });
    renderAt(<LocalSportPage />, '/game/sport/crty', '/game/sport/:enName');
    const tab = async (g: string, first: string) => {
      await userEvent.click(await screen.findByTestId(`gametype-${g}`));
      await screen.findByTestId(`clock-${first}`);
    };
    await tab('TN', 'g1');
    expect([text('score-g1'), text('clock-g1')]).toEqual(['1 - 0 (4-3)', '第2盘']);
    await tab('VB', 'g2');
    expect([text('score-g2'), text('clock-g2')]).toEqual(['2 - 1 (18-21)', '第4局']);
    await tab('TT', 'g3');
    expect([text('score-g3'), text('clock-g3')]).toEqual(['3 - 2 (9-10)', '第6局']);
    await tab('SK', 'g4');
    expect([text('score-g4'), text('clock-g4')]).toEqual(['3 - 2 (45-12)', '第6局']);
    await tab('OP', 'g5');
    expect([text('score-g5'), text('clock-g5')]).toEqual(['2 - 1', "第二节 12'"]);
    expect(text('clock-g6')).toBe('节间休息');
    expect(text('clock-g7')).toBe('点球大战');
    await tab('BS', 'g8');
    expect([text('score-g8'), text('clock-g8')]).toEqual(['1 - 0', '第3局上半']);
    expect(within(screen.getByTestId('game-g8')).queryByText('加时')).toBeNull();
    expect(text('clock-g9')).toBe('第10局下半');
    expect(within(screen.getByTestId('game-g9')).getByText('加时')).toBeTruthy();
  });

  test('zh-TW texts', async () => {
    await i18n.loadLanguages('zh-TW');
    const t = i18n.getFixedT('zh-TW', 'sport') as Parameters<typeof liveClock>[1];
    expect(liveClock(GAMES[0]!, t)).toEqual({ score: '1 - 0 (4-3)', clock: '第2盤', overtime: false });
    expect(liveClock(GAMES[3]!, t).clock).toBe('第6局');
    expect(liveClock(GAMES[4]!, t).clock).toBe("第二節 12'");
    expect(liveClock(GAMES[5]!, t).clock).toBe('節間休息');
    expect(liveClock(GAMES[6]!, t).clock).toBe('點球大戰');
    expect(liveClock(GAMES[8]!, t)).toEqual({ score: '4 - 4', clock: '第10局下半', overtime: true });
  });
});

describe('in-play football rows (issue 29 item 1)', () => {
  test('each 1X2 selection sits in its own slot (主, 客, 和); a side not offered leaves its slot empty; red cards show by the team', async () => {
    const only = (w: string, r: number) => ({ type: '1X2', name: '独赢', kind: 'main' as const, selections: [{ w, name: '和局', r }] });
    const g1 = game(1, { ...live, re_time: "2H^83'", se_now: '2H', sc_FT_H: 2, sc_FT_C: 1, redcard_C: 1 });
    const g2 = game(2, { ...live, re_time: 'HT', HalfTime: 1, sc_FT_H: 0, sc_FT_C: 2, markets: [only('1X2:N', 22_330)] });
    mockApi({ launch: ok(LAUNCH), resource: resourceRoute([g1, g2]) });
    renderAt(<LocalSportPage />, '/game/sport/crty', '/game/sport/:enName');
    await screen.findByTestId('odd-g1-1X2:H');
    expect(screen.getByTestId('red-g1-C').textContent).toBe('1');
    expect(screen.getByTestId('red-g1-C').getAttribute('aria-label')).toBe('红牌 1 张');
    expect(screen.queryByTestId('red-g1-H')).toBeNull();
    // The draw alone stays in the draw's row: the home and away slots are empty, not filled with it.
    const cell = screen.getByTestId('odd-g2-1X2:N').parentElement!;
    const slots = [...cell.children];
    expect(slots.map((s) => s.getAttribute('data-testid'))).toEqual(['odd-g2-1X2-H-none', 'odd-g2-1X2-C-none', 'odd-g2-1X2:N']);
  });
});
