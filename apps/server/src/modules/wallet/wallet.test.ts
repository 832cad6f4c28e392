import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { balanceOf, post } from '../../ledger/ledger.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { venuePlayer } from '../../venues/adapter.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { ok } from '../../test/flows.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => Object.assign(h.s.venues.sandbox!.opts, { failRate: 0, lostAnswerRate: 0, delayMs: 0 }));

const G = '/game/api/v1/';
const F = '/fd/api/v1/';
const key = () => `k-${randomUUID()}`;

let ipSeq = 0;
/** Each member registers from its own address (registration is limited per IP). */
const newMember = () => h.member(undefined, undefined, { ip: `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}` });

async function fundedMember(fen: number) {
  const m = await newMember();
  await h.s.handle.db.transaction().execute((tx) =>
    post(tx, {
      kind: 'deposit',
      currency: 'CNY',
      refType: 'test',
      refId: m.userId,
      memberId: m.userId,
      lines: [
        { account: houseAccount('clearing', 'test'), amount: -fen },
        { account: memberAccount(m.userId, 'central'), amount: fen },
      ],
    }),
  );
  return m;
}
const transfer = (token: string, body: Record<string, unknown>, idem: string | null = key()) =>
  h.call(`${F}transfer/utcTransfer`, body, { token, headers: idem ? { 'idempotency-key': idem } : {} });
const venueFen = (userId: string, code = 'SBZR') => h.s.venues.sandbox!.balance(code, venuePlayer(7000, userId));

describe('balances', () => {
  it('getBalance answers the central wallet and, asked, the locked amount', async () => {
    const m = await fundedMember(12_345);
    const r = await h.call(`${F}transfer/getBalance`, { withLockMoney: 1 }, { token: m.token });
    expect(r.data).toEqual({ centerWalletBalance: '123.45', lockMoney: '0.00', currency: 'CNY' });
  });

  it('allBalance lists every venue; totalMoney = central + venues with 2 decimals', async () => {
    const m = await fundedMember(10_000);
    const r = await h.call(`${G}venue/allBalance`, { category: 8 }, { token: m.token });
    expect(r.status_code).toBe(6000);
    expect(r.data.totalMoney).toBe('100.00');
    expect(r.data.autoTransfer).toBe(false);
    expect(r.data.list.map((v: { channelCode: string }) => v.channelCode)).toEqual([
      'CRTY',
      'SBZR',
      'SBQP',
      'SBDZ',
      'CRDZ',
      'CRZR',
      'CRCP',
      'CRBY',
      'CRQP',
    ]);
  });

  it('allBalance honours category: a section (number or code) lists only its venues and sums them; 8 or none every venue; an unknown one 6007', async () => {
    const m = await fundedMember(10_000);
    ok(await transfer(m.token, { channelCode: 'SBZR', amount: '30', ty: 1 }));
    ok(await transfer(m.token, { channelCode: 'SBQP', amount: '20', ty: 1 }));
    const of = async (category?: unknown) => {
      const r = await h.call(`${G}venue/allBalance`, category === undefined ? {} : { category }, { token: m.token });
      return {
        code: r.status_code,
        total: r.data?.totalMoney,
        list: r.data?.list.map((v: { channelCode: string; balance: string }) => `${v.channelCode}=${v.balance}`),
      };
    };
    expect(await of(2)).toEqual({ code: 6000, total: '80.00', list: ['SBZR=30.00', 'CRZR=0.00'] });
    expect(await of('ZR')).toEqual(await of(2));
    expect(await of('3')).toEqual({ code: 6000, total: '70.00', list: ['SBQP=20.00', 'CRQP=0.00'] });
    expect((await of(4)).list).toEqual(['SBDZ=0.00', 'CRDZ=0.00']);
    const every = await of(8);
    expect(every).toMatchObject({ code: 6000, total: '100.00' });
    expect(every.list).toHaveLength(9);
    expect(await of()).toEqual(every);
    expect((await of(9)).code).toBe(6007);
  });
});

describe('transfers', () => {
  it('central → venue moves the money once, the venue has it, the books balance', async () => {
    const m = await fundedMember(20_000);
    const idem = key();
    const r = await transfer(m.token, { channelCode: 'SBZR', amount: '100.5', ty: 1 }, idem);
    expect(r.status_code).toBe(6000);
    expect(r.data).toMatchObject({ status: 'completed', centerWalletBalance: '99.50', venueBalance: '100.50' });
    expect(await venueFen(m.userId)).toBe(10_050);
    const again = await transfer(m.token, { channelCode: 'SBZR', amount: '100.5', ty: 1 }, idem);
    expect(again.data.transferId).toBe(r.data.transferId);
    expect(await venueFen(m.userId)).toBe(10_050);
    const other = await transfer(m.token, { channelCode: 'SBZR', amount: '1', ty: 1 }, idem);
    expect(other.status_code).toBe(6009);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('a zh-TW request gets the amount rules in Traditional Chinese (issue 12: one catalogue)', async () => {
    const m = await fundedMember(1_000);
    const tw = (body: Record<string, unknown>) =>
      h.call(`${F}transfer/utcTransfer`, body, { token: m.token, headers: { 'idempotency-key': key(), 'x-lang': 'zh-TW' } });
    const zero = await tw({ channelCode: 'SBZR', amount: '0', ty: 1 });
    expect([zero.status_code, zero.message]).toEqual([6007, '請輸入正確的金額']);
    expect((await tw({ channelCode: 'SBZR', amount: '10.01', ty: 1 })).message).toBe('餘額不足');
    // The same rules in zh-CN, as the spec words them.
    expect((await transfer(m.token, { channelCode: 'SBZR', amount: '0', ty: 1 })).message).toBe('请输入正确的金额');
  });

  it('amount rules: required, 2 decimals, not above the balance; a key is required', async () => {
    const m = await fundedMember(1_000);
    expect((await transfer(m.token, { channelCode: 'SBZR', amount: '', ty: 1 })).status_code).toBe(6007);
    expect((await transfer(m.token, { channelCode: 'SBZR', amount: '1.234', ty: 1 })).status_code).toBe(6007);
    const over = await transfer(m.token, { channelCode: 'SBZR', amount: '10.01', ty: 1 });
    expect(over.status_code).toBe(6007);
    expect(over.message).toBe('余额不足');
    const noKey = await transfer(m.token, { channelCode: 'SBZR', amount: '1', ty: 1 }, null);
    expect(noKey.message).toBe('缺少请求编号');
    expect((await transfer(m.token, { channelCode: 'NOPE', amount: '1', ty: 1 })).status_code).toBe(6004);
    expect(await balanceOf(h.s.handle.db, memberAccount(m.userId, 'central'))).toBe(1_000);
  });

  it('a venue that refuses gets the money back to the central wallet (6006)', async () => {
    const m = await fundedMember(5_000);
    h.s.venues.sandbox!.opts.failRate = 1;
    const r = await transfer(m.token, { channelCode: 'SBZR', amount: '20', ty: 1 });
    expect(r.status_code).toBe(6006);
    expect(await balanceOf(h.s.handle.db, memberAccount(m.userId, 'central'))).toBe(5_000);
    expect(await venueFen(m.userId)).toBe(0);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('an answer lost after the money moved stays pending until the reconciler completes it (in and out)', async () => {
    const m = await fundedMember(5_000);
    h.s.venues.sandbox!.opts.lostAnswerRate = 1;
    const r = await transfer(m.token, { channelCode: 'SBQP', amount: '30', ty: 1 });
    expect(r.data.status).toBe('pending');
    const blocked = await transfer(m.token, { channelCode: 'SBQP', amount: '1', ty: 1 });
    expect(blocked.status_code).toBe(6011);
    expect(blocked.message).toBe('上一笔转账正在确认中，请稍后再试');
    h.s.venues.sandbox!.opts.lostAnswerRate = 0;
    expect(await h.s.reconcile(0)).toMatchObject({ completed: 1 });
    expect(await venueFen(m.userId, 'SBQP')).toBe(3_000);
    h.s.venues.sandbox!.opts.lostAnswerRate = 1;
    const out = await transfer(m.token, { channelCode: 'SBQP', amount: '10', ty: 2 });
    expect(out.data.status).toBe('pending');
    expect(await balanceOf(h.s.handle.db, memberAccount(m.userId, 'central'))).toBe(2_000);
    h.s.venues.sandbox!.opts.lostAnswerRate = 0;
    await h.s.reconcile(0);
    expect(await balanceOf(h.s.handle.db, memberAccount(m.userId, 'central'))).toBe(3_000);
    expect(await venueFen(m.userId, 'SBQP')).toBe(2_000);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('one pending transfer per member and venue holds under concurrency: one goes through, the others get 6011', async () => {
    const m = await fundedMember(5_000);
    h.s.venues.sandbox!.opts.delayMs = 150; // every request records its transfer while the first is still at the venue
    const answers = await Promise.all(Array.from({ length: 6 }, () => transfer(m.token, { channelCode: 'SBZR', amount: '1', ty: 1 })));
    expect(answers.filter((a) => a.status_code === 6000 && a.data.status === 'completed')).toHaveLength(1);
    const refused = answers.filter((a) => a.status_code !== 6000);
    expect(refused).toHaveLength(5);
    for (const a of refused) expect([a.status_code, a.message]).toEqual([6011, '上一笔转账正在确认中，请稍后再试']);
    expect(await balanceOf(h.s.handle.db, memberAccount(m.userId, 'central'))).toBe(4_900);
    expect(await venueFen(m.userId)).toBe(100);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('the database itself refuses a second pending transfer of a member on one venue (unique partial index)', async () => {
    const m = await fundedMember(1_000);
    const row = (id: string, status: 'pending' | 'completed') => ({
      id,
      member_id: m.userId,
      site_code: 7000,
      channel_code: 'SBDZ',
      direction: 'in' as const,
      amount: 100,
      currency: 'CNY',
      status,
      attempts: 0,
      last_error: null,
      created_at: 1,
      updated_at: 1,
    });
    const db = h.s.handle.db;
    await db
      .insertInto('venue_transfers')
      .values([row(`a-${randomUUID()}`, 'completed'), row(`b-${randomUUID()}`, 'completed'), row(`c-${randomUUID()}`, 'pending')])
      .execute();
    await expect(
      db
        .insertInto('venue_transfers')
        .values(row(`d-${randomUUID()}`, 'pending'))
        .execute(),
    ).rejects.toThrow(/unique|UNIQUE/);
    await db
      .updateTable('venue_transfers')
      .set({ status: 'reversed' })
      .where('member_id', '=', m.userId)
      .where('status', '=', 'pending')
      .execute();
    await db
      .insertInto('venue_transfers')
      .values(row(`e-${randomUUID()}`, 'pending'))
      .execute();
    await db.deleteFrom('venue_transfers').where('member_id', '=', m.userId).execute();
  });

  it('a pending transfer the venue never got is reversed by the reconciler', async () => {
    const m = await fundedMember(5_000);
    const t = await h.s.handle.db.transaction().execute(async (tx) => {
      const id = `lost-${randomUUID()}`;
      await tx
        .insertInto('venue_transfers')
        .values({
          id,
          member_id: m.userId,
          site_code: 7000,
          channel_code: 'SBDZ',
          direction: 'in',
          amount: 700,
          currency: 'CNY',
          status: 'pending',
          attempts: 1,
          last_error: 'crash',
          created_at: 0,
          updated_at: 0,
        })
        .execute();
      await post(tx, {
        kind: 'transfer.in',
        currency: 'CNY',
        refType: 'venue_transfer',
        refId: id,
        memberId: m.userId,
        lines: [
          { account: memberAccount(m.userId, 'central'), amount: -700 },
          { account: memberAccount(m.userId, 'venue', 'CNY', 'SBDZ'), amount: 700 },
        ],
      });
      return id;
    });
    expect(await h.s.reconcile(0)).toMatchObject({ reversed: 1 });
    expect(await balanceOf(h.s.handle.db, memberAccount(m.userId, 'central'))).toBe(5_000);
    const row = await h.s.handle.db.selectFrom('venue_transfers').select('status').where('id', '=', t).executeTakeFirstOrThrow();
    expect(row.status).toBe('reversed');
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('the reconciler never judges a transfer another actor is driving: the venue call still landing is not reversed', async () => {
    const m = await fundedMember(5_000);
    h.s.venues.sandbox!.opts.delayMs = 300; // the creating request is still at the venue while the reconciler runs
    const inFlight = transfer(m.token, { channelCode: 'SBQP', amount: '12', ty: 1 });
    await new Promise((r) => setTimeout(r, 60));
    // The venue has no record of it yet: judged now, it would be reversed while the venue is applying it.
    expect(await h.s.reconcile(0)).toMatchObject({ reversed: 0, completed: 0, busy: 1 });
    const r = await inFlight;
    expect(r.data).toMatchObject({ status: 'completed', venueBalance: '12.00' });
    expect(await venueFen(m.userId, 'SBQP')).toBe(1_200);
    expect(await balanceOf(h.s.handle.db, memberAccount(m.userId, 'venue', 'CNY', 'SBQP'))).toBe(1_200);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it("a client's retry while the first request still drives the transfer answers pending without calling the venue again", async () => {
    const m = await fundedMember(5_000);
    h.s.venues.sandbox!.opts.delayMs = 300;
    const idem = key();
    const first = transfer(m.token, { channelCode: 'SBDZ', amount: '5', ty: 1 }, idem);
    await new Promise((r) => setTimeout(r, 60));
    const retry = await transfer(m.token, { channelCode: 'SBDZ', amount: '5', ty: 1 }, idem);
    expect(retry.data.status).toBe('pending');
    expect((await first).data.status).toBe('completed');
    expect((await transfer(m.token, { channelCode: 'SBDZ', amount: '5', ty: 1 }, idem)).data.status).toBe('completed');
    expect(await venueFen(m.userId, 'SBDZ')).toBe(500);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('a venue balance read before a transfer landed never rewrites our mirror (the sync compares with the mirror as it was)', async () => {
    const m = await fundedMember(5_000);
    const sb = h.s.venues.sandbox!;
    const real = sb.balance.bind(sb);
    // The venue answers the balance as it was, then a whole transfer happens before the sync writes.
    sb.balance = async (c: string, p: string) => {
      const stale = await real(c, p);
      sb.balance = real;
      expect((await transfer(m.token, { channelCode: 'SBZR', amount: '5', ty: 1 })).data.status).toBe('completed');
      return stale;
    };
    await h.call(`${G}venue/balance`, { channelCode: 'SBZR' }, { token: m.token });
    expect(await venueFen(m.userId)).toBe(500);
    expect(await balanceOf(h.s.handle.db, memberAccount(m.userId, 'venue', 'CNY', 'SBZR'))).toBe(500);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('a lease whose holder died expires: the reconciler then settles the transfer', async () => {
    const m = await fundedMember(5_000);
    const db = h.s.handle.db;
    const row = (id: string, drivingUntil: number) => ({
      id,
      member_id: m.userId,
      site_code: 7000,
      channel_code: 'SBZR',
      direction: 'in' as const,
      amount: 300,
      currency: 'CNY',
      status: 'pending' as const,
      attempts: 0,
      last_error: null,
      created_at: 0,
      updated_at: 0,
      driving_until: drivingUntil,
    });
    const held = `held-${randomUUID()}`;
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('venue_transfers')
        .values(row(held, Date.now() + 60_000))
        .execute();
      await post(tx, {
        kind: 'transfer.in',
        currency: 'CNY',
        refType: 'venue_transfer',
        refId: held,
        memberId: m.userId,
        lines: [
          { account: memberAccount(m.userId, 'central'), amount: -300 },
          { account: memberAccount(m.userId, 'venue', 'CNY', 'SBZR'), amount: 300 },
        ],
      });
    });
    expect(await h.s.reconcile(0)).toMatchObject({ busy: 1, reversed: 0 });
    await db
      .updateTable('venue_transfers')
      .set({ driving_until: Date.now() - 1 })
      .where('id', '=', held)
      .execute();
    expect(await h.s.reconcile(0)).toMatchObject({ busy: 0, reversed: 1 });
    expect(await balanceOf(db, memberAccount(m.userId, 'central'))).toBe(5_000);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('wins at the venue reach the central wallet through recycle; the books still balance', async () => {
    const m = await fundedMember(10_000);
    await transfer(m.token, { channelCode: 'SBZR', amount: '40', ty: 1 });
    await transfer(m.token, { channelCode: 'SBDZ', amount: '10', ty: 1 });
    await h.s.venues.sandbox!.play('SBZR', venuePlayer(7000, m.userId), 2_500); // won 25 at the table
    const r = await h.call(`${G}venue/recycle`, {}, { token: m.token, headers: { 'idempotency-key': key() } });
    expect(r.status_code).toBe(6000);
    expect(r.data).toMatchObject({ recovered: '75.00', centerWalletBalance: '125.00', failed: [] });
    expect(await venueFen(m.userId)).toBe(0);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('auto-transfer switch is stored per member', async () => {
    const m = await newMember();
    expect((await h.call(`${G}status/setAutoTransferStatus`, { status: 1 }, { token: m.token })).status_code).toBe(6000);
    const row = await h.s.handle.db.selectFrom('member_prefs').selectAll().where('member_id', '=', m.userId).executeTakeFirstOrThrow();
    expect(row.auto_transfer).toBe(1);
    const all = async () => (await h.call(`${G}venue/allBalance`, { category: 8 }, { token: m.token })).data.autoTransfer;
    expect(await all()).toBe(true);
    expect((await h.call(`${G}status/setAutoTransferStatus`, { status: 0 }, { token: m.token })).status_code).toBe(6000);
    expect(await all()).toBe(false);
  });
});

describe('records', () => {
  it('queryDealRecord lists central-wallet movements with type, signed amount, balance after; filters and pages', async () => {
    const m = await fundedMember(10_000);
    await transfer(m.token, { channelCode: 'SBZR', amount: '12.5', ty: 1 });
    await transfer(m.token, { channelCode: 'SBZR', amount: '2', ty: 2 });
    const all = await h.call(`${F}transactions/queryDealRecord`, {}, { token: m.token });
    expect(all.data.total).toBe(3);
    expect(
      all.data.list.map((r: { typeName: string; amount: string; balanceAfter: string }) => [r.typeName, r.amount, r.balanceAfter]),
    ).toEqual([
      ['转账', '+2.00', '89.50'],
      ['转账', '-12.50', '87.50'],
      ['存款', '+100.00', '100.00'],
    ]);
    // Each line names where the money went, and a reference the player can quote.
    expect(all.data.list.map((r: { kind: string; where: string }) => [r.kind, r.where])).toEqual([
      ['transfer.out', '星辰真人'],
      ['transfer.in', '星辰真人'],
      ['deposit', ''],
    ]);
    // A transfer's random id is not quoted (the venue is named instead).
    expect(all.data.list.slice(0, 2).map((r: { ref: string }) => r.ref)).toEqual(['', '']);
    const deposits = await h.call(`${F}transactions/queryDealRecord`, { type: 1 }, { token: m.token });
    expect(deposits.data.total).toBe(1);
    const page2 = await h.call(`${F}transactions/queryDealRecord`, { pageNum: 2, pageSize: 2 }, { token: m.token });
    expect(page2.data.list).toHaveLength(1);
    const future = await h.call(`${F}transactions/queryDealRecord`, { beginTime: Date.now() + 60_000 }, { token: m.token });
    expect(future.data.total).toBe(0);
    // Another member sees none of it.
    const other = await newMember();
    expect((await h.call(`${F}transactions/queryDealRecord`, {}, { token: other.token })).data.total).toBe(0);
  });
});
