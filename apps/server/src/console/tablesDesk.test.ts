/** The house tables in the console (issue 16 item 5): a table's rounds with their bets; cancelling one refunds every bet. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberAccount } from '../ledger/accounts.ts';
import { balanceOf } from '../ledger/ledger.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { listAudit } from '../ops/audit.ts';
import { ok } from '../test/flows.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { betKey, tableCall, tablePlayer, testDealer, tickUntil } from '../modules/tables/tableKit.ts';
import { staffSession, type StaffSession } from './testKit.ts';

let h: Harness;
let content: StaffSession;
let scoped: StaffSession;
beforeAll(async () => {
  h = await createHarness();
  content = await staffSession(h, { roles: ['content'] });
  scoped = await staffSession(h, { roles: ['super_admin'], sites: [7001] });
}, 60_000);
afterAll(async () => {
  expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  await h?.close();
});

describe('table rounds in the console', () => {
  it('lists the rounds with their bets; a cancel refunds them all (audited); brand-scoped staff may not; a settled round cannot be', async () => {
    const { dealer } = testDealer(h, ['DT1'], { speed: 3 });
    const p = await tablePlayer(h, 10_000, 'DT1');
    await tickUntil(dealer, async () => (await content.call('games/tableRounds', { code: 'DT1' })).data.list[0]?.status === 'betting');
    const open = (await content.call('games/tableRounds', { code: 'DT1' })).data.list[0];
    ok(
      await tableCall(h, p, 'tableBet', {
        gameCode: 'DT1',
        seq: open.seq,
        bets: [{ type: 'tiger', amount: '30' }],
        idempotencyKey: betKey(),
      }),
    );
    const listed = (await content.call('games/tableRounds', { code: 'DT1' })).data.list[0];
    expect(listed).toMatchObject({ seq: open.seq, status: 'betting', bets: 1, stakeFen: 3_000, serverSeed: null });
    expect((await scoped.call('games/cancelRound', { code: 'DT1', seq: open.seq, reason: '测试取消' })).status_code).toBe(6003);
    const r = await content.call('games/cancelRound', { code: 'DT1', seq: open.seq, reason: '发牌异常' });
    expect(r.status_code, JSON.stringify(r)).toBe(6000);
    expect(r.data).toEqual({ refunded: 1 });
    expect(await balanceOf(h.s.handle.db, memberAccount(p.userId, 'venue', 'CNY', 'CRZR'))).toBe(10_000);
    const after = (await content.call('games/tableRounds', { code: 'DT1' })).data.list.find((x: { seq: number }) => x.seq === open.seq);
    expect(after).toMatchObject({
      status: 'cancelled',
      cancelledBy: `staff:${content.username}`,
      serverSeed: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect((await content.call('games/cancelRound', { code: 'DT1', seq: open.seq, reason: '再次取消' })).status_code).toBe(6009);
    expect((await content.call('games/cancelRound', { code: 'NOPE', seq: 1, reason: '未知牌桌' })).status_code).toBe(6004);
    const audits = await listAudit(h.s.handle.db, { action: 'games/cancelRound', actor: content.username });
    expect(audits.map((a) => a.target)).toContain(`DT1/${open.seq}`);
    await dealer.stop();
  });
});
