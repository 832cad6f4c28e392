/** /game/{info} (a game embedded by its address) and /game/venture (every venue by category). */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { mockApi, ok, renderAt } from '../wallet/testKit.tsx';
import { VenturePage } from './pages.tsx';
import { GameHostPage, embeddedGameUrl } from './slot/SlotHostPage.tsx';
import { CRDZ, SBDZ, venue } from './testKit.tsx';

vi.mock('../../api/realtime.ts', () => import('../sport/realtime.mock.ts'));

const ORIGIN = 'https://brand.example';

describe('/game/{info}', () => {
  test('embeds an http(s) address or a path of this site; refuses other schemes and garbage', () => {
    expect(embeddedGameUrl(encodeURIComponent('https://games.acme.example/p?t=1'), ORIGIN)).toBe('https://games.acme.example/p?t=1');
    expect(embeddedGameUrl(encodeURIComponent('/dev/seamless/play?token=x'), ORIGIN)).toBe(
      'https://brand.example/dev/seamless/play?token=x',
    );
    expect(embeddedGameUrl(encodeURIComponent('javascript:alert(1)'), ORIGIN)).toBeNull();
    expect(embeddedGameUrl(encodeURIComponent('data:text/html,<b>x</b>'), ORIGIN)).toBeNull();
    expect(embeddedGameUrl('%E0%A4%A', ORIGIN)).toBeNull();
    expect(embeddedGameUrl(undefined, ORIGIN)).toBeNull();
    expect(embeddedGameUrl('abc', ORIGIN)).toBeNull();
    expect(embeddedGameUrl(encodeURIComponent('//evil.example/x'), ORIGIN)).toBeNull();
  });

  test('the page frames the game in a sandbox, or says the address is not valid', async () => {
    renderAt(<GameHostPage />, `/game/${encodeURIComponent('https://games.acme.example/p')}`, '/game/:info');
    const frame = (await screen.findByTitle('游戏画面')) as HTMLIFrameElement;
    expect(frame.src).toBe('https://games.acme.example/p');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  test('an invalid address gets the clear message, no frame', async () => {
    renderAt(<GameHostPage />, `/game/${encodeURIComponent('javascript:alert(1)')}`, '/game/:info');
    expect(await screen.findByText('游戏地址无效，请返回场馆重新进入。')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('/game/venture (全部场馆)', () => {
  test('every category with venues lists them with their game counts or maintenance', async () => {
    mockApi({
      getVenueInfoByCategory: (b) =>
        ok({
          category: b.category,
          list:
            {
              DZ: [CRDZ, SBDZ],
              BY: [venue('SXBY', '蓝湾捕鱼', { category: 'BY', gameCount: 2 })],
              TY: [venue('CRTY', '体育', { category: 'TY' })],
              QP: [venue('SBQP', '沙盒棋牌', { category: 'QP' })],
            }[b.category as string] ?? [],
        }),
    });
    renderAt(<VenturePage />);
    await waitFor(() => expect(screen.getByTestId('venture-DZ')).toBeTruthy());
    expect(screen.getByTestId('venture-DZ').textContent).toContain('自营电子4 款游戏');
    expect(screen.getByTestId('venture-DZ').textContent).toContain('维护中');
    expect((await screen.findByTestId('venture-BY')).textContent).toContain('蓝湾捕鱼2 款游戏');
    expect(screen.queryByTestId('venture-ZR')).toBeNull();
    // The sportsbook is entered as a whole; a venue without games says so (never "0 款游戏").
    expect((await screen.findByTestId('venture-TY')).textContent).toContain('体育进入');
    expect((await screen.findByTestId('venture-QP')).textContent).toContain('沙盒棋牌暂无游戏');
    expect(document.body.textContent).not.toContain('0 款游戏');
    expect(screen.queryByText(/即将开放/)).toBeNull();
  });
});
