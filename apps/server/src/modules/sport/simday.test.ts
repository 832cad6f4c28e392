/**
 * A simulated day of the house sportsbook ("ledger:verify clean after a simulated
 * day"): players bet singles, parlays and series on the day's matches as the clock moves through 24
 * hours, the settlement job runs as the server runs it, and at the end every bet is settled exactly
 * once, the sportsbook's books equal stakes minus payouts, and the ledger's invariants hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseAccount } from '../../ledger/accounts.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import type { FeedEvent } from '../../providers/oddsFeed.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { item, key, manualClock, player, resource, venueFen, type Player } from './testKit.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const HOUR = 3_600_000;
const STEP_MS = 30 * 60_000;
const PLAYERS = 5;
const START_FEN = 500_000;

/** A small deterministic generator (mulberry32): the same day every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('a simulated day of the sportsbook', () => {
  it('every bet settles once; the books balance; ledger:verify is clean', async () => {
    const clock = manualClock(h);
    const rand = rng(20261122);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const players: Player[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await player(h, START_FEN));
    const venueBefore = await balanceOf(h.s.handle.db, houseAccount('sportsbook', 'CRTY'));

    let placed = 0;
    const start = clock.get();
    for (let t = start; t < start + 24 * HOUR; t += STEP_MS) {
      clock.set(t);
      const open = clock.sim
        .list({ gameType: 'FT', showType: 'FT', pageSize: 50 })
        .events.concat(clock.sim.list({ gameType: 'FT', showType: 'FU', pageSize: 50 }).events)
        .filter((e: FeedEvent) => e.status === 'scheduled' && e.startAt < start + 26 * HOUR && !e.suspended && e.markets.length > 0);
      for (const p of players) {
        if (open.length < 3 || rand() < 0.4) continue;
        const kind = pick(['single', 'single', 'multiple', 'series'] as const);
        const legs = kind === 'single' ? 1 : kind === 'multiple' ? 2 : 3;
        const games = [...open].sort(() => rand() - 0.5).slice(0, legs);
        const items = games.map((e) => {
          const m = pick(e.markets.filter((x) => x.kind === 'main'));
          const s = pick(m.selections);
          return item(e, s.w, s.r);
        });
        const stake = String(10 + Math.floor(rand() * 90));
        const body = {
          mode: kind,
          items,
          stake,
          acceptAnyOdds: 1,
          idempotencyKey: key(),
          ...(kind === 'series' ? { seriesType: '3串4' } : {}),
        };
        const r = await resource(h, p, 'bet', body);
        expect(r.status_code, JSON.stringify(r)).toBe(6000);
        placed++;
      }
      await h.s.sport.settlement.settleDue();
    }
    // The last matches end: the job settles everything that is over, then has nothing left.
    clock.set(start + 3 * 24 * HOUR);
    while ((await h.s.sport.settlement.settleDue()) > 0) {
      /* drain */
    }
    expect(await h.s.sport.settlement.settleDue()).toBe(0);

    const bets = await h.s.handle.db.selectFrom('sport_bets').select(['status', 'stake', 'payout', 'valid', 'member_id']).execute();
    expect(placed).toBeGreaterThan(40);
    expect(bets).toHaveLength(placed);
    expect(bets.every((b) => b.status === 'settled')).toBe(true);
    const stakes = bets.reduce((s, b) => s + Number(b.stake), 0);
    const payouts = bets.reduce((s, b) => s + Number(b.payout), 0);
    // The sportsbook keeps stakes and pays payouts; the players' wallets move by the opposite.
    expect((await balanceOf(h.s.handle.db, houseAccount('sportsbook', 'CRTY'))) - venueBefore).toBe(stakes - payouts);
    let wallets = 0;
    for (const p of players) wallets += await venueFen(h, p.userId);
    expect(wallets).toBe(PLAYERS * START_FEN - stakes + payouts);
    // Each settled bet reported to the turnover feed once.
    const turnover = await h.s.handle.db.selectFrom('bet_turnover_refs').select('bet_ref').where('channel_code', '=', 'CRTY').execute();
    expect(turnover).toHaveLength(placed);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  }, 240_000);
});
