/** The 电竞 lobby: live series first with their maps score and the live map, then upcoming; every title's emblem; a card opens the match page; a visitor is asked to log in. */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { useSession } from '../../stores/session.ts';
import { LAUNCH, game, resourceRoute, setupSportPageTests } from '../sport/testKit.tsx';
import { mockApi, ok, renderAt } from '../wallet/testKit.tsx';
import { OddsTable } from '../sport/OddsTable.tsx';
import { EsportsLobby } from './EsportsLobby.tsx';
import { liveSeries, upcomingSeries } from './testKit.tsx';

vi.mock('../../api/realtime.ts', () => import('../sport/realtime.mock.ts'));
const opened: string[] = [];
vi.mock('../../routes/nav.ts', async (orig) => ({
  ...(await orig<Record<string, unknown>>()),
  openPath: (p: string) => void opened.push(p),
}));

setupSportPageTests();

type Req = Record<string, unknown>;
const route = (live: ReturnType<typeof liveSeries>[], today: ReturnType<typeof upcomingSeries>[]) =>
  resourceRoute([], {
    games: (r: Req) => {
      const list = (r.showType === 'RB' ? live : today).filter((g) => g.gameType === r.gameType);
      return { total: list.length, list };
    },
  });

describe('e-sports lobby', () => {
  test('live series first (maps score, live map kills and clock), then upcoming; every title asked for, its emblem shown', async () => {
    const live = [liveSeries(1, 'EL'), liveSeries(2, 'EC')];
    const calls = mockApi({ launch: ok(LAUNCH), resource: route(live, [upcomingSeries(3, 'EV'), live[0]!]) });
    renderAt(<EsportsLobby />, '/game/gaming');
    const cards = await screen.findByTestId('esports-cards');
    const ids = [...cards.querySelectorAll('button')].map((b) => b.dataset.testid);
    expect(ids).toEqual(['esports-card-g1', 'esports-card-g2', 'esports-card-g3']); // g1 listed once
    const el = screen.getByTestId('esports-card-g1');
    expect(within(el).getByTestId('esports-icon-EL')).toBeTruthy();
    expect(screen.getByTestId('esports-score-g1').textContent).toBe('1 : 0');
    expect(el.textContent).toContain('第2图 7-4 击杀 · 12:34');
    expect(screen.getByTestId('esports-card-g2').textContent).toContain('第2图 8-5 回合');
    expect(screen.getByTestId('esports-card-g3').textContent).toContain('3局2胜');
    expect(screen.getByTestId('esports-score-g3').textContent).toBe('vs');
    for (const code of ['EL', 'EK', 'ED', 'EC', 'EV']) expect(screen.getAllByTestId(`esports-icon-${code}`).length).toBeGreaterThan(0);

    const asked = calls
      .filter((c) => c.path.endsWith('resource'))
      .map((c) => c.body as { method: string; Request: Req })
      .filter((r) => r.method === 'games');
    expect(new Set(asked.map((r) => `${r.Request.gameType}/${r.Request.showType}`))).toEqual(
      new Set(['EL', 'EK', 'ED', 'EC', 'EV'].flatMap((g) => [`${g}/RB`, `${g}/FT`])),
    );

    fireEvent.click(el);
    expect(opened.at(-1)).toBe('/game/gaming/g1');
  });

  test('nothing live or upcoming: the honest empty state', async () => {
    mockApi({ launch: ok(LAUNCH), resource: route([], []) });
    renderAt(<EsportsLobby />, '/game/gaming');
    expect(await screen.findByText('暂无电竞赛事')).toBeTruthy();
  });

  test('a visitor: asked to log in, nothing requested', () => {
    useSession.setState({ token: null });
    const calls = mockApi({ launch: ok(LAUNCH), resource: route([liveSeries(1)], []) });
    renderAt(<EsportsLobby />, '/game/gaming');
    expect(screen.getByText('登录后查看电竞赛事')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe('the book shows e-sports as its own game types', () => {
  test('an e-sports row of the odds table leads to its match page (a football row has no such link)', () => {
    renderAt(<OddsTable games={[liveSeries(1, 'EK'), upcomingSeries(2, 'EC'), game(3)]} />);
    expect(screen.queryByTestId('match-g3')).toBeNull();
    fireEvent.click(screen.getByTestId('match-g1'));
    expect(opened.at(-1)).toBe('/game/gaming/g1');
    expect(screen.getByTestId('match-g2').textContent).toBe('全部地图盘口 ›');
  });
});
