/** The house tables in the console: a table's rounds with their bets; cancelling one refunds every bet. */
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
let games: StaffSession;
let games2: StaffSession;
let scoped: StaffSession;
beforeAll(async () => {
  h = await createHarness();
  content = await staffSession(h, { roles: ['content'] });
  games = await staffSession(h, { roles: ['games'] });
  games2 = await staffSession(h, { roles: ['games'] });
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
    // Round cancellation belongs to games staff, not the content role.
    expect((await content.call('games/cancelRound', { code: 'DT1', seq: open.seq, reason: '发牌异常' })).status_code).toBe(6003);
    const r = await games.call('games/cancelRound', { code: 'DT1', seq: open.seq, reason: '发牌异常' });
    expect(r.status_code, JSON.stringify(r)).toBe(6000);
    expect(r.data).toEqual({ refunded: 1, pendingApproval: false, requestedBy: null });
    expect(await balanceOf(h.s.handle.db, memberAccount(p.userId, 'venue', 'CNY', 'CRZR'))).toBe(10_000);
    const after = (await content.call('games/tableRounds', { code: 'DT1' })).data.list.find((x: { seq: number }) => x.seq === open.seq);
    expect(after).toMatchObject({
      status: 'cancelled',
      cancelledBy: `staff:${games.username}`,
      // A card table's seed is its shoe's: revealed once the shoe has ended (the next round starts a new one).
      serverSeed: null,
    });
    expect((await games.call('games/cancelRound', { code: 'DT1', seq: open.seq, reason: '再次取消' })).status_code).toBe(6009);
    expect((await games.call('games/cancelRound', { code: 'NOPE', seq: 1, reason: '未知牌桌' })).status_code).toBe(6004);
    const audits = await listAudit(h.s.handle.db, { action: 'games/cancelRound', actor: games.username });
    expect(audits.map((a) => a.target)).toContain(`DT1/${open.seq}`);
    // The next round opens a new shoe: the cancelled round's seed (its shoe's) is revealed then.
    const listed2 = async () =>
      (await games.call('games/tableRounds', { code: 'DT1' })).data.list as { seq: number; serverSeed: string | null }[];
    await tickUntil(dealer, async () => (await listed2()).some((x) => x.seq > open.seq));
    expect((await listed2()).find((x) => x.seq === open.seq)!.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    await dealer.stop();
  });

  it('after the draw one person cannot cancel: the first asks, the same person is refused, a second approves; the outcome stays published', async () => {
    let clock = Date.now();
    const { dealer } = testDealer(h, ['DT1'], { now: () => clock });
    const p = await tablePlayer(h, 10_000, 'DT1');
    await tickUntil(dealer, async () => (await games.call('games/tableRounds', { code: 'DT1' })).data.list[0]?.status === 'betting');
    const open = (await games.call('games/tableRounds', { code: 'DT1' })).data.list[0];
    ok(
      await tableCall(h, p, 'tableBet', {
        gameCode: 'DT1',
        seq: open.seq,
        bets: [{ type: 'dragon', amount: '40' }],
        idempotencyKey: betKey(),
      }),
    );
    // The dealer's clock passes the draw: one tick closes the round and draws it (settling waits for the next tick).
    clock += 60_000;
    await dealer.tick();
    const drawn = (await games.call('games/tableRounds', { code: 'DT1' })).data.list.find((x: { seq: number }) => x.seq === open.seq);
    expect(drawn.status).toBe('drawn');
    await dealer.stop();
    const stored = await h.s.handle.db
      .selectFrom('table_rounds')
      .select('outcome')
      .where('id', '=', `DT1-${open.seq}`)
      .executeTakeFirstOrThrow();
    const outcome = JSON.parse(stored.outcome!) as unknown;
    const venue = memberAccount(p.userId, 'venue', 'CNY', 'CRZR');
    const asked = await games.call('games/cancelRound', { code: 'DT1', seq: open.seq, reason: '荷官发错牌' });
    expect(asked.data).toEqual({ refunded: 0, pendingApproval: true, requestedBy: games.username });
    expect(await balanceOf(h.s.handle.db, venue)).toBe(6_000);
    const same = await games.call('games/cancelRound', { code: 'DT1', seq: open.seq, reason: '荷官发错牌' });
    expect(same.status_code).toBe(6003);
    expect(same.message).toBe('停止下注后作废须由另一位游戏运营人员复核，不能复核自己提交的申请');
    expect((await content.call('games/cancelRound', { code: 'DT1', seq: open.seq, reason: '我来批准' })).status_code).toBe(6003);
    expect(await balanceOf(h.s.handle.db, venue)).toBe(6_000);
    const approved = await games2.call('games/cancelRound', { code: 'DT1', seq: open.seq, reason: '复核同意' });
    expect(approved.data).toEqual({ refunded: 1, pendingApproval: false, requestedBy: games.username });
    expect(await balanceOf(h.s.handle.db, venue)).toBe(10_000);
    const after = (await games.call('games/tableRounds', { code: 'DT1' })).data.list.find((x: { seq: number }) => x.seq === open.seq);
    expect(after).toMatchObject({ status: 'cancelled', cancelledBy: `staff:${games.username}+${games2.username}`, outcome });
    expect(outcome).toMatchObject({ kind: 'dragonTiger' });
    // The players' history shows the drawn outcome beside the refund.
    const hist = ok(await tableCall(h, p, 'tableHistory', { gameCode: 'DT1', pageNum: 1, pageSize: 10 }));
    expect(hist.data.list.find((x: { seq: number }) => x.seq === open.seq)).toMatchObject({ status: 'cancelled', outcome });
  });
});
