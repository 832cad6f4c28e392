import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { recordSettledBet, retractSettledBet, turnoverBetween, type SettledBet, turnoverRepository } from './repository.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

// 2026-03-01 23:30 in UTC+8 is 15:30 UTC; 00:30 the next day in UTC+8 is 16:30 UTC.
const LATE = Date.UTC(2026, 2, 1, 15, 30);
const NEXT = Date.UTC(2026, 2, 1, 16, 30);
const bet = (o: Partial<SettledBet>): SettledBet => ({
  memberId: 'm1',
  siteCode: 7000,
  channelCode: 'CRTY',
  category: 'TY',
  betRef: 'b1',
  stakeFen: 10_000,
  validFen: 10_000,
  payoutFen: 0,
  settledAtMs: LATE,
  ...o,
});

describe('settled-bet turnover feed', () => {
  it('sums bets per member, day and venue; a bet reported twice counts once; valid turnover feeds the withdrawal requirement', async () => {
    const db = h.s.handle.db;
    await db.transaction().execute(async (tx) => {
      expect(await recordSettledBet(tx, bet({}))).toBe(true);
      expect(await recordSettledBet(tx, bet({}))).toBe(false);
      expect(await recordSettledBet(tx, bet({ betRef: 'b2', stakeFen: 5_000, validFen: 2_500, payoutFen: 7_500 }))).toBe(true);
      expect(await recordSettledBet(tx, bet({ betRef: 'b3', settledAtMs: NEXT, validFen: 0, payoutFen: 10_000 }))).toBe(true);
      expect(await recordSettledBet(tx, bet({ betRef: 'z1', channelCode: 'SBZR', category: 'ZR', stakeFen: 300, validFen: 300 }))).toBe(
        true,
      );
    });
    const day1 = await turnoverBetween(db, { memberId: 'm1', fromDay: '2026-03-01', toDay: '2026-03-01' });
    expect(day1).toEqual([
      { memberId: 'm1', category: 'TY', channelCode: 'CRTY', bets: 2, stakeFen: 15_000, validFen: 12_500, payoutFen: 7_500 },
      { memberId: 'm1', category: 'ZR', channelCode: 'SBZR', bets: 1, stakeFen: 300, validFen: 300, payoutFen: 0 },
    ]);
    const both = await turnoverBetween(db, { siteCode: 7000, fromDay: '2026-03-01', toDay: '2026-03-02' });
    expect(both.find((r) => r.channelCode === 'CRTY')).toMatchObject({ bets: 3, stakeFen: 25_000, validFen: 12_500 });
    expect((await turnoverRepository.get(db, 'm1')).done).toBe(12_800);
  });
});

describe('a resettled bet', () => {
  it('is taken back by a restore and counted again with its new figures on the day of its first report', async () => {
    const db = h.s.handle.db;
    const m = 'm-resettle';
    const day = (d: string) => turnoverBetween(db, { memberId: m, fromDay: d, toDay: d });
    const done = async () => (await turnoverRepository.get(db, m)).done;
    await db.transaction().execute((tx) => recordSettledBet(tx, bet({ memberId: m, betRef: 'r1', payoutFen: 19_000 })));
    await db.transaction().execute((tx) => recordSettledBet(tx, bet({ memberId: m, betRef: 'r2', stakeFen: 2_000, validFen: 2_000 })));
    expect(await done()).toBe(12_000);
    expect(await db.transaction().execute((tx) => retractSettledBet(tx, 'CRTY', 'r1'))).toBe(true);
    expect(await db.transaction().execute((tx) => retractSettledBet(tx, 'CRTY', 'r1'))).toBe(false);
    expect(await day('2026-03-01')).toEqual([
      { memberId: m, category: 'TY', channelCode: 'CRTY', bets: 1, stakeFen: 2_000, validFen: 2_000, payoutFen: 0 },
    ]);
    expect(await done()).toBe(2_000);
    // Settled again the next business day as a half loss: back on its first day, with the new figures.
    const again = bet({ memberId: m, betRef: 'r1', validFen: 5_000, payoutFen: 5_000, settledAtMs: NEXT });
    expect(await db.transaction().execute((tx) => recordSettledBet(tx, again))).toBe(true);
    expect(await db.transaction().execute((tx) => recordSettledBet(tx, again))).toBe(false);
    expect(await day('2026-03-01')).toEqual([
      { memberId: m, category: 'TY', channelCode: 'CRTY', bets: 2, stakeFen: 12_000, validFen: 7_000, payoutFen: 5_000 },
    ]);
    expect(await day('2026-03-02')).toEqual([]);
    expect(await done()).toBe(7_000);
    // The last bet of a day taken back leaves no row; a bet never reported has nothing to take back.
    for (const ref of ['r1', 'r2']) await db.transaction().execute((tx) => retractSettledBet(tx, 'CRTY', ref));
    expect(await day('2026-03-01')).toEqual([]);
    expect(await done()).toBe(0);
    expect(await db.transaction().execute((tx) => retractSettledBet(tx, 'CRTY', 'never'))).toBe(false);
  });

  it('a row reported before migration 0014 (figures unknown) is never taken back: its first settlement stays', async () => {
    const db = h.s.handle.db;
    const m = 'm-legacy';
    await db.transaction().execute((tx) => recordSettledBet(tx, bet({ memberId: m, betRef: 'old1' })));
    await db.updateTable('bet_turnover_refs').set({ stake: null, valid: null, payout: null }).where('bet_ref', '=', 'old1').execute();
    expect(await db.transaction().execute((tx) => retractSettledBet(tx, 'CRTY', 'old1'))).toBe(false);
    expect(await db.transaction().execute((tx) => recordSettledBet(tx, bet({ memberId: m, betRef: 'old1', validFen: 0 })))).toBe(false);
    expect(await turnoverBetween(db, { memberId: m, fromDay: '2026-03-01', toDay: '2026-03-01' })).toMatchObject([
      { bets: 1, validFen: 10_000 },
    ]);
    expect((await turnoverRepository.get(db, m)).done).toBe(10_000);
  });
});
