/**
 * Game art and the lobby's live widgets in Chromium against the REAL built server: the
 * 电子 lobby with each house game's own tile, the rolling jackpot ticker and 最新大奖 (from big wins this member
 * really won by spinning through the API), the 真人 table lobby with 好路 badges (tables at TABLE_SPEED=10), the
 * 彩票 tiles, every slot title's illustrated symbols on the reels, a win's animation, and the big-win celebration
 * in both motion settings. Classic, professional and zh-TW. Screenshots: e2e/screenshots/art-*.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TITLES, bigWinTier, fairSpin, type SpinOutcome } from '@portal/games';
import { fenToYuanString, parseAmount } from '@portal/rules';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { ApiClient, closeSuite, memberContext } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const PASSWORD = 'Wq7mZ2xp9';
/** API spins tried for a real big win (≥ 10× the stake lands about once in 60–90 spins of these titles). */
const SPINS_MAX = 600;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: ApiClient;
let member: { token: string; userId: string; name: string };
const errors: string[] = [];

const shot = (p: Page, name: string) => p.screenshot({ path: join(SHOTS, `art-${name}.png`), fullPage: false });

async function setLook(p: Page, edition: 'classic' | 'professional', lang: 'zh-CN' | 'zh-TW') {
  await p.evaluate(([e, l]) => (localStorage.setItem('edition', e!), localStorage.setItem('lang', l!)), [edition, lang]);
}

/** Spins H5001 at its lowest bet through the venue API until a round pays ≥ 10× (a real round, settled by the server). */
async function spinUntilBigWin(): Promise<number> {
  const launch = await api.call('/game/api/v1/launch', { enName: 'CRDZ', gameCode: 'H5001' }, member.token);
  expect(launch.status_code, JSON.stringify(launch)).toBe(6000);
  const venueToken = launch.data.data.token as string;
  let big = 0;
  for (let n = 0; n < SPINS_MAX && big < 2; n++) {
    const r = await api.call(
      '/game/api/v1/resource',
      {
        method: 'spin',
        enName: 'crdz',
        Request: {
          timestamp: Date.now(),
          token: venueToken,
          langx: 'zh-cn',
          remoteip: '127.0.0.1',
          gameCode: 'H5001',
          bet: '0.20',
          idempotencyKey: `art-${n}-${Date.now()}`,
        },
      },
      member.token,
    );
    expect(r.status_code, JSON.stringify(r)).toBe(6000);
    const round = r.data.round as { bet: string; win: string; jackpotWin: string };
    if (bigWinTier(parseAmount(round.win)! + parseAmount(round.jackpotWin)!, parseAmount(round.bet)!)) big++;
  }
  return big;
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer({ env: { TABLE_SPEED: '10' } });
  browser = await launchBrowser();
  api = new ApiClient(server.baseUrl);
  member = await api.register(`ar${Date.now().toString(36).slice(-6)}a1`, PASSWORD);
  context = await memberContext(browser, member);
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
}, 120_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('game art and the lobby in Chromium', () => {
  test('real big wins: fund CRDZ, spin through the API until rounds pay ≥ 10×', async () => {
    await api.sandboxDeposit(member.token, '500');
    const t = await api.call('/fd/api/v1/transfer/utcTransfer', { channelCode: 'CRDZ', amount: '300.00', ty: 1 }, member.token, {
      'idempotency-key': `e2e-art-${Date.now()}`,
    });
    expect(t.status_code, JSON.stringify(t)).toBe(6000);
    expect(await spinUntilBigWin()).toBeGreaterThan(0);
  }, 300_000);

  test('电子 lobby: a tile per house slot, the jackpot ticker, 最新大奖 with the masked name, hot/new markers', async () => {
    for (const [edition, lang, name] of [
      ['classic', 'zh-CN', 'lobby-classic'],
      ['professional', 'zh-CN', 'lobby-professional'],
      ['classic', 'zh-TW', 'lobby-zh-TW'],
    ] as const) {
      await page.goto(`${server.baseUrl}/game/egame`);
      await setLook(page, edition, lang);
      await page.goto(`${server.baseUrl}/game/egame`);
      await page.getByTestId('game-grid').waitFor({ timeout: 30_000 });
      for (const def of TITLES) {
        await expect
          .poll(() => page.getByTestId(`game-${def.code}`).locator('img').getAttribute('src'), { timeout: 10_000 })
          .toMatch(/^data:image\/svg/);
      }
      await page.getByTestId('jackpot-ticker').waitFor();
      const feed = page.getByTestId('big-wins');
      await feed.waitFor({ timeout: 20_000 });
      expect(await feed.textContent()).toContain(`${member.name[0]}**`);
      expect(await feed.textContent()).not.toContain(member.name);
      await page.evaluate(() => document.fonts.ready);
      await shot(page, name);
    }
    await setLook(page, 'classic', 'zh-CN');
    expect(errors).toEqual([]);
  }, 120_000);

  test('真人: table tiles and 好路 badges from the live shoes; 彩票 tiles', async () => {
    await page.goto(`${server.baseUrl}/game/realbet`);
    await page.getByTestId('table-lobby').waitFor({ timeout: 30_000 });
    // Tables run ten times faster here: within two minutes some shoe usually shows a good road.
    await page
      .getByTestId('good-roads')
      .first()
      .waitFor({ timeout: 150_000 })
      .catch(() => undefined);
    await shot(page, 'realbet');
    await page.getByTestId('game-grid').scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId('game-BAC1').locator('img').getAttribute('src')).toMatch(/^data:image\/svg/);
    await shot(page, 'realbet-tiles');
    await page.goto(`${server.baseUrl}/game/lottery`);
    await page.waitForLoadState('networkidle');
    await shot(page, 'lottery');
    expect(errors).toEqual([]);
  }, 200_000);

  test('each slot title: its drawn symbols on the reels (classic, professional, zh-TW)', async () => {
    for (const def of TITLES) {
      await page.goto(`${server.baseUrl}/dz/game?enName=CRDZ&gameCode=${def.code}`);
      await page.getByTestId('slot-game').waitFor({ timeout: 30_000 });
      await page.getByTestId('slot-paytable-open').click();
      await page.getByTestId('slot-paytable').waitFor();
      await expect
        .poll(() => page.getByTestId('slot-paytable').locator('img.slot-symbol-icon[data-art="drawn"]').count())
        .toBe(def.symbols.length);
      await shot(page, `paytable-${def.code}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('slot-paytable').waitFor({ state: 'detached' });
      await shot(page, `reels-${def.code}`);
    }
    for (const [edition, lang, code] of [
      ['professional', 'zh-CN', 'H5002'],
      ['classic', 'zh-TW', 'H5004'],
    ] as const) {
      await setLook(page, edition, lang);
      await page.goto(`${server.baseUrl}/dz/game?enName=CRDZ&gameCode=${code}`);
      await page.getByTestId('slot-game').waitFor({ timeout: 30_000 });
      await shot(page, `reels-${code}-${edition}-${lang}`);
    }
    await setLook(page, 'classic', 'zh-CN');
    expect(errors).toEqual([]);
  }, 120_000);
});

/** The first nonce whose outcome at `betFen` pays ≥ 50× without free spins (the celebration's top tier). */
function superOutcome(code: string, betFen: number): SpinOutcome {
  for (let nonce = 0; nonce < 500_000; nonce++) {
    const o = fairSpin({ serverSeed: 'e'.repeat(64), clientSeed: 'art', nonce }, code, betFen);
    if (o.freeSpins.length === 0 && !o.jackpotHit && o.totalWinFen >= betFen * 50) return o;
  }
  throw new Error('no ≥ 50× outcome found');
}

describeInBrowser('win animations in Chromium', () => {
  /**
   * The celebration's look: a real spin goes to the server, and its answer's outcome is swapped in the browser for
   * one of the same engine at ≥ 50× (such a round is too rare to wait for). Only the picture is checked here; the
   * money of real rounds is the other suites' and the server's.
   */
  async function celebrate(p: Page, name: string, still: boolean) {
    await p.route('**/game/api/v1/resource', async (route) => {
      const body = route.request().postDataJSON() as { method: string; Request: { bet?: string; gameCode?: string } };
      if (body.method !== 'spin') return route.continue();
      const res = await route.fetch();
      const json = await res.json();
      const betFen = parseAmount(body.Request.bet!)!;
      const o = superOutcome(body.Request.gameCode!, betFen);
      json.data.round.outcome = o;
      json.data.round.win = fenToYuanString(o.totalWinFen);
      await route.fulfill({ response: res, json });
    });
    await p.goto(`${server.baseUrl}/dz/game?enName=CRDZ&gameCode=H5003`);
    await p.getByTestId('slot-game').waitFor({ timeout: 30_000 });
    await p.getByTestId('slot-spin').click();
    const burst = p.getByTestId('big-win');
    await burst.waitFor({ timeout: 30_000 });
    expect(await burst.getAttribute('data-tier')).toBe('super');
    expect(await burst.evaluate((el) => el.classList.contains('bigwin--still'))).toBe(still);
    // The count-up has reached the round's win.
    await expect
      .poll(
        async () =>
          (await p.getByTestId('big-win-amount').textContent()) === (await p.getByTestId('slot-last-win').locator('strong').textContent()),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    await shot(p, name);
    await p.unroute('**/game/api/v1/resource');
  }

  test('a win: the winning symbols glow; the ≥ 50× celebration (超级巨奖), and its still form under reduced motion', async () => {
    await celebrate(page, 'bigwin-super', false);
    const still = await memberContext(browser, member, { reducedMotion: 'reduce' });
    try {
      await celebrate(await still.newPage(), 'bigwin-still', true);
    } finally {
      await still.close();
    }
    expect(errors).toEqual([]);
  }, 120_000);
});
