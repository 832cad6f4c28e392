/**
 * Bets on the simulator's other sports (tennis, volleyball, table tennis, snooker, baseball, ice
 * hockey) through the venue: pre-match and in-play singles are accepted under the sport's payout-cap
 * group (spec §9), and settle from the feed's result once the match is over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/verify.ts';
import type { FeedGameType } from '../../providers/oddsFeed.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { settleSelection } from '../../venues/sportsbook/markets.ts';
import { G, item, key, manualClock, player, prematch, resource, selection } from './testKit.ts';

let h: Harness;
let clock: ReturnType<typeof manualClock>;
beforeAll(async () => {
  h = await createHarness({ SPORT_IN_PLAY_DELAY_MS: '20' });
  clock = manualClock(h);
});
afterAll(async () => {
  await h?.close();
});

/** Spec §9: tennis and similar sports share one daily cap, other sports another. */
const GROUP: Record<Exclude<FeedGameType, 'FT' | 'BK' | 'VF'>, string> = {
  TN: 'tennisLike',
  VB: 'tennisLike',
  TT: 'tennisLike',
  BS: 'other',
  SK: 'other',
  OP: 'other',
  EL: 'other',
  EK: 'other',
  ED: 'other',
  EC: 'other',
  EV: 'other',
};

describe.each(['TN', 'VB', 'TT', 'SK', 'BS', 'OP'] as const)('%s bets', (gameType) => {
  it('a pre-match and an in-play single are accepted and settle by the result', async () => {
    const p = await player(h, 50_000);
    const pre = prematch(clock.sim, gameType);
    const live = clock.sim
      .list({ gameType, showType: 'RB' })
      .events.find((e) => !e.suspended && e.markets.some((m) => m.type === 'ML' && m.selections.length === 2))!;
    const preSel = selection(pre, 'ML');
    const liveSel = selection(live, 'ML', 1);
    const a = await resource(h, p, 'bet', { mode: 'single', items: [item(pre, preSel.w, preSel.r)], stake: '20', idempotencyKey: key() });
    expect(a.status_code, JSON.stringify(a)).toBe(6000);
    expect(a.data.status).toBe('accepted');
    const b = await resource(h, p, 'bet', {
      mode: 'single',
      items: [item(live, liveSel.w, liveSel.r)],
      stake: '10',
      idempotencyKey: key(),
    });
    expect(b.status_code, JSON.stringify(b)).toBe(6000);
    expect(b.data.status).toBe('pending');
    await new Promise((r) => setTimeout(r, 40));
    expect((await resource(h, p, 'ticket', { ticketId: b.data.ticket_id })).data.status).toBe('accepted');

    const rows = await h.s.handle.db
      .selectFrom('sport_bets')
      .select(['id', 'cap_groups', 'game_type'])
      .where('member_id', '=', p.userId)
      .execute();
    for (const r of rows) {
      expect(r.game_type).toBe(gameType);
      const groups = r.cap_groups.split(',');
      expect(groups).toContain('general');
      expect(groups).not.toContain('footballBasketball');
      expect(groups).toContain(GROUP[gameType as keyof typeof GROUP]);
    }

    const start = clock.get();
    try {
      clock.set(Math.max(pre.startAt, live.startAt) + 10 * 3_600_000);
      await h.s.sport.settlement.settleDue();
      const list = await h.call(`${G}record/betRecordList`, { status: 1 }, { token: p.token });
      expect(list.data.total).toBe(2);
      for (const [e, s] of [
        [pre, preSel],
        [live, liveSel],
      ] as const) {
        const bet = list.data.list.find((x: { legs: Array<{ gameId: string }> }) => x.legs[0]!.gameId === e.gameId);
        expect(bet.legs[0].result).toBe(settleSelection(s.w, clock.sim.result(e.gameId)!));
      }
    } finally {
      clock.set(start);
    }
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });
});
