/**
 * The game lobbies: venue tabs and the grid from the catalogue calls, the gameList bodies of the tabs, tag chips
 * and name search, favourites (member toggles; visitor gets the login prompt), the jackpot ticker, recently
 * played, the honest empty state; and the home page's hot games.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { bus } from '../../app/events.ts';
import { useSession } from '../../stores/session.ts';
import { fail, mockApi, ok, renderAt, withWalletTestSession } from '../wallet/testKit.tsx';
import { HotGames } from './HotGames.tsx';
import { EgamePage, FishingPage } from './pages.tsx';
import { RECENT_KEY } from './recent.ts';
import { CRDZ, SBDZ, TITLES, game, page, pool } from './testKit.tsx';
import type { GameListBody } from './catalogue.ts';

vi.mock('../../api/realtime.ts', () => import('../sport/realtime.mock.ts'));

const seen = withWalletTestSession();

/** A catalogue server: gameList filters like the real one; favourites kept per test. */
function lobbyApi(extra: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  const favourites = new Set<string>();
  const calls = mockApi({
    getVenueInfoByCategory: ok({ category: 'DZ', list: [SBDZ, CRDZ] }),
    getBonusPools: ok({ list: [pool('H5003', '12345.60'), pool('X9999', '99.00')] }),
    gameList: (b) => {
      const body = b as GameListBody;
      const list = TITLES.map((g) => ({ ...g, collected: favourites.has(g.gameCode) })).filter(
        (g) =>
          (!body.channelCode || g.channelCode === body.channelCode) &&
          (!body.name || g.name.includes(body.name)) &&
          (body.tags ?? []).every((t) => g.tags.includes(t)) &&
          (!body.collected || g.collected),
      );
      return ok(page(list, body.pageSize));
    },
    addCollection: (b) => (favourites.add(String(b.gameCode)), ok()),
    removeCollection: (b) => (favourites.delete(String(b.gameCode)), ok()),
    ...extra,
  });
  const lists = () => calls.filter((c) => c.path.endsWith('/gameList')).map((c) => c.body as GameListBody);
  /** gameList bodies of the lobby grid (the catalogue query asks for the maximum page size). */
  const gridLists = () => lists().filter((b) => b.pageSize === 24);
  return { calls, lists, gridLists, favourites };
}

const grid = () => screen.findByTestId('game-grid');
const names = (el: HTMLElement) => [...el.querySelectorAll('.game-card__name')].map((n) => n.textContent);

describe('game lobby', () => {
  test('venue tabs come from getVenueInfoByCategory (sorted, maintenance badged); the grid shows the games with art, tags and RTP', async () => {
    const api = lobbyApi();
    renderAt(<EgamePage />, '/game/egame');
    expect(names(await grid())).toEqual(['翡翠龙珠', '茶园春色', '元宵灯会', '深海宝藏']);
    expect(api.calls.find((c) => c.path.endsWith('getVenueInfoByCategory'))!.body).toEqual({ category: 'DZ' });
    expect(api.gridLists()[0]).toEqual({ category: 'DZ', pageNum: 1, pageSize: 24 });
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['全部', '自营电子', '沙盒电子维护中', ' 我的收藏']);
    expect(within(screen.getByTestId('venue-SBDZ')).getByText('维护中')).toBeTruthy();
    expect(within(screen.getByTestId('venue-CRDZ')).queryByText('维护中')).toBeNull();
    const card = screen.getByTestId('game-H5003');
    // A house game wears its own drawn tile (tiles/), not the catalogue's generic art.
    await waitFor(() => expect(card.querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/));
    expect([...card.querySelectorAll('.game-card__tag')].map((t) => t.textContent)).toEqual(['热门', '奖池']);
    expect(within(card).getByText('返还率 94.80%')).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: /自营电子/ }));
    await waitFor(() => expect(api.gridLists().at(-1)).toEqual({ category: 'DZ', channelCode: 'CRDZ', pageNum: 1, pageSize: 24 }));
  });

  test('the name search and the tag chips shape the gameList body', async () => {
    const api = lobbyApi();
    renderAt(<EgamePage />, '/game/egame');
    await grid();
    await userEvent.type(screen.getByRole('textbox', { name: '搜索游戏名称' }), '龙珠{Enter}');
    await waitFor(() => expect(names(screen.getByTestId('game-grid'))).toEqual(['翡翠龙珠']));
    expect(api.gridLists().at(-1)).toEqual({ category: 'DZ', name: '龙珠', pageNum: 1, pageSize: 24 });

    await userEvent.clear(screen.getByRole('textbox', { name: '搜索游戏名称' }));
    await userEvent.click(screen.getByRole('button', { name: '新游' }));
    await waitFor(() => expect(names(screen.getByTestId('game-grid'))).toEqual(['茶园春色', '深海宝藏']));
    expect(api.gridLists().at(-1)).toEqual({ category: 'DZ', tags: ['new'], pageNum: 1, pageSize: 24 });
    expect(screen.getByRole('button', { name: '新游' }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: '奖池' }));
    await waitFor(() => expect(api.gridLists().at(-1)).toEqual({ category: 'DZ', tags: ['jackpot'], pageNum: 1, pageSize: 24 }));
    await userEvent.type(screen.getByRole('textbox', { name: '搜索游戏名称' }), '深海{Enter}');
    expect(await screen.findByText('没有符合条件的游戏')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(names(screen.getByTestId('game-grid'))).toHaveLength(4));
    expect(api.gridLists().at(-1)).toEqual({ category: 'DZ', pageNum: 1, pageSize: 24 });
  });

  test('a member favourites a game with the heart, finds it under 我的收藏, and removes it', async () => {
    const api = lobbyApi();
    renderAt(<EgamePage />, '/game/egame');
    await grid();
    await userEvent.click(screen.getByRole('button', { name: '收藏 茶园春色' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '取消收藏 茶园春色' }).getAttribute('aria-pressed')).toBe('true'));
    expect(api.calls.filter((c) => c.path.endsWith('addCollection')).map((c) => c.body)).toEqual([{ gameCode: 'H5002' }]);

    await userEvent.click(screen.getByRole('tab', { name: /我的收藏/ }));
    await waitFor(() => expect(names(screen.getByTestId('game-grid'))).toEqual(['茶园春色']));
    expect(api.gridLists().at(-1)).toEqual({ category: 'DZ', collected: 1, pageNum: 1, pageSize: 24 });

    await userEvent.click(screen.getByRole('button', { name: '取消收藏 茶园春色' }));
    expect(await screen.findByText('还没有收藏的游戏')).toBeTruthy();
    expect(api.calls.filter((c) => c.path.endsWith('removeCollection')).map((c) => c.body)).toEqual([{ gameCode: 'H5002' }]);
  });

  test('a visitor: the heart opens the login prompt and 我的收藏 asks to log in; nothing member-only is called', async () => {
    useSession.setState({ token: null, userId: null, user: null, balanceFen: null });
    const api = lobbyApi();
    const tips = vi.fn();
    const login = vi.fn();
    const offs = [bus.on('show_login_tips', tips), bus.on('login', login)];
    renderAt(<EgamePage />, '/game/egame');
    await grid();
    await userEvent.click(screen.getByRole('button', { name: '收藏 翡翠龙珠' }));
    expect(tips).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('tab', { name: /我的收藏/ }));
    expect(await screen.findByText('登录后查看我的收藏')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '立即登录' }));
    expect(login).toHaveBeenCalledOnce();
    expect(api.calls.some((c) => c.path.endsWith('Collection'))).toBe(false);
    expect(api.lists().some((b) => b.collected === 1)).toBe(false);
    offs.forEach((off) => off());
  });

  test("the jackpot ticker shows the category's pools with the money format and refreshes every 10 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    try {
      let amount = 12345.6;
      const api = lobbyApi({ getBonusPools: () => ok({ list: [pool('H5003', amount.toFixed(2)), pool('X9999', '99.00')] }) });
      renderAt(<EgamePage />, '/game/egame');
      const ticker = await screen.findByTestId('jackpot-ticker');
      await waitFor(() => expect(within(ticker).getByTestId('pool-JP_H5003').textContent).toBe('H5003 奖池¥ 12,345.60'));
      expect(within(ticker).queryByTestId('pool-JP_X9999')).toBeNull(); // a pool of a game not in this category
      const asked = api.calls.filter((c) => c.path.endsWith('getBonusPools')).length;
      amount = 12400;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      await waitFor(() => expect(within(ticker).getByTestId('pool-JP_H5003').textContent).toBe('H5003 奖池¥ 12,400'));
      expect(api.calls.filter((c) => c.path.endsWith('getBonusPools')).length).toBeGreaterThan(asked);
    } finally {
      vi.useRealTimers();
    }
  });

  test('recently played lists the stored launched games of this category, newest first', async () => {
    localStorage.setItem(
      RECENT_KEY,
      JSON.stringify([
        { gameCode: 'H5004', enName: 'crdz' },
        { gameCode: 'ZZ001', enName: 'other' },
        { gameCode: 'H5001', enName: 'crdz' },
      ]),
    );
    lobbyApi();
    renderAt(<EgamePage />, '/game/egame');
    const recent = await screen.findByTestId('recent-games');
    expect(names(recent)).toEqual(['深海宝藏', '翡翠龙珠']);
  });

  test('a category without venues or games: an honest empty state, not "coming soon"', async () => {
    mockApi({ getVenueInfoByCategory: ok({ category: 'BY', list: [] }), gameList: ok(page([])), getBonusPools: ok({ list: [] }) });
    renderAt(<FishingPage />, '/game/fishing');
    expect(await screen.findByText('暂无游戏')).toBeTruthy();
    expect(screen.getByText('该类别暂无上线的场馆。')).toBeTruthy();
    expect(screen.queryByText(/即将开放/)).toBeNull();
    expect(screen.queryByTestId('jackpot-ticker')).toBeNull();
    expect(screen.queryByRole('textbox', { name: '搜索游戏名称' })).toBeNull(); // nothing to search
  });

  test("a failed list shows the server's message and a retry", async () => {
    mockApi({
      getVenueInfoByCategory: ok({ category: 'DZ', list: [CRDZ] }),
      gameList: fail(6317, '系统繁忙'),
      getBonusPools: ok({ list: [] }),
    });
    renderAt(<EgamePage />, '/game/egame');
    expect(await screen.findByText('游戏列表加载失败')).toBeTruthy();
    expect(screen.getByText('系统繁忙')).toBeTruthy();
  });

  test('zh-TW: names come from the answer in the page language', async () => {
    const { i18n } = await import('../../app/i18n.ts');
    await i18n.changeLanguage('zh-TW');
    try {
      lobbyApi();
      renderAt(<EgamePage />, '/game/egame');
      await waitFor(() => expect(names(screen.getByTestId('game-grid'))[0]).toBe('翡翠龙珠(繁)'));
      expect(screen.getByRole('button', { name: '熱門' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: /自营电子\(繁\)/ })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });
});

describe('home hot games', () => {
  test('asks gameList for hot games (all categories, first 6) and launches the clicked one', async () => {
    const calls = mockApi({
      gameList: ok(page([game('H5001', '翡翠龙珠', { tags: ['hot'] }), game('H5003', '元宵灯会', { tags: ['hot'] })], 6)),
      launch: ok({ url: 'https://games.example/play?t=1', data: null }),
    });
    renderAt(<HotGames />, '/');
    const hot = await screen.findByTestId('hot-games');
    expect(names(hot)).toEqual(['翡翠龙珠', '元宵灯会']);
    expect(calls.find((c) => c.path.endsWith('gameList'))!.body).toEqual({ tags: ['hot'], pageNum: 1, pageSize: 6 });
    await userEvent.click(within(hot).getByRole('button', { name: '开始游戏：元宵灯会' }));
    // The brand embeds games (innerGame, the default): the address opens framed by /game/{info}.
    await waitFor(() => expect(seen.assigned).toEqual([`/game/${encodeURIComponent('https://games.example/play?t=1')}`]));
    expect(calls.find((c) => c.path.endsWith('/launch'))!.body).toEqual({ enName: 'crdz', gameCode: 'H5003' });
  });

  test('no hot game: an honest empty state', async () => {
    mockApi({ gameList: ok(page([])) });
    renderAt(<HotGames />, '/');
    expect(await screen.findByText('暂无热门游戏')).toBeTruthy();
  });
});
