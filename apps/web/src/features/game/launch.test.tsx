/**
 * Launch rules (spec §4 Game launch, §8): visitor → '请先登录账号，登录后即可开始游戏' and the login dialog; an absolute url
 * in this page or a new window by the site flag openInNewWindow, framed in /game/{info} by innerGame; a relative url prefixed with the origin; data
 * without url → the session stored and /dz/game; 6413 → the venue-entry dialog with the server's message; other
 * errors → the server's message; a success is remembered as recently played. Also the lobby card's launch body.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { bus, type AppEvents } from '../../app/events.ts';
import { useSession } from '../../stores/session.ts';
import { preInfo } from '../../test/authTestUtils.tsx';
import { notify } from '../../ui/dialogs/notify.ts';
import { fail, mockApi, ok, renderAt, withWalletTestSession } from '../wallet/testKit.tsx';
import { launchGame } from './launch.ts';
import { EgamePage } from './pages.tsx';
import { recentGames } from './recent.ts';
import { forgetSession, validSession } from './sessions.ts';
import { CRDZ, TITLES, page } from './testKit.tsx';

vi.mock('../../api/realtime.ts', () => import('../sport/realtime.mock.ts'));

const seen = withWalletTestSession();
const TARGET = { enName: 'crdz', gameCode: 'H5001' };
const site = (openInNewWindow: boolean, innerGame = false) =>
  preInfo({ flags: { ...preInfo().siteBaseConfig.flags, openInNewWindow, innerGame } });
const launches = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.path.endsWith('/game/api/v1/launch')).map((c) => c.body);

describe('launchGame', () => {
  test("a visitor: '请先登录账号，登录后即可开始游戏' (what 开始游戏 needs, issue 29 item 9) and the login dialog; launch is not called", async () => {
    useSession.setState({ token: null, userId: null, user: null, balanceFen: null });
    const calls = mockApi({ launch: ok({ url: 'https://x.example/', data: null }) });
    const warning = vi.spyOn(notify, 'warning').mockImplementation(() => undefined);
    const login = vi.fn();
    const off = bus.on('login', login);
    expect(await launchGame(TARGET)).toBe('login');
    off();
    expect(warning).toHaveBeenCalledWith('请先登录账号，登录后即可开始游戏');
    expect(login).toHaveBeenCalledOnce();
    expect(launches(calls)).toEqual([]);
  });

  test('an absolute url opens in this page when openInNewWindow is off', async () => {
    const calls = mockApi({ launch: ok({ url: 'https://games.example/play?t=abc', data: null }) }, site(false));
    expect(await launchGame(TARGET)).toBe('opened');
    expect(launches(calls)).toEqual([{ enName: 'crdz', gameCode: 'H5001' }]);
    expect(seen.assigned).toEqual(['https://games.example/play?t=abc']);
    expect(seen.opened).toEqual([]);
    expect(recentGames()[0]).toEqual({ gameCode: 'H5001', enName: 'crdz' });
  });

  test('an absolute url opens in a new window when openInNewWindow is on', async () => {
    mockApi({ launch: ok({ url: 'http://games.example/play', data: null }) }, site(true));
    await launchGame(TARGET);
    expect(seen.opened).toEqual(['http://games.example/play']);
    expect(seen.assigned).toEqual([]);
  });

  test("a relative url is prefixed with this page's origin (and follows the flag too)", async () => {
    mockApi({ launch: ok({ url: '/venue/play?t=1', data: null }) }, site(false));
    await launchGame(TARGET);
    expect(seen.assigned).toEqual([`${window.location.origin}/venue/play?t=1`]);
    mockApi({ launch: ok({ url: 'venue/play?t=2', data: null }) }, site(true));
    await launchGame(TARGET);
    expect(seen.opened).toEqual([`${window.location.origin}/venue/play?t=2`]);
  });

  test('innerGame on: the address opens inside the portal, framed by /game/{info}; a new window still wins', async () => {
    mockApi({ launch: ok({ url: 'https://games.example/play?t=abc', data: null }) }, site(false, true));
    expect(await launchGame(TARGET)).toBe('opened');
    // No router in the test: the navigation helper's full load of the in-app path.
    expect(seen.assigned).toEqual([`/game/${encodeURIComponent('https://games.example/play?t=abc')}`]);
    mockApi({ launch: ok({ url: '/venue/play?t=3', data: null }) }, site(false, true));
    await launchGame(TARGET);
    expect(seen.assigned[1]).toBe(`/game/${encodeURIComponent(`${window.location.origin}/venue/play?t=3`)}`);
    mockApi({ launch: ok({ url: 'https://games.example/w', data: null }) }, site(true, true));
    await launchGame(TARGET);
    expect(seen.opened).toEqual(['https://games.example/w']);
    expect(seen.assigned).toHaveLength(2);
  });

  test('no url but data (a house game): the session is stored and the slot host page /dz/game opens', async () => {
    forgetSession('CRDZ', 'H5001');
    const expiresAt = Date.now() + 600_000;
    mockApi({ launch: ok({ url: '', data: { enName: 'CRDZ', token: 'vt-1', expiresAt, gameCode: 'H5001' } }) });
    expect(await launchGame(TARGET)).toBe('host');
    expect(validSession('CRDZ', 'H5001')).toEqual({ enName: 'CRDZ', gameCode: 'H5001', token: 'vt-1', expiresAt });
    expect(seen.assigned).toEqual(['/dz/game?enName=CRDZ&gameCode=H5001']); // no router in the test: the helper's full load
    expect(seen.opened).toEqual([]);
    expect(recentGames()[0]).toEqual({ gameCode: 'H5001', enName: 'crdz' });
  });

  test('house tables and lottery: a crzr launch opens /zr/table, a crcp launch /cp/game', async () => {
    const expiresAt = Date.now() + 600_000;
    mockApi({
      launch: (b) => ok({ url: '', data: { enName: String(b.enName).toUpperCase(), token: 'vt-2', expiresAt, gameCode: b.gameCode } }),
    });
    expect(await launchGame({ enName: 'crzr', gameCode: 'BAC1' })).toBe('host');
    expect(await launchGame({ enName: 'crcp', gameCode: 'K3' })).toBe('host');
    expect(seen.assigned).toEqual(['/zr/table?enName=CRZR&gameCode=BAC1', '/cp/game?enName=CRCP&gameCode=K3']);
    expect(validSession('CRZR', 'BAC1')?.token).toBe('vt-2');
    // 棋牌's tables sit under the 棋牌 section (issue 31), not 真人's.
    expect(await launchGame({ enName: 'crqp', gameCode: 'NN1' })).toBe('host');
    expect(seen.assigned.at(-1)).toBe('/qp/table?enName=CRQP&gameCode=NN1');
  });

  test("6413 (venue activity): the venue-entry dialog with the server's message; its enter launches again", async () => {
    const calls = mockApi({ launch: fail(6413, '您参与的活动流水未达标，暂不能转出') });
    const entries: AppEvents['show_venue_entry'][] = [];
    const off = bus.on('show_venue_entry', (p) => entries.push(p));
    const error = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    expect(await launchGame(TARGET)).toBe('venue-entry');
    off();
    expect(entries.map((e) => [e.message, e.channelCode])).toEqual([['您参与的活动流水未达标，暂不能转出', 'CRDZ']]);
    expect(error).not.toHaveBeenCalled();
    expect(recentGames()).toEqual([]);
    entries[0]!.onEnter!();
    await waitFor(() => expect(launches(calls)).toHaveLength(2));
    expect(launches(calls)[1]).toEqual({ enName: 'crdz', gameCode: 'H5001', isActivity: 1 });
  });

  test("other errors (6415 maintenance): the server's message, nothing opened", async () => {
    mockApi({ launch: fail(6415, '场馆维护中') });
    const error = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    const entry = vi.fn();
    const off = bus.on('show_venue_entry', entry);
    expect(await launchGame(TARGET)).toBe('failed');
    off();
    expect(error).toHaveBeenCalledWith('场馆维护中');
    expect(entry).not.toHaveBeenCalled();
    expect([seen.assigned, seen.opened]).toEqual([[], []]);
  });
});

describe('lobby launch', () => {
  test("a card's click launches the game with its venue's enName, shows 启动中... and lists it under 最近玩过", async () => {
    const calls = mockApi({
      getVenueInfoByCategory: ok({ category: 'DZ', list: [CRDZ] }),
      gameList: ok(page(TITLES)),
      getBonusPools: ok({ list: [] }),
      launch: ok({ url: 'https://games.example/p', data: null }),
    });
    const loading = vi.fn();
    const off = bus.on('show_loading', loading);
    renderAt(<EgamePage />, '/game/egame');
    await userEvent.click(await screen.findByRole('button', { name: '开始游戏：元宵灯会' }));
    await waitFor(() => expect(launches(calls)).toEqual([{ enName: 'crdz', gameCode: 'H5003' }]));
    off();
    expect(loading).toHaveBeenCalledWith({ text: '启动中...' });
    const recent = await screen.findByTestId('recent-games');
    expect(recent.textContent).toContain('元宵灯会');
  });
});
