/**
 * 公平验证 in Chromium against the REAL built server, tables running 50× faster so a whole shoe
 * ends within the test: a slot round (spun, its seed rotated out), a baccarat hand from the middle of a finished
 * shoe (its shoe seed, shoe number, hand number and start), a roulette spin and a 赛车 draw (checked against its
 * published seed chain) are each typed into /app/help/gpyz and re-derived in the browser; the page's outcome must
 * be the one the server recorded. Screenshots: e2e/screenshots/verify-*.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cardName } from '@portal/games';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { ApiClient, closeSuite, memberPage } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const PASSWORD = 'Wq7mZ2xp9';

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ApiClient;
let member: { token: string; userId: string };
const errors: string[] = [];

/** A venue resource call (after launching the game for its venue token). */
async function venue(enName: string, gameCode: string) {
  const launch = await api.call('/game/api/v1/launch', { enName, gameCode }, member.token);
  expect(launch.status_code, JSON.stringify(launch)).toBe(6000);
  const token = (launch.data as { data: { token: string } }).data.token;
  return async (method: string, extra: Record<string, unknown> = {}) => {
    const r = await api.call(
      '/game/api/v1/resource',
      { method, enName, Request: { timestamp: Date.now(), token, langx: 'zh-cn', remoteip: '127.0.0.1', ...extra } },
      member.token,
    );
    expect(r.status_code, JSON.stringify(r)).toBe(6000);
    return r.data as any;
  };
}

/** Opens the page on a tab (from the address), picks the game or kind by its label, types the fields, runs it. */
async function openTab(tab: string, fields: Record<string, string>, pick: Record<string, string>) {
  await page.goto(`${server.baseUrl}/app/help/gpyz?${new URLSearchParams({ type: tab })}`);
  await page.getByTestId('verify-page').waitFor({ timeout: 30_000 });
  for (const label of Object.values(pick)) await page.locator('label', { hasText: label }).first().click();
  for (const [name, value] of Object.entries(fields)) await page.getByTestId(`verify-${name}`).fill(value);
  await page.getByTestId('verify-run').click();
  await page.getByTestId('verify-result').waitFor({ timeout: 10_000 });
  return {
    outcome: (await page.getByTestId('verify-outcome').textContent()) ?? '',
    hash: (await page.getByTestId('verify-hash-check').textContent()) ?? '',
  };
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer({ env: { TABLE_SPEED: '50' } });
  browser = await launchBrowser();
  api = new ApiClient(server.baseUrl);
  member = await api.register(`fv${Date.now().toString(36).slice(-6)}a1`, PASSWORD);
  ({ page } = await memberPage(browser, member, errors));
}, 180_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('公平验证 re-derives rounds in the browser', () => {
  test('fund the slot venue: deposit 100, transfer 50 into CRDZ', async () => {
    await api.sandboxDeposit(member.token, '100.00');
    const t = await api.call('/fd/api/v1/transfer/utcTransfer', { channelCode: 'CRDZ', amount: '50.00', ty: 1 }, member.token, {
      'idempotency-key': `e2e-verify-${Date.now()}`,
    });
    expect(t.status_code, JSON.stringify(t)).toBe(6000);
  });

  test('a slot round: spun, its server seed rotated out, re-derived from the seeds', async () => {
    const slot = await venue('crdz', 'H5001');
    const spun = await slot('spin', { gameCode: 'H5001', bet: '0.20', idempotencyKey: `e2e-fv-${Date.now()}` });
    await slot('rotateSeed');
    const round = await slot('round', { roundId: spun.round.roundId });
    const f = round.fairness as { serverSeed: string; clientSeed: string; nonce: number; serverSeedHash: string };
    expect(f.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const o = round.outcome as { base: { stops: number[] }; totalWinFen: number };
    const got = await openTab(
      'slot',
      {
        bet: '0.20',
        serverSeed: f.serverSeed,
        clientSeed: f.clientSeed,
        nonce: String(f.nonce),
        hash: f.serverSeedHash,
      },
      { gameCode: 'H5001 ' },
    );
    expect(got.outcome).toContain(`stops ${o.base.stops.join(',')} | win ${(o.totalWinFen / 100).toFixed(2)}`);
    expect(got.hash).toBe('一致');
    await page.screenshot({ path: join(SHOTS, 'verify-slot.png'), fullPage: true });
  }, 120_000);

  test('a baccarat hand from the middle of a finished shoe, with the shoe alone', async () => {
    const bac = await venue('crzr', 'BAC1');
    type Entry = {
      seq: number;
      status: string;
      serverSeed: string | null;
      seedHash: string;
      outcome: any;
      shoe: { shoeNo: number; hand: number; start: number | null };
    };
    let mid: Entry | undefined;
    await expect
      .poll(
        async () => {
          const list = (await bac('tableHistory', { gameCode: 'BAC1', pageSize: 100 })).list as Entry[];
          // A hand in the middle of a shoe whose seed is out (the shoe has ended).
          mid = list.find((e) => e.status === 'settled' && e.serverSeed && e.shoe && e.shoe.hand >= 10 && e.shoe.hand <= 30);
          return !!mid;
        },
        { timeout: 150_000, interval: 2_000 },
      )
      .toBe(true);
    const h = mid!.outcome.hand as { player: number[]; banker: number[]; winner: string };
    const got = await openTab(
      'cards',
      {
        seed: mid!.serverSeed!,
        shoeNo: '1',
        hand: '20',
        start: String(mid!.shoe.start),
        hash: mid!.seedHash,
      },
      { kind: '百家乐' },
    );
    expect(got.outcome).toBe(`P ${h.player.map(cardName).join(' ')} | B ${h.banker.map(cardName).join(' ')} | ${h.winner}`);
    expect(got.hash).toBe('一致');
    await page.screenshot({ path: join(SHOTS, 'verify-baccarat.png'), fullPage: true });
  }, 200_000);

  test('a roulette spin and a 赛车 draw (its seed on the published chain)', async () => {
    const rl = await venue('crzr', 'RL1');
    type Entry = { seq: number; status: string; serverSeed: string | null; seedHash: string; outcome: any };
    let spin: Entry | undefined;
    await expect
      .poll(
        async () =>
          !!(spin = ((await rl('tableHistory', { gameCode: 'RL1', pageSize: 5 })).list as Entry[]).find((e) => e.status === 'settled')),
        {
          timeout: 60_000,
          interval: 1_000,
        },
      )
      .toBe(true);
    const wheel = await openTab(
      'draw',
      { table: 'RL1', seq: String(spin!.seq), seed: spin!.serverSeed!, hash: spin!.seedHash },
      { kind: '欧式轮盘' },
    );
    expect(wheel.outcome).toBe(String(spin!.outcome.pocket));
    expect(wheel.hash).toBe('一致');

    const rc = await venue('crcp', 'RC10');
    let draw: Entry | undefined;
    await expect
      .poll(
        async () =>
          !!(draw = ((await rc('tableHistory', { gameCode: 'RC10', pageSize: 5 })).list as Entry[]).find((e) => e.status === 'settled')),
        {
          timeout: 60_000,
          interval: 1_000,
        },
      )
      .toBe(true);
    const chains = (
      (await (await fetch(`${server.baseUrl}/fair/chains/RC10`)).json()) as { chains: { fromSeq: number; toSeq: number; anchor: string }[] }
    ).chains;
    const chain = chains.find((c) => c.fromSeq <= draw!.seq && draw!.seq <= c.toSeq)!;
    const got = await openTab(
      'draw',
      {
        table: 'RC10',
        seq: String(draw!.seq),
        seed: draw!.serverSeed!,
        hash: draw!.seedHash,
        chainFrom: String(chain.fromSeq),
        chainTo: String(chain.toSeq),
        anchor: chain.anchor,
      },
      { kind: '赛车' },
    );
    expect(got.outcome).toBe((draw!.outcome.order as number[]).join(','));
    expect(got.hash).toBe('一致');
    expect(await page.getByTestId('verify-chain-check').textContent()).toBe('一致');
    await page.screenshot({ path: join(SHOTS, 'verify-race.png'), fullPage: true });
    expect(errors).toEqual([]);
  }, 150_000);
});
