/**
 * E-sports bets count as sport (issue 32): an operator's series result with its maps (`ops sport:result … maps=`)
 * settles the map markets — a map winner won, a map not played void — and the settled bets land where sport bets
 * do: the bet record, the turnover feed under category TY (VIP, rebates, races read it) with the valid-turnover
 * rule (the void stake counts nothing), the withdrawal turnover. A correction of the score alone keeps the maps.
 * SQLite and PostgreSQL alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/verify.ts';
import { runOps } from '../../ops/dispatch.ts';
import type { FeedEvent } from '../../providers/oddsFeed.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { turnoverRepository } from '../turnover/repository.ts';
import { G, item, key, manualClock, player, resource } from './testKit.ts';

let h: Harness;
let clock: ReturnType<typeof manualClock>;
beforeAll(async () => {
  h = await createHarness();
  clock = manualClock(h);
});
afterAll(async () => {
  await h?.close();
});

const ops = (argv: string[]) =>
  runOps(argv, { handle: h.s.handle, config: h.config, operator: 'test', services: h.s, print: () => undefined });

/** A best of 3 not started yet (today's or early) with map 1 and map 3 winners priced at 1.50 or more (valid turnover). */
function bestOfThree(): FeedEvent {
  for (const showType of ['FT', 'FU'] as const) {
    for (const e of clock.sim.list({ gameType: 'EL', showType, pageSize: 100 }).events) {
      const sels = e.markets.flatMap((m) => m.selections);
      const ok = (w: string) => (sels.find((s) => s.w === w)?.r ?? 0) >= 1_500;
      if (ok('MW:1:H') && ok('MW:3:C')) return e;
    }
  }
  throw new Error('no best of 3 ahead');
}

describe('e-sports bets count as sport', () => {
  it('maps= settles map 1 won and map 3 (not played) void; record, turnover feed (TY) and withdrawal turnover as for sport', async () => {
    const db = h.s.handle.db;
    const e = bestOfThree();
    const p = await player(h, 50_000);
    const sel = (w: string) => e.markets.flatMap((m) => m.selections).find((s) => s.w === w)!;
    const tickets: string[] = [];
    for (const w of ['MW:1:H', 'MW:3:C']) {
      const a = await resource(h, p, 'bet', { mode: 'single', items: [item(e, w, sel(w).r)], stake: '100', idempotencyKey: key() });
      expect(a.status_code, JSON.stringify(a)).toBe(6000);
      tickets.push(a.data.ticket_id as string);
    }
    const records = async () => {
      const rows = [];
      for (const status of [1, 2]) rows.push(...(await h.call(`${G}record/betRecordList`, { status }, { token: p.token })).data.list);
      return Object.fromEntries(rows.map((r: { legs: Array<{ result: string }> }) => [r.legs[0]!.result, r]));
    };
    // A series score without its maps: the map markets wait for them.
    expect(await ops(['sport:result', e.gameId, '2', '0'])).toBe(0);
    expect(await records()).toEqual({});
    expect(await ops(['sport:result', e.gameId, '2', '0', 'maps=H:bad'])).toBe(2);
    expect(await ops(['sport:result', e.gameId, '2', '0', 'maps=H:18-9,H:20-11'])).toBe(0);
    expect(Object.keys(await records()).sort()).toEqual(['D', 'W']);

    const feed = await db
      .selectFrom('bet_turnover_daily')
      .select(['category', 'bets', 'stake', 'valid'])
      .where('member_id', '=', p.userId)
      .execute();
    expect(feed.map((t) => [t.category, Number(t.stake), Number(t.valid)])).toEqual([['TY', 20_000, 10_000]]);
    expect((await turnoverRepository.get(db, p.userId)).done).toBe(10_000);

    // The score corrected without maps: the operator's maps stay, the bets settle the same.
    expect(await ops(['sport:result', e.gameId, '2', '0'])).toBe(0);
    expect(Object.keys(await records()).sort()).toEqual(['D', 'W']);
    expect(await verifyLedger(db)).toEqual([]);
  });
});
