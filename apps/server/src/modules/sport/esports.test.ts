/**
 * E-sports bets through the sportsbook venue (SQLite and PostgreSQL alike): map markets settle by the map's
 * result, a map not played is void (stake back), a forfeited series voids its series markets; the in-play delay
 * refuses a bet when a kill lands inside it and accepts one when nothing happens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/verify.ts';
import type { FeedEvent } from '../../providers/oddsFeed.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { settleSelection } from '../../venues/sportsbook/markets.ts';
import { G, item, key, manualClock, player, resource, venueFen } from './testKit.ts';

let h: Harness;
let clock: ReturnType<typeof manualClock>;
beforeAll(async () => {
  h = await createHarness({ SPORT_IN_PLAY_DELAY_MS: '600000' });
  clock = manualClock(h);
});
afterAll(async () => {
  await h?.close();
});

const FAR = 3 * 86_400_000;

/** Upcoming events of the e-sports titles whose result (looked at far ahead, then the clock put back) passes `test`. */
function upcomingWhere(test: (r: NonNullable<ReturnType<typeof clock.sim.result>>) => boolean): FeedEvent | undefined {
  const now = clock.get();
  for (const gameType of ['EC', 'EV', 'EL', 'EK', 'ED'] as const) {
    for (const showType of ['FT', 'FU'] as const) {
      for (const e of clock.sim.list({ gameType, showType, pageSize: 200 }).events) {
        clock.set(now + FAR);
        const r = clock.sim.result(e.gameId);
        clock.set(now);
        if (r && test(r) && e.markets.length > 0) return clock.sim.event(e.gameId)!;
      }
    }
  }
  return undefined;
}

const pick = (e: FeedEvent, w: (code: string) => boolean) => e.markets.flatMap((m) => m.selections).find((s) => w(s.w))!;

async function bet(p: Awaited<ReturnType<typeof player>>, e: FeedEvent, s: { w: string; r: number }, stake = '10') {
  const a = await resource(h, p, 'bet', { mode: 'single', items: [item(e, s.w, s.r)], stake, idempotencyKey: key() });
  expect(a.status_code, JSON.stringify(a)).toBe(6000);
  return a.data as { ticket_id: string; status: string };
}

/** Settled bets (status 1) and void ones (status 2) of the member's records. */
async function settledLegs(p: Awaited<ReturnType<typeof player>>) {
  const rows = [];
  for (const status of [1, 2]) rows.push(...(await h.call(`${G}record/betRecordList`, { status }, { token: p.token })).data.list);
  return rows as Array<{ legs: Array<{ gameId: string; result: string }>; winAmount: string; betAmount: string }>;
}

describe('e-sports settlement', () => {
  it('a best of 3 won 2–0: map 1 and series markets settle by the result, map 3 (not played) is void and the stake comes back', async () => {
    const e = upcomingWhere((r) => r.scoreH + r.scoreC === 2 && r.maps?.length === 2 && !r.forfeit && !!r.maps)!;
    expect(e, 'a 2–0 series ahead').toBeDefined();
    const p = await player(h, 50_000);
    const legs = [
      pick(e, (w) => w === 'MW:1:H'),
      pick(e, (w) => w === 'MW:3:C'),
      pick(e, (w) => w.startsWith('ML:')),
      pick(e, (w) => w.startsWith('KO:1:O')),
    ];
    for (const s of legs) expect((await bet(p, e, s)).status).toBe('accepted');
    const start = clock.get();
    try {
      clock.set(start + FAR);
      await h.s.sport.settlement.settleDue();
      const r = clock.sim.result(e.gameId)!;
      const rows = await settledLegs(p);
      expect(rows).toHaveLength(4);
      expect(rows.every((x) => x.legs[0]!.gameId === e.gameId)).toBe(true);
      const results = rows.map((x) => x.legs[0]!.result).sort();
      expect(results).toEqual(legs.map((s) => settleSelection(s.w, r)!).sort());
      expect(settleSelection('MW:3:C', r)).toBe('D');
      expect(rows.filter((x) => x.legs[0]!.result === 'D')).toHaveLength(1);
      // Four stakes of ¥10 out; the void one back at least.
      expect(Number(await venueFen(h, p.userId))).toBeGreaterThanOrEqual(50_000 - 4_000 + 1_000);
    } finally {
      clock.set(start);
    }
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('a forfeited series: the match winner is void', async () => {
    const e = upcomingWhere((r) => r.forfeit === true);
    expect(e, 'a forfeit ahead (2% of series)').toBeDefined();
    const p = await player(h, 20_000);
    await bet(
      p,
      e!,
      pick(e!, (w) => w === 'ML:H'),
    );
    const start = clock.get();
    try {
      clock.set(start + FAR);
      await h.s.sport.settlement.settleDue();
      const rows = await settledLegs(p);
      expect(rows.map((x) => x.legs[0]!.result)).toEqual(['D']);
    } finally {
      clock.set(start);
    }
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });
});

describe('the in-play delay around a kill', () => {
  it('a bet whose delay holds a kill is refused; one whose delay holds nothing is accepted', async () => {
    const live = clock.sim.list({ gameType: 'EL', showType: 'RB', pageSize: 50 }).events.find((e) => e.data.esports?.live && !e.suspended)!;
    expect(live).toBeDefined();
    const p = await player(h, 20_000);
    const start = clock.get();
    const stepTo = (until: (e: FeedEvent) => boolean) => {
      for (let i = 0; i < 3_600; i++) {
        clock.set(clock.get() + 1_000);
        const e = clock.sim.event(live.gameId)!;
        if (until(e)) return e;
      }
      throw new Error('nothing happened in an hour');
    };
    try {
      // Right after a reopening: bet, then the next kill (or tower, dragon) suspends the book inside the delay.
      const open = stepTo((e) => !e.suspended && e.data.esports!.live && e.markets.some((m) => m.type === 'MW'));
      const mw = pick(open, (w) => w.startsWith('MW:'));
      const refused = await bet(p, open, mw);
      expect(refused.status).toBe('pending');
      stepTo((e) => e.suspended);
      await h.s.sport.settlement.confirmDue(Date.now() + 3_600_000);
      expect((await resource(h, p, 'ticket', { ticketId: refused.ticket_id })).data.status).toBe('rejected');

      // A bet whose delay passes with nothing happening (the same version a second later) is accepted.
      let calm: FeedEvent | null = null;
      while (!calm) {
        const e = stepTo((x) => !x.suspended && x.data.esports!.live && x.markets.some((m) => m.type === 'MW'));
        clock.set(clock.get() + 1_000);
        const later = clock.sim.event(live.gameId)!.version;
        clock.set(clock.get() - 1_000);
        if (later === e.version) calm = e;
      }
      const accepted = await bet(
        p,
        calm,
        pick(calm, (w) => w.startsWith('MW:')),
      );
      expect(accepted.status).toBe('pending');
      clock.set(clock.get() + 1_000);
      await h.s.sport.settlement.confirmDue(Date.now() + 3_600_000);
      expect((await resource(h, p, 'ticket', { ticketId: accepted.ticket_id })).data.status).toBe('accepted');
    } finally {
      clock.set(start);
    }
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });
});
