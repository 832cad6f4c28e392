import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { payoutFen, validTurnoverFen } from '@portal/rules';
import { backfillFigures } from '../../db/migrations/0014_turnover_resettle.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { runOps } from '../../ops/dispatch.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { settleSelection } from '../../venues/sportsbook/markets.ts';
import { recordSettledBet, turnoverRepository } from '../turnover/repository.ts';
import { sportRepository } from './repository.ts';
import { betResult, settleMoney } from './settlement.ts';
import { G, item, key, manualClock, player, prematch, resource, selection, venueFen } from './testKit.ts';

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

describe('settlement math of a bet', () => {
  it('quarter-line halves, void parlay legs as odds 1, series of every combination', () => {
    const single = { kind: 'single' as const, stake: 10_000, stake_per_bet: 10_000, series_type: '' };
    expect(settleMoney(single, [{ result: 'LW', milli: 1900 }])).toEqual({ payout: 14_500, valid: 5_000 });
    expect(settleMoney(single, [{ result: 'LL', milli: 1900 }])).toEqual({ payout: 5_000, valid: 5_000 });
    expect(settleMoney(single, [{ result: 'D3', milli: 1900 }])).toEqual({ payout: 10_000, valid: 0 });
    const parlay = { kind: 'parlay' as const, stake: 10_000, stake_per_bet: 10_000, series_type: '' };
    expect(
      settleMoney(parlay, [
        { result: 'W', milli: 2000 },
        { result: 'P', milli: 1800 },
      ]),
    ).toEqual({ payout: 20_000, valid: 10_000 });
    expect(betResult(parlay, ['W', 'P'], 20_000)).toBe('W');
    expect(betResult(parlay, ['D1', 'D1'], 10_000)).toBe('D1');
    const series = { kind: 'series' as const, stake: 4_000, stake_per_bet: 1_000, series_type: '3串4' };
    // 3 doubles + 1 treble, one leg lost: only the double of the two winners pays.
    expect(
      settleMoney(series, [
        { result: 'W', milli: 2000 },
        { result: 'W', milli: 2000 },
        { result: 'L', milli: 2000 },
      ]).payout,
    ).toBe(4_000);
  });
});

describe('settlement through the ledger', () => {
  it('a tick reads no bet of an event without a result; a parlay settles once its last event has one', async () => {
    const p = await player(h, 100_000);
    const first = prematch(clock.sim);
    let later = first; // an event starting after the first one is over
    for (let k = 1; later.startAt < first.startAt + 4 * 3_600_000; k++) later = prematch(clock.sim, 'FT', k);
    const s1 = selection(first, 'AH');
    const s2 = selection(later, 'AH');
    const single = await resource(h, p, 'bet', { mode: 'single', items: [item(first, s1.w, s1.r)], stake: '10', idempotencyKey: key() });
    const parlay = await resource(h, p, 'bet', {
      mode: 'multiple',
      items: [item(first, s1.w, s1.r), item(later, s2.w, s2.r)],
      stake: '10',
      idempotencyKey: key(),
    });
    expect(single.status_code, JSON.stringify(single)).toBe(6000);
    expect(parlay.status_code, JSON.stringify(parlay)).toBe(6000);
    const read = vi.spyOn(sportRepository, 'bet');
    try {
      expect(await h.s.sport.settlement.settleDue()).toBe(0);
      expect(read).not.toHaveBeenCalled(); // neither event has a result: no bet is loaded
      clock.set(first.startAt + 3 * 3_600_000); // the first event is over, the later one not
      expect(await h.s.sport.settlement.settleDue()).toBeGreaterThanOrEqual(1);
      const status = async (id: string) =>
        (await h.s.handle.db.selectFrom('sport_bets').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
      expect(await status(single.data.ticket_id)).toBe('settled');
      expect(await status(parlay.data.ticket_id)).toBe('accepted'); // its second leg has no result yet
      read.mockClear();
      await h.s.sport.settlement.settleDue();
      expect(read.mock.calls.map((c) => c[1])).not.toContain(single.data.ticket_id);
      clock.set(later.startAt + 3 * 3_600_000);
      await h.s.sport.settlement.settleDue();
      expect(await status(parlay.data.ticket_id)).toBe('settled');
    } finally {
      read.mockRestore();
    }
  });

  it('settles by the feed result once, pays the venue wallet, reports turnover; records list and total it', async () => {
    const p = await player(h, 100_000);
    const e = prematch(clock.sim);
    const s = selection(e, 'AH');
    const r = await resource(h, p, 'bet', { mode: 'single', items: [item(e, s.w, s.r)], stake: '100', idempotencyKey: key() });
    expect(r.status_code, JSON.stringify(r)).toBe(6000);
    expect(await h.s.sport.settlement.settleDue()).toBe(0); // not played yet
    clock.set(e.startAt + 3 * 3_600_000);
    const result = clock.sim.result(e.gameId)!;
    const leg = settleSelection(s.w, result)!;
    const payout = payoutFen(10_000, [{ result: leg, milli: s.r }]);
    expect(await h.s.sport.settlement.settleDue()).toBeGreaterThanOrEqual(1);
    expect(await h.s.sport.settlement.settleDue()).toBe(0); // idempotent
    expect(await venueFen(h, p.userId)).toBe(90_000 + payout);
    const list = await h.call(`${G}record/betRecordList`, { status: 1 }, { token: p.token });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({
      ticket_id: r.data.ticket_id,
      result: leg,
      betAmount: '100.00',
      payout: (payout / 100).toFixed(2),
    });
    expect(list.data.list[0].legs[0]).toMatchObject({ gameId: e.gameId, w: s.w, result: leg });
    const total = await h.call(`${G}record/betRecordTotal`, {}, { token: p.token });
    expect(total.data).toMatchObject({ count: 1, betAmount: '100.00', validAmount: (validTurnoverFen(10_000, leg) / 100).toFixed(2) });
    const turnover = await h.s.handle.db.selectFrom('bet_turnover_daily').selectAll().where('member_id', '=', p.userId).execute();
    expect(turnover.map((t) => [Number(t.bets), Number(t.stake)])).toEqual([[1, 10_000]]);

    // A: restored (payout taken back by a new journal), then the operator corrects the result: resettled.
    expect(await ops(['sport:restore', r.data.ticket_id])).toBe(0);
    expect(await venueFen(h, p.userId)).toBe(90_000);
    expect((await h.call(`${G}record/betRecordList`, {}, { token: p.token })).data.list[0].result).toBe('A');
    expect(await ops(['sport:result', e.gameId, '0', '9'])).toBe(0);
    const now = (await h.call(`${G}record/betRecordList`, {}, { token: p.token })).data.list[0];
    const fresh = settleSelection(s.w, { ...result, scoreH: 0, scoreC: 9 })!;
    expect(now.result).toBe(fresh);
    expect(await venueFen(h, p.userId)).toBe(90_000 + payoutFen(10_000, [{ result: fresh, milli: s.r }]));
    // D: cancelled with a reason code — the stake comes back whatever the result.
    expect(await ops(['sport:cancel', r.data.ticket_id, 'D4'])).toBe(0);
    expect((await h.call(`${G}record/betRecordList`, { status: 2 }, { token: p.token })).data.list[0].result).toBe('D4');
    expect(await venueFen(h, p.userId)).toBe(100_000);
    expect(await ops(['sport:cancel', r.data.ticket_id, 'DX1'])).toBe(2);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('a parlay and a champion bet settle; money leaves the sportsbook by the venue transfer', async () => {
    const p = await player(h, 100_000);
    const es = [10, 11].map((i) => prematch(clock.sim, 'FT', i));
    const legs = es.map((e) => item(e, selection(e, 'OE').w, selection(e, 'OE').r));
    expect((await resource(h, p, 'bet', { mode: 'multiple', items: legs, stake: '50', idempotencyKey: key() })).status_code).toBe(6000);
    const champ = clock.sim.outrights()[0]!;
    const c = champ.selections[0]!;
    const ci = {
      gameInfo: { gameId: champ.gameId, team_h: champ.name, team_c: '' },
      playInfo: { w: c.w },
      oddInfo: { r: c.r, gameId: champ.gameId },
      championRate: { rtype: c.rtype },
    };
    const cb = await resource(h, p, 'bet', { mode: 'single', items: [ci], stake: '20', idempotencyKey: key() });
    expect(cb.data).toMatchObject({ kind: 'champion' });
    clock.set(Math.max(...es.map((e) => e.startAt)) + 3 * 3_600_000);
    await h.s.sport.settlement.settleDue();
    const settled = (await h.call(`${G}record/betRecordList`, { status: 1 }, { token: p.token })).data.list;
    expect(settled.map((b: { kind: string }) => b.kind)).toContain('parlay');
    const out = await h.call(
      '/fd/api/v1/transfer/utcTransfer',
      { channelCode: 'CRTY', amount: '10', ty: 2 },
      { token: p.token, headers: { 'idempotency-key': key() } },
    );
    expect(out.data.status).toBe('completed');
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });
});

describe("turnover follows the bet's current outcome", () => {
  it('W → restore → L counts one stake, not two; cancel D counts no valid turnover; repeated calls change nothing', async () => {
    const db = h.s.handle.db;
    const p = await player(h, 100_000);
    const e = prematch(clock.sim, 'FT', 3);
    const s = selection(e, 'AH');
    const r = await resource(h, p, 'bet', { mode: 'single', items: [item(e, s.w, s.r)], stake: '100', idempotencyKey: key() });
    expect(r.status_code, JSON.stringify(r)).toBe(6000);
    const betId = r.data.ticket_id as string;
    const leg = (home: number, away: number) =>
      settleSelection(s.w, { gameId: e.gameId, scoreH: home, scoreC: away, htH: null, htC: null, winner: null });
    const [win, lose] =
      leg(9, 0) === 'W'
        ? [
            ['9', '0'],
            ['0', '9'],
          ]
        : [
            ['0', '9'],
            ['9', '0'],
          ];
    expect([leg(Number(win[0]), Number(win[1])), leg(Number(lose[0]), Number(lose[1]))]).toEqual(['W', 'L']);
    /** The member's turnover feed: [bets, stake, valid] per day row, and the withdrawal turnover done. */
    const feed = async () => ({
      days: (await db.selectFrom('bet_turnover_daily').select(['bets', 'stake', 'valid']).where('member_id', '=', p.userId).execute()).map(
        (t) => [Number(t.bets), Number(t.stake), Number(t.valid)],
      ),
      done: (await turnoverRepository.get(db, p.userId)).done,
    });

    expect(await ops(['sport:result', e.gameId, ...win])).toBe(0);
    expect(await feed()).toEqual({ days: [[1, 10_000, 10_000]], done: 10_000 });
    // A: unsettled, so it counts nothing; a second restore is refused and takes nothing more.
    expect(await ops(['sport:restore', betId])).toBe(0);
    expect(await h.s.sport.settlement.restore(betId)).toBe(false);
    expect(await feed()).toEqual({ days: [], done: 0 });
    // Resettled as a loss: one stake of valid turnover, on one day.
    expect(await ops(['sport:result', e.gameId, ...lose])).toBe(0);
    expect(await feed()).toEqual({ days: [[1, 10_000, 10_000]], done: 10_000 });
    expect(await h.s.sport.settlement.settleBet(betId)).toBe(false);
    expect(
      await db.transaction().execute((tx) =>
        recordSettledBet(tx, {
          memberId: p.userId,
          siteCode: 7000,
          channelCode: 'CRTY',
          category: 'TY',
          betRef: betId,
          stakeFen: 10_000,
          validFen: 10_000,
          payoutFen: 0,
          settledAtMs: Date.now(),
        }),
      ),
    ).toBe(false);
    expect(await feed()).toEqual({ days: [[1, 10_000, 10_000]], done: 10_000 });
    // D: cancelled — still one bet of the day, no valid turnover; cancelling again (another reason) changes nothing.
    expect(await ops(['sport:cancel', betId, 'D4'])).toBe(0);
    expect(await feed()).toEqual({ days: [[1, 10_000, 0]], done: 0 });
    expect(await ops(['sport:cancel', betId, 'D5'])).toBe(0);
    expect(await feed()).toEqual({ days: [[1, 10_000, 0]], done: 0 });
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('migration 0014 gives bets reported before it their figures when settled once; a resettled one keeps none (never retracted)', async () => {
    const db = h.s.handle.db;
    const p = await player(h, 100_000);
    const bets: string[] = [];
    for (const i of [4, 5]) {
      const e = prematch(clock.sim, 'FT', i);
      const s = selection(e, 'AH');
      bets.push(
        (await resource(h, p, 'bet', { mode: 'single', items: [item(e, s.w, s.r)], stake: '100', idempotencyKey: key() })).data.ticket_id,
      );
      expect(await ops(['sport:result', e.gameId, '2', '1'])).toBe(0);
    }
    expect(await ops(['sport:restore', bets[1]!])).toBe(0);
    expect(await h.s.sport.settlement.settleBet(bets[1]!)).toBe(true);
    /** [stake, valid, payout] of each bet's turnover row (null: figures unknown). */
    const figures = async () =>
      (await db.selectFrom('bet_turnover_refs').select(['bet_ref', 'stake', 'valid', 'payout']).where('bet_ref', 'in', bets).execute())
        .sort((x, y) => bets.indexOf(x.bet_ref) - bets.indexOf(y.bet_ref))
        .map((r) => [r.stake, r.valid, r.payout].map((v) => (v === null ? null : Number(v))));
    const [once] = await figures();
    expect(once![0]).toBe(10_000);
    await db.updateTable('bet_turnover_refs').set({ stake: null, valid: null, payout: null }).where('bet_ref', 'in', bets).execute();
    await backfillFigures(db);
    expect(await figures()).toEqual([once, [null, null, null]]);
  });
});
