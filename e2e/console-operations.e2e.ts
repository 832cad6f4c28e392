/**
 * Console operations in Chromium against the real built server: a super admin puts a game into
 * maintenance on the games screen (a player's launch then answers 6415), and enters a sport event's result on the
 * sportsbook desk (the member's bet is settled and paid). Screenshots: e2e/screenshots/console-operations-*.png.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeInBrowser, launchBrowser, modalsStill } from './browser.ts';
import { consoleUrl, createStaff, enrolStaff, signIn, type Staff } from './consoleKit.ts';
import { ApiClient } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const PASSWORD = 'Wq7mZ2xp9';
let server: RunningServer;
let browser: Browser;
let admin: Staff;
let api: ApiClient;
let page: Page;

const shot = (name: string) => page.screenshot({ path: join(SHOTS, `console-operations-${name}.png`), fullPage: true });
let seq = 0;
/** 4–11 characters, a letter first, letters and digits (the portal's username rule). */
const uniq = (base: string) => `${base}${Date.now().toString(36).slice(-5)}${seq++ % 10}`;

async function fundedMember() {
  const m = await api.register(uniq('op'), PASSWORD);
  await api.sandboxDeposit(m.token, '300.00');
  return m;
}

describeInBrowser('console: operations', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    api = new ApiClient(server.baseUrl);
    admin = await enrolStaff(server, await createStaff(server, 'opsadmin', ['super_admin']));
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
    await signIn(page, server, admin);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('a game put into maintenance on the games screen: a player launching it is told 6415', async () => {
    const m = await fundedMember();
    expect((await api.call('/game/api/v1/launch', { enName: 'CRDZ', gameCode: 'H5003' }, m.token)).status_code).toBe(6000);
    await page.goto(consoleUrl(server, 'games/list'));
    const row = page.getByRole('row').filter({ hasText: 'H5003' });
    await row.waitFor();
    await row.getByRole('button', { name: '维护' }).click();
    await modalsStill(page);
    await shot('game-confirm');
    await page.getByRole('dialog').getByRole('button', { name: '设为维护' }).click();
    await page.locator('.ant-message').getByText('已保存').waitFor();
    await expect.poll(() => row.innerText()).toContain('维护中');
    await shot('game-maintenance');
    const launch = await api.call('/game/api/v1/launch', { enName: 'CRDZ', gameCode: 'H5003' }, m.token);
    expect(launch.status_code).toBe(6415);
    await row.getByRole('button', { name: '启用' }).click();
    await expect.poll(() => row.innerText()).toContain('进行中');
    expect((await api.call('/game/api/v1/launch', { enName: 'CRDZ', gameCode: 'H5003' }, m.token)).status_code).toBe(6000);
  }, 120_000);

  test('the sportsbook desk: enter an event result, the member’s bet is settled and paid', async () => {
    const m = await fundedMember();
    const t = await api.call('/fd/api/v1/transfer/utcTransfer', { channelCode: 'CRTY', amount: '100.00', ty: 1 }, m.token, {
      'idempotency-key': randomUUID(),
    });
    expect(t.status_code, t.message).toBe(6000);
    const launch = await api.call('/game/api/v1/launch', { enName: 'CRTY', gameCode: 'sport' }, m.token);
    expect(launch.status_code, launch.message).toBe(6000);
    const req = (extra: Record<string, unknown>) => ({
      timestamp: Date.now(),
      token: launch.data.data.token,
      langx: 'zh-cn',
      remoteip: '127.0.0.1',
      ...extra,
    });
    const resource = (method: string, extra: Record<string, unknown>) =>
      api.call('/game/api/v1/resource', { method, enName: 'CRTY', Request: req(extra) }, m.token);
    const games = await resource('games', { gameType: 'FT', showType: 'FU', pageNum: 1, pageSize: 20 });
    expect(games.status_code, games.message).toBe(6000);
    type Ev = { gameId: string; team_h: string; team_c: string; markets: { type: string; selections: { w: string; r: number }[] }[] };
    const e = (games.data.list as Ev[]).find((x) => x.markets.some((k) => k.type === '1X2'))!;
    const s = e.markets.find((k) => k.type === '1X2')!.selections[0]!;
    const bet = await resource('bet', {
      mode: 'single',
      items: [
        { gameInfo: { gameId: e.gameId, team_h: e.team_h, team_c: e.team_c }, playInfo: { w: s.w }, oddInfo: { r: s.r, gameId: e.gameId } },
      ],
      stake: '10',
      idempotencyKey: randomUUID(),
    });
    expect(bet.status_code, bet.message).toBe(6000);
    const ticketId = bet.data.ticket_id as string;

    await page.goto(consoleUrl(server, 'games/sport'));
    const row = page.getByRole('row').filter({ hasText: e.gameId });
    await row.waitFor();
    expect(await row.innerText()).toContain('待录入');
    await shot('sport-awaiting');
    await row.getByRole('button', { name: '录入赛果' }).click();
    const dialog = page.getByRole('dialog');
    await modalsStill(page);
    await dialog.getByLabel('全场主队').fill('2');
    await dialog.getByLabel('全场客队').fill('0');
    await dialog.getByLabel('半场主队').fill('1');
    await dialog.getByLabel('半场客队').fill('0');
    await shot('sport-result');
    await dialog.getByRole('button', { name: '保存并结算' }).click();
    await page.getByText('已结算 1 张注单').waitFor();
    await page.getByRole('button', { name: /知道了|确定|OK/ }).click();
    // Settled: the event leaves the awaiting list; all events show its result and the bet in its drawer.
    await page.getByRole('switch').click();
    const done = page.getByRole('row').filter({ hasText: e.gameId });
    await expect.poll(() => done.innerText()).toContain('2:0');
    await done.getByRole('button', { name: '注单' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText(ticketId).waitFor();
    const betRow = drawer.getByRole('row').filter({ hasText: ticketId });
    expect(await betRow.innerText()).toContain('已结算');
    expect(await betRow.innerText()).toContain('赢');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.ant-drawer')].every((d) =>
        d.getAnimations({ subtree: true }).every((a) => a.playState !== 'running'),
      ),
    );
    await shot('sport-settled');
    const ticket = await resource('ticket', { ticketId });
    expect(ticket.status_code, ticket.message).toBe(6000);
    expect(JSON.stringify(ticket.data)).toContain('W');
  }, 180_000);

  test('the other operations screens: promotions (and the create form), VIP, KYC, protection', async () => {
    for (const [path, name, text] of [
      ['promo/list', 'promotions', '新建活动'],
      ['promo/flagged', 'flagged', '原因'],
      ['promo/vip', 'vip', '执行返水'],
      ['compliance/kyc', 'kyc', '提交时间'],
      ['compliance/protection', 'protection', '保护记录'],
    ] as const) {
      await page.goto(consoleUrl(server, path));
      await page.getByText(text).first().waitFor();
      await page
        .locator('.ant-spin-spinning')
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await shot(name);
    }
    await page.goto(consoleUrl(server, 'promo/list'));
    await page.getByRole('button', { name: '新建活动' }).click();
    await modalsStill(page);
    await page.getByRole('dialog').getByRole('button', { name: '创建' }).click();
    await page
      .getByRole('dialog')
      .getByText('请填写')
      .first()
      .waitFor()
      .catch(() => undefined);
    await shot('promo-create');
  }, 120_000);
});
