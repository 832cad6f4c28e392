/** Home: the brand's banner ads from navigationList (cached per payload), their links, a fixed frame, honest empty states; the hot matches panel. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { clearRequestCache } from '../../api/client.ts';
import { bus } from '../../app/events.ts';
import { useSession } from '../../stores/session.ts';
import { LAUNCH, game, resourceRoute } from '../sport/testKit.tsx';
import { resetVenueForTests } from '../sport/venue.ts';
import { fail, mockApi, ok, renderAt, withWalletTestSession } from '../wallet/testKit.tsx';
import { HomePage } from './HomePage.tsx';

vi.mock('../../api/realtime.ts', () => import('../sport/realtime.mock.ts'));

const seen = withWalletTestSession();

const ad = (id: string, linkUrl: string, over: Record<string, unknown> = {}) => ({
  id,
  position: 'banner',
  title: `横幅${id}`,
  imageUrl: `https://img.example/${id}.jpg`,
  linkUrl,
  content: '',
  sort: 0,
  ...over,
});
const banners = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path.endsWith('advertising/navigationList'));

describe('home banners', () => {
  test('asks navigationList for the banner position; a site path opens in the app, its image has a fixed ratio', async () => {
    const calls = mockApi({ navigationList: ok([ad('a1', '/activity/discount')]) });
    renderAt(<HomePage />, '/');
    const slide = await screen.findByTestId('banner-a1');
    expect(banners(calls).map((c) => c.body)).toEqual([{ position: 'banner' }]);
    expect(screen.getByTestId('home-banner').dataset.state).toBe('ready');
    const img = within(slide).getByRole('img', { name: '横幅a1' });
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height')]).toEqual([
      'https://img.example/a1.jpg',
      '1280',
      '640',
    ]);
    expect(slide.getAttribute('href')).toBe('/activity/discount');
    expect(slide.getAttribute('target')).toBeNull();
    await userEvent.click(slide);
    expect(seen.assigned).toEqual(['/activity/discount']); // no router registered in the test: the helper's full-load path
    expect(seen.opened).toEqual([]);
  });

  test('an http(s) link opens in a new tab; a banner without a link is only a picture', async () => {
    mockApi({ navigationList: ok([ad('x1', 'https://partner.example/promo')]) });
    const first = renderAt(<HomePage />, '/');
    const slide = await screen.findByTestId('banner-x1');
    expect([slide.getAttribute('target'), slide.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    await userEvent.click(slide);
    expect(seen.opened).toEqual(['https://partner.example/promo']);
    expect(seen.assigned).toEqual([]);
    first.unmount();

    mockApi({ navigationList: ok([ad('n1', '')]) });
    clearRequestCache();
    renderAt(<HomePage />, '/');
    const plain = await screen.findByTestId('banner-n1');
    expect(plain.tagName).toBe('DIV');
    expect(within(plain).getByRole('img').getAttribute('loading')).toBe('eager');
  });

  test('the answer is cached per path + payload: a second visit of the page sends nothing', async () => {
    const calls = mockApi({ navigationList: ok([ad('a1', '/sponsor')]) });
    const first = renderAt(<HomePage />, '/');
    await screen.findByTestId('banner-a1');
    first.unmount();
    renderAt(<HomePage />, '/');
    await screen.findByTestId('banner-a1');
    expect(banners(calls)).toHaveLength(1);
  });

  test('several banners rotate in the carousel; slides after the first load lazily', async () => {
    mockApi({ navigationList: ok([ad('a1', '/sponsor'), ad('a2', '/activity/discount'), ad('a3', '')]) });
    const { container } = renderAt(<HomePage />, '/');
    await waitFor(() => expect(container.querySelector('.home-banner__carousel')).toBeTruthy());
    const frame = screen.getByTestId('home-banner');
    const second = within(frame).getAllByRole('img', { name: '横幅a2', hidden: true })[0]!;
    expect(second.getAttribute('loading')).toBe('lazy');
    expect(within(frame).getAllByRole('img', { name: '横幅a1', hidden: true })[0]!.getAttribute('loading')).toBe('eager');
    expect(within(frame).getAllByTestId('banner-a3').length).toBeGreaterThan(0);
  });

  test('no banners, or a failed call: the frame stays (no layout shift) with the brand mark, never a note to the operator', async () => {
    mockApi({ navigationList: ok([]) });
    const first = renderAt(<HomePage />, '/');
    const frame = screen.getByTestId('home-banner');
    expect(frame.dataset.state).toBe('loading');
    await waitFor(() => expect(frame.dataset.state).toBe('empty'));
    expect(frame.querySelector('.home-banner__empty')).toBeTruthy();
    expect(frame.textContent).toBe('');
    first.unmount();

    mockApi({ navigationList: fail(6010, '系统繁忙') });
    renderAt(<HomePage />, '/');
    const failed = screen.getByTestId('home-banner');
    await waitFor(() => expect(failed.dataset.state).toBe('empty'));
    expect(failed.textContent).toBe('');
    // The developer text of before is gone from the strings too.
    expect(JSON.stringify(await import('../../locales/zh-CN/home.json'))).not.toContain('运营后台');
  });
});

describe('home hot matches', () => {
  beforeEach(() => resetVenueForTests());

  test("a member sees the book's in-play events: the first two offered sports, three events each, asked for only those", async () => {
    const live = { status: 'live' as const, showType: 'RB', isLive: true, gameStatus: 'LIVE' as const };
    const events = [1, 2, 3, 4]
      .map((n) => game(n, { ...live, gameType: 'FT', sc_FT_H: n, sc_FT_C: 0, sc_FT_A: `${n}-0`, se_now: '2H', re_time: "2H^63'" }))
      .concat([game(5, { ...live, gameType: 'BK' })]);
    const calls = mockApi({
      navigationList: ok([]),
      launch: ok(LAUNCH),
      resource: resourceRoute([], {
        games: (r) => {
          const all = events.filter((g) => g.gameType === r.gameType);
          return { total: all.length, list: all.slice(0, Number(r.pageSize)) };
        },
      }),
    });
    renderAt(<HomePage />, '/');
    const panel = await screen.findByTestId('home-matches');
    const preview = await within(panel).findByTestId('sport-preview');
    expect([...within(preview).getByRole('list', { name: '各项目滚球' }).querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '足球 4',
      '篮球 1',
    ]);
    expect(within(preview).getByTestId('preview-FT').querySelectorAll('.sport-preview__row')).toHaveLength(3);
    expect(within(preview).getByTestId('score-g1').textContent).toBe('1 - 0');
    const games = calls
      .filter((c) => c.path.endsWith('resource'))
      .map((c) => c.body as { method: string; Request: Record<string, unknown> })
      .filter((b) => b.method === 'games');
    expect(games.map((b) => `${b.Request.gameType}/${b.Request.showType}/${b.Request.pageSize}`).sort()).toEqual(['BK/RB/3', 'FT/RB/3']);
    // The lobby launch only reads: it never auto-transfers the member's money into the book.
    expect(calls.filter((c) => c.path.endsWith('launch')).map((c) => (c.body as { gameCode: string }).gameCode)).not.toContain('sport');
  });

  test('a visitor gets the login prompt instead, and the book is not asked', async () => {
    useSession.setState({ token: null, userId: null, user: null, balanceFen: null });
    const calls = mockApi({ navigationList: ok([]) });
    const login = vi.fn();
    const off = bus.on('login', login);
    renderAt(<HomePage />, '/');
    const panel = await screen.findByTestId('home-matches');
    expect(within(panel).getByText('登录后查看滚球赛事')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: '立即登录' }));
    expect(login).toHaveBeenCalledOnce();
    expect(calls.some((c) => c.path.endsWith('launch') || c.path.endsWith('resource'))).toBe(false);
    off();
  });
});

describe('home category tiles (issue 29 item 2)', () => {
  const info = (gameCode: string, category: string, cn: string, tw: string) => ({
    gameCode,
    channelCode: `CR${category}`,
    category,
    name: cn,
    names: { 'zh-CN': cn, 'zh-TW': tw },
    art: '',
    tags: [],
    rtp: '96.00',
    volatility: 'medium',
    minBet: '1',
    maxBet: '1000',
    sort: 1,
    status: 'active',
    collected: false,
    poolCode: null,
  });
  const CATALOGUE = [
    info('BAC1', 'ZR', '百家乐 1号桌', '百家樂 1號桌'),
    info('DT1', 'ZR', '龙虎', '龍虎'),
    info('H5001', 'DZ', '翠龙献瑞', '翠龍獻瑞'),
    info('K3', 'CP', '快三', '快三'),
  ];

  test('each tile names only the games the catalogue lists; a category with no game is not offered', async () => {
    mockApi({ navigationList: ok([]), gameList: ok({ total: CATALOGUE.length, pageNum: 1, pageSize: 100, list: CATALOGUE }) });
    renderAt(<HomePage />, '/');
    await waitFor(() => expect(screen.getByTestId('category-ZR-desc').textContent).toBe('百家乐 1号桌 · 龙虎'));
    expect(screen.getByTestId('category-DZ-desc').textContent).toBe('翠龙献瑞');
    expect(screen.getByTestId('category-CP-desc').textContent).toBe('快三');
    expect(screen.getByTestId('category-TY')).toBeTruthy();
    for (const empty of ['QP', 'DJ', 'BY']) expect(screen.queryByTestId(`category-${empty}`)).toBeNull();
    // Nothing on the page promises a live dealer or games the catalogue lacks.
    expect(document.body.textContent).not.toMatch(/真人荷官|斗地主|英雄联盟|时时彩|六合彩|多人联机/);
  });
});
