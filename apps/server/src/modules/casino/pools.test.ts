import { jackpotFeedFen, titleByCode, TITLES } from '@portal/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, post } from '../../ledger/ledger.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { expectFail, ok } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { memberAccount } from '../../ledger/accounts.ts';
import { freshMember } from '../../test/flows.ts';
import { casinoBook, feedPools, payPool, poolAccount } from './pools.ts';
import { HOUSE_CASINO_DZ } from './seed.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const G = '/game/api/v1/';
const JACKPOT = TITLES.find((t) => t.jackpot)!;
const POOL = `JP_${JACKPOT.code}`;
const db = () => h.s.handle.db;
const pool = () => balanceOf(db(), poolAccount(POOL));
const book = () => balanceOf(db(), casinoBook(HOUSE_CASINO_DZ));
const journals = (kind: string) => db().selectFrom('ledger_journals').selectAll().where('kind', '=', kind).execute();

describe('jackpot pools', () => {
  it('the jackpot title has one pool, funded once with its declared seed from the casino book', async () => {
    expect(await pool()).toBe(JACKPOT.jackpot!.seedFen);
    const r = ok(await h.call(`${G}getBonusPools`, {})).data.list;
    expect(r).toEqual([
      {
        poolCode: POOL,
        gameCode: JACKPOT.code,
        name: JACKPOT.names['zh-CN'],
        names: JACKPOT.names,
        amount: (JACKPOT.jackpot!.seedFen / 100).toFixed(2),
        currency: 'CNY',
        feedBasisPoints: JACKPOT.jackpot!.feedBasisPoints,
      },
    ]);
    expect(ok(await h.call(`${G}getBonusPools`, {}, { headers: { 'x-lang': 'zh-TW' } })).data.list[0].name).toBe(JACKPOT.names['zh-TW']);
    // Seeding again funds nothing more.
    const { seed } = await import('../../seed.ts');
    await seed(db());
    expect(await journals('jackpot.seed')).toHaveLength(1);
    // A drifted feed share is brought back to the title's declared one by the seed.
    await db().updateTable('jackpot_pools').set({ feed_bp: 9 }).where('code', '=', POOL).execute();
    await seed(db());
    expect((await db().selectFrom('jackpot_pools').select('feed_bp').where('code', '=', POOL).executeTakeFirstOrThrow()).feed_bp).toBe(
      JACKPOT.jackpot!.feedBasisPoints,
    );
    expect(await pool()).toBe(JACKPOT.jackpot!.seedFen);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("feedPools adds the title's declared share of a stake in the caller's transaction, as one balanced journal", async () => {
    const before = { pool: await pool(), book: await book() };
    const stakes = [100, 1000, 10_000, 2_00];
    for (const stake of stakes) {
      const fed = await moneyStep(db(), (tx) => feedPools(tx, JACKPOT.code, stake, { type: 'round', id: `r-${stake}` }));
      expect(fed).toEqual({ poolCode: POOL, feedFen: jackpotFeedFen(JACKPOT, stake) });
    }
    const total = stakes.reduce((s, x) => s + jackpotFeedFen(JACKPOT, x), 0);
    expect(total).toBe(stakes.reduce((s, x) => s + Math.floor((x * JACKPOT.jackpot!.feedBasisPoints) / 10_000), 0));
    expect(await pool()).toBe(before.pool + total);
    expect(await book()).toBe(before.book - total);
    const feeds = await journals('jackpot.feed');
    expect(feeds.map((j) => j.ref_id).sort()).toEqual(stakes.map((s) => `r-${s}`).sort());
    expect(feeds.every((j) => j.ref_type === 'round' && j.memo === POOL)).toBe(true);
    expect(await verifyLedger(db())).toEqual([]);
    // The lobby shows the grown pool.
    const shown = ok(await h.call(`${G}getBonusPools`, { gameCode: JACKPOT.code })).data.list[0].amount;
    expect(shown).toBe(((before.pool + total) / 100).toFixed(2));
  });

  it('a failed stake step feeds nothing (same transaction); no pool or a share under 1 fen posts nothing; a bad stake throws', async () => {
    const before = await pool();
    await expect(
      moneyStep(db(), async (tx) => {
        await feedPools(tx, JACKPOT.code, 10_000);
        throw new Error('stake refused');
      }),
    ).rejects.toThrow('stake refused');
    expect(await pool()).toBe(before);
    const plain = TITLES.find((t) => !t.jackpot)!;
    const n = (await journals('jackpot.feed')).length;
    expect(await moneyStep(db(), (tx) => feedPools(tx, plain.code, 10_000))).toBeNull();
    expect(await moneyStep(db(), (tx) => feedPools(tx, 'NOPE1', 10_000))).toBeNull();
    expect(await moneyStep(db(), (tx) => feedPools(tx, JACKPOT.code, 99))).toBeNull();
    expect((await journals('jackpot.feed')).length).toBe(n);
    for (const bad of [0, -100, 1.5, Number.NaN]) {
      await expect(moneyStep(db(), (tx) => feedPools(tx, JACKPOT.code, bad))).rejects.toThrow(RangeError);
    }
    expect(await pool()).toBe(before);
    expect(titleByCode(plain.code)!.jackpot).toBeUndefined();
  });

  it('getBonusPools lists only pools of games the brand lists; bad input 6007', async () => {
    await db()
      .updateTable('casino_games')
      .set({ status: 'hidden' })
      .where('site_code', '=', 7001)
      .where('code', '=', JACKPOT.code)
      .execute();
    try {
      expect(ok(await h.call(`${G}getBonusPools`, {}, { site: 7001 })).data.list).toEqual([]);
      expect(ok(await h.call(`${G}getBonusPools`, {})).data.list).toHaveLength(1);
    } finally {
      await db()
        .updateTable('casino_games')
        .set({ status: 'active' })
        .where('site_code', '=', 7001)
        .where('code', '=', JACKPOT.code)
        .execute();
    }
    expect(ok(await h.call(`${G}getBonusPools`, { gameCode: 'H5001' })).data.list).toEqual([]);
    expectFail(await h.call(`${G}getBonusPools`, { gameCode: 'a b' }), 6007);
    expectFail(await h.call(`${G}getBonusPools`, { x: 1 }), 6007);
  });

  it('ledger:verify flags a pool paid below zero (a jackpot can pay out only what the pool holds)', async () => {
    const over = (await pool()) + 1;
    const move = (amount: number) =>
      moneyStep(db(), (tx) =>
        post(tx, {
          kind: 'test.pool',
          currency: 'CNY',
          refType: 'test',
          refId: POOL,
          lines: [
            { account: poolAccount(POOL), amount: -amount },
            { account: casinoBook(HOUSE_CASINO_DZ), amount },
          ],
        }),
      );
    await move(over);
    try {
      expect((await verifyLedger(db())).map((p) => p.check)).toEqual(['no jackpot pool below zero']);
    } finally {
      await move(-over);
    }
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("payPool pays the whole pool to the winner's venue wallet and restarts it from its seed; concurrent wins pay it once", async () => {
    const seedFen = JACKPOT.jackpot!.seedFen;
    await moneyStep(db(), (tx) => feedPools(tx, JACKPOT.code, 50_000));
    const amount = await pool();
    expect(amount).toBeGreaterThan(seedFen);
    const [a, b] = [await freshMember(h), await freshMember(h)];
    const wallet = (id: string) => memberAccount(id, 'venue', 'CNY', HOUSE_CASINO_DZ);
    const win = await moneyStep(db(), (tx) => payPool(tx, JACKPOT.code, wallet(a.userId), { type: 'round', id: 'win-1' }));
    expect(win).toEqual({ poolCode: POOL, paidFen: amount, reseededFen: seedFen });
    expect(await balanceOf(db(), wallet(a.userId))).toBe(amount);
    expect(await pool()).toBe(seedFen);
    expect(await verifyLedger(db())).toEqual([]);
    // Two wins at once: the first takes the pool, the second the restarted seed — never the same amount twice.
    for (let round = 0; round < 3; round++) {
      await moneyStep(db(), (tx) => feedPools(tx, JACKPOT.code, 30_000));
      const grown = await pool();
      const wins = await Promise.all(
        [a, b].map((m, i) =>
          moneyStep(db(), (tx) => payPool(tx, JACKPOT.code, wallet(m.userId), { type: 'round', id: `win-${round}-${i}` })),
        ),
      );
      expect(wins.map((w) => w!.paidFen).sort((x, y) => x - y)).toEqual([seedFen, grown]);
    }
    expect(await pool()).toBe(seedFen);
    expect(await moneyStep(db(), (tx) => payPool(tx, 'H5001', wallet(a.userId), { type: 'round', id: 'none' }))).toBeNull();
    expect(await verifyLedger(db())).toEqual([]);
  });
});
