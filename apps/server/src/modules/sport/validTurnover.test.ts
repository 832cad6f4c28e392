/**
 * Valid turnover (有效投注): a bet counts toward turnover only at the brand's minimum odds
 * (default 1.50 European / 0.50 HK), void and pushed stakes count nothing, and opposite selections of one
 * market by one member count once at most. Through placement and settlement: the bet's valid amount, the
 * turnover feed (bet_turnover_daily: VIP, rebates, races) and the withdrawal turnover ("done").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validTurnoverFen } from '@portal/rules';
import { verifyLedger } from '../../ledger/verify.ts';
import type { FeedEvent } from '../../providers/oddsFeed.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { settleSelection } from '../../venues/sportsbook/markets.ts';
import { turnoverRepository } from '../turnover/repository.ts';
import { DEFAULT_VALID_MIN_MILLI, hedgedValidFen, marketOf, oddsQualify, validMinMilli } from './validTurnover.ts';
import { G, item, key, manualClock, player, resource, type Player } from './testKit.ts';

let h: Harness;
let clock: ReturnType<typeof manualClock>;
beforeAll(async () => {
  h = await createHarness();
  clock = manualClock(h);
});
afterAll(async () => {
  await h?.close();
});

describe('valid turnover rules', () => {
  it('the brand minimum: 1.50 by default, the site flag when it is a sane European price', () => {
    expect(validMinMilli(undefined)).toBe(DEFAULT_VALID_MIN_MILLI);
    expect(DEFAULT_VALID_MIN_MILLI).toBe(1500);
    expect(validMinMilli(1.8)).toBe(1800);
    expect(validMinMilli('1.8')).toBe(1500);
    expect(validMinMilli(0.5)).toBe(1500); // an HK figure by mistake: not a European price
    expect(oddsQualify('single', [1030], 1030, 1500)).toBe(false);
    expect(oddsQualify('single', [1500], 1500, 1500)).toBe(true);
    expect(oddsQualify('parlay', [1200, 1300], 1560, 1500)).toBe(true);
    expect(oddsQualify('series', [1200, 2000, 2000], 0, 1500)).toBe(false);
  });

  it('opposite sides of one market count once at most; the same side adds up', () => {
    expect(marketOf('e', 'AH:H:-0.5').market).toBe(marketOf('e', 'AH:C:0.5').market);
    expect(marketOf('e', 'AH:H:-0.5').market).not.toBe(marketOf('e', 'AH:H:-1').market);
    expect(marketOf('e', 'OU:O:2.5').market).toBe(marketOf('e', 'OU:U:2.5').market);
    expect(hedgedValidFen('U', 10_000, [{ side: 'O', rawValid: 10_000, counted: 10_000 }])).toBe(0);
    expect(hedgedValidFen('U', 30_000, [{ side: 'O', rawValid: 10_000, counted: 10_000 }])).toBe(20_000);
    expect(hedgedValidFen('O', 10_000, [{ side: 'O', rawValid: 10_000, counted: 10_000 }])).toBe(10_000);
    expect(hedgedValidFen('N', 10_000, [])).toBe(10_000);
  });
});

/** Today's and early events of every sport, not started. */
function prematchEvents(): FeedEvent[] {
  return ['FT', 'BK', 'TN', 'SK', 'BS', 'OP'].flatMap((g) =>
    (['FT', 'FU'] as const).flatMap((st) => clock.sim.list({ gameType: g as never, showType: st, pageSize: 60 }).events),
  );
}

async function settleAll(events: FeedEvent[]): Promise<void> {
  clock.set(Math.max(...events.map((e) => e.startAt)) + 6 * 3_600_000);
  while ((await h.s.sport.settlement.settleDue()) > 0) {
    /* drain */
  }
}

async function bet(p: Player, e: FeedEvent, w: string, r: number, stake: string) {
  const a = await resource(h, p, 'bet', { mode: 'single', items: [item(e, w, r)], stake, idempotencyKey: key() });
  expect(a.status_code, JSON.stringify(a)).toBe(6000);
  return a.data.ticket_id as string;
}

const betRow = (id: string) =>
  h.s.handle.db.selectFrom('sport_bets').select(['valid', 'stake', 'status', 'result']).where('id', '=', id).executeTakeFirstOrThrow();
const dayValid = async (memberId: string) =>
  (await h.s.handle.db.selectFrom('bet_turnover_daily').select(['valid', 'stake']).where('member_id', '=', memberId).execute()).reduce(
    (s, r) => ({ valid: s.valid + Number(r.valid), stake: s.stake + Number(r.stake) }),
    { valid: 0, stake: 0 },
  );

describe('valid turnover through placement and settlement', () => {
  it('a ¥450 bet at low odds counts nothing toward turnover (the wash of the issue); at the minimum it counts', async () => {
    const start = clock.get();
    const events = prematchEvents();
    const low = events.flatMap((e) => e.markets.flatMap((m) => m.selections.filter((s) => s.r < 1500).map((s) => ({ e, s }))))[0]!;
    const fair = events.flatMap((e) =>
      e.markets.flatMap((m) => m.selections.filter((s) => s.r >= 1500 && s.r < 3000).map((s) => ({ e, s }))),
    )[0]!;
    expect(low, 'a selection under 1.50 on offer').toBeDefined();
    const p = await player(h, 200_000);
    const washId = await bet(p, low.e, low.s.w, low.s.r, '450');
    const fairId = await bet(p, fair.e, fair.s.w, fair.s.r, '100');
    await settleAll([low.e, fair.e]);
    const wash = await betRow(washId);
    const counted = await betRow(fairId);
    expect(wash.status).toBe('settled');
    expect(Number(wash.valid)).toBe(0);
    expect(counted.status).toBe('settled');
    const fairLeg = settleSelection(fair.s.w, h.s.sportFeed!.result(fair.e.gameId)!)!;
    expect(Number(counted.valid)).toBe(validTurnoverFen(10_000, fairLeg));
    // The turnover feed (VIP, rebates, races) and the withdrawal turnover see the same figures.
    expect(await dayValid(p.userId)).toEqual({ stake: 55_000, valid: Number(counted.valid) });
    expect((await turnoverRepository.get(h.s.handle.db, p.userId)).done).toBe(Number(counted.valid));
    clock.set(start);
  });

  it("the brand's setting moves the minimum (site flag validTurnoverMinOdds)", async () => {
    const start = clock.get();
    const db = h.s.handle.db;
    const row = await db.selectFrom('sites').select(['site_code', 'flags_json']).where('site_code', '=', 7000).executeTakeFirstOrThrow();
    await db
      .updateTable('sites')
      .set({ flags_json: JSON.stringify({ ...JSON.parse(row.flags_json), validTurnoverMinOdds: 1.01 }) })
      .where('site_code', '=', 7000)
      .execute();
    h.s.sport.settlement.forgetSiteSettings(); // read within 10 s otherwise
    try {
      const events = prematchEvents();
      const low = events.flatMap((e) => e.markets.flatMap((m) => m.selections.filter((s) => s.r < 1500).map((s) => ({ e, s }))))[1]!;
      const p = await player(h, 100_000);
      const id = await bet(p, low.e, low.s.w, low.s.r, '450');
      await settleAll([low.e]);
      const leg = settleSelection(low.s.w, h.s.sportFeed!.result(low.e.gameId)!)!;
      expect(Number((await betRow(id)).valid)).toBe(validTurnoverFen(45_000, leg));
    } finally {
      await db.updateTable('sites').set({ flags_json: row.flags_json }).where('site_code', '=', 7000).execute();
      h.s.sport.settlement.forgetSiteSettings();
      clock.set(start);
    }
  });

  it('odd and even of one match by one member count once; a second member is counted on their own', async () => {
    const start = clock.get();
    const e = prematchEvents().find((x) => x.gameType === 'FT' && x.markets.some((m) => m.type === 'OE'))!;
    const oe = e.markets.find((m) => m.type === 'OE')!;
    const odd = oe.selections[0]!;
    const even = oe.selections[1]!;
    const hedger = await player(h, 100_000);
    const other = await player(h, 100_000);
    const a = await bet(hedger, e, odd.w, odd.r, '100');
    const b = await bet(hedger, e, even.w, even.r, '100');
    const c = await bet(other, e, odd.w, odd.r, '100');
    await settleAll([e]);
    const valids = await Promise.all([a, b, c].map(async (id) => Number((await betRow(id)).valid)));
    expect(valids[0]! + valids[1]!).toBe(10_000); // not 20,000: the hedge farmed nothing
    expect(valids[2]).toBe(10_000);
    expect((await dayValid(hedger.userId)).valid).toBe(10_000);
    expect((await turnoverRepository.get(h.s.handle.db, hedger.userId)).done).toBe(10_000);
    // The bet record shows each bet's valid amount.
    const rec = await h.call(`${G}record/betRecordList`, { status: 1 }, { token: hedger.token });
    expect((rec.data.list as Array<{ ticket_id: string; validAmount: string }>).map((r) => [r.ticket_id, r.validAmount]).sort()).toEqual(
      [
        [a, (valids[0]! / 100).toFixed(2)],
        [b, (valids[1]! / 100).toFixed(2)],
      ].sort(),
    );
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
    clock.set(start);
  });
});
