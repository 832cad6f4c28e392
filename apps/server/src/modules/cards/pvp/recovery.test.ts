/**
 * PvP hands nobody runs any more (issue 31), on SQLite and PostgreSQL alike: a hand whose node is gone mid-play (the
 * desk's memory dropped) is voided by the recovery job once its heartbeat is stale — every hold back, one journal keyed
 * by the hand, `verifyLedger` clean — and a second run changes nothing; a live hand (heartbeat) and a settled hand are
 * never touched; a settlement that fails once is retried and settles; one that keeps failing is left to the job, which
 * voids it. The clock is injected: no sleeps.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memberAccount } from '../../../ledger/accounts.ts';
import { balanceOf } from '../../../ledger/ledger.ts';
import { verifyLedger } from '../../../ledger/verify.ts';
import { ok } from '../../../test/flows.ts';
import { createHarness, type Harness } from '../../../test/harness.ts';
import { betKey, tableCall, tablePlayer } from '../../tables/tableKit.ts';
import type { SlotPlayer } from '../../casino/slotKit.ts';
import type { PvpDesk } from './desk.ts';
import { PVP_CHANNEL, holdFenOf, pvpLevel } from './levels.ts';
import { PVP_STALE_MS, recoverPvpHands } from './recovery.ts';

let h: Harness;
let now = 1_900_000_000_000;
const FUNDS = 10_000;
const HOLD = holdFenOf(pvpLevel('DDZ1')!);
beforeAll(async () => {
  h = await createHarness();
  await h.s.pvp.stop(); // the test drives the clock: no background ticks
  h.s.pvp.clock = () => now;
  h.s.pvp.retryMs = 0;
  h.s.pvp.onError = () => undefined;
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await h.s.pvp.settled();
  expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  await h?.close();
});

const db = () => h.s.handle.db;
const desk = (): PvpDesk => h.s.pvp;
const wallet = (p: SlotPlayer) => balanceOf(db(), memberAccount(p.userId, 'venue', 'CNY', PVP_CHANNEL));
const hand = (id: string) => db().selectFrom('pvp_hands').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const entries = (id: string) => db().selectFrom('pvp_entries').select('status').where('hand_id', '=', id).execute();
const journals = async () =>
  Number(
    (
      await db()
        .selectFrom('ledger_journals')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const recover = (at = now) => recoverPvpHands(db(), { now: at });

/** Three members join DDZ1: the third seats a table. */
async function seatHand(): Promise<{ handId: string; ps: SlotPlayer[] }> {
  const ps = [await tablePlayer(h, FUNDS, 'NN1', PVP_CHANNEL), await tablePlayer(h, FUNDS, 'NN1', PVP_CHANNEL)];
  ps.push(await tablePlayer(h, FUNDS, 'NN1', PVP_CHANNEL));
  let handId: string | null = null;
  for (const p of ps) handId = ok(await tableCall(h, p, 'pvpJoin', { level: 'DDZ1', idempotencyKey: betKey() }, 'crqp')).data.handId;
  expect(handId).toMatch(/^DDZ-/);
  return { handId: handId!, ps };
}

/** The seat to bid bids 3 (a landlord, so the hand is played, not voided by passes). */
function bidThree(handId: string): void {
  const t = desk().table(handId)!;
  expect(desk().bid(t.seats[t.state.turn]!.memberId!, handId, 3)).toBeNull();
}

/** Auto-play to the end (every seat times out), the desk's heartbeat stamping as it goes. */
async function playOut(handId: string): Promise<void> {
  let guard = 0;
  while (desk().table(handId) && !desk().table(handId)!.ending && guard++ < 400) {
    now += desk().timing.turnMs;
    desk().tick();
  }
  await desk().settled();
}

describe('PvP recovery: hands no node holds live are voided, holds given back', () => {
  it('a hand abandoned mid-play (its node gone) is voided once stale, every hold back; a second run changes nothing', async () => {
    const { handId, ps } = await seatHand();
    bidThree(handId);
    now += 1_000;
    desk().tick();
    await desk().settled();
    for (const p of ps) expect(await wallet(p)).toBe(FUNDS - HOLD);
    desk().crash(); // the node is gone: its tables, queues and timer with it

    // Not yet stale: another node might still run it.
    expect(await recover(now + 1_000)).toEqual({ voided: 0, entries: 0, errors: 0 });
    expect((await hand(handId)).status).toBe('playing');

    now += PVP_STALE_MS + 1;
    expect(await recover()).toEqual({ voided: 1, entries: 0, errors: 0 });
    expect(await hand(handId)).toMatchObject({ status: 'void', void_reason: 'abandoned', ended_at: now });
    expect((await entries(handId)).map((e) => e.status)).toEqual(['voided', 'voided', 'voided']);
    for (const p of ps) expect(await wallet(p)).toBe(FUNDS);
    const voidJournals = await db()
      .selectFrom('ledger_journals')
      .select('kind')
      .where('ref_type', '=', 'pvp_hand')
      .where('ref_id', '=', handId)
      .execute();
    expect(voidJournals).toEqual([{ kind: 'pvp.void' }]);
    expect(await verifyLedger(db())).toEqual([]);

    const before = await journals();
    expect(await recover(now + 10 * PVP_STALE_MS)).toEqual({ voided: 0, entries: 0, errors: 0 });
    expect(await journals()).toBe(before);
    for (const p of ps) expect(await wallet(p)).toBe(FUNDS);
  });

  it('a waiting entry whose node is gone is voided once stale (hold back); one still queued live is not', async () => {
    const gone = await tablePlayer(h, FUNDS, 'NN1', PVP_CHANNEL);
    ok(await tableCall(h, gone, 'pvpJoin', { level: 'DDZ1', idempotencyKey: betKey() }, 'crqp'));
    desk().crash();
    const live = await tablePlayer(h, FUNDS, 'NN1', PVP_CHANNEL);
    ok(await tableCall(h, live, 'pvpJoin', { level: 'DDZ1', idempotencyKey: betKey() }, 'crqp'));
    now += PVP_STALE_MS + 1;
    desk().heartbeat(); // the live desk stamps its queue
    await desk().settled();
    expect(await recover()).toEqual({ voided: 0, entries: 1, errors: 0 });
    expect(await wallet(gone)).toBe(FUNDS);
    expect(await wallet(live)).toBe(FUNDS - HOLD);
    expect(await recover()).toEqual({ voided: 0, entries: 0, errors: 0 });
    expect(ok(await tableCall(h, live, 'pvpLeave', { idempotencyKey: betKey() }, 'crqp')).data.left).toBe(true);
    expect(await wallet(live)).toBe(FUNDS);
  });

  it('a live hand (heartbeat) is left alone; once settled the job never touches it', async () => {
    const { handId, ps } = await seatHand();
    bidThree(handId);
    now += PVP_STALE_MS + 1;
    desk().heartbeat(); // the live desk stamps its hands
    await desk().settled();
    expect(await recover()).toEqual({ voided: 0, entries: 0, errors: 0 });
    expect((await hand(handId)).status).toBe('playing');

    await playOut(handId);
    const settled = await hand(handId);
    expect(settled.status).toBe('settled');
    const after = await Promise.all(ps.map(wallet));
    expect(after.reduce((x, y) => x + y, 0)).toBeLessThan(3 * FUNDS); // the rake went to the house
    const before = await journals();
    expect(await recover(now + 10 * PVP_STALE_MS)).toEqual({ voided: 0, entries: 0, errors: 0 });
    expect(await hand(handId)).toEqual(settled);
    expect(await Promise.all(ps.map(wallet))).toEqual(after);
    expect(await journals()).toBe(before);
  });

  it('a settlement that fails once is retried and settles', async () => {
    const { handId } = await seatHand();
    bidThree(handId);
    const settle = vi.spyOn(desk() as unknown as { settle: () => Promise<void> }, 'settle');
    settle.mockRejectedValueOnce(new Error('connection reset'));
    await playOut(handId);
    expect(settle).toHaveBeenCalledTimes(2);
    expect((await hand(handId)).status).toBe('settled');
    expect((await entries(handId)).map((e) => e.status)).toEqual(['settled', 'settled', 'settled']);
  });

  it('a hand the job voided while its settlement was being retried is never settled too', async () => {
    const { handId, ps } = await seatHand();
    bidThree(handId);
    const settle = vi.spyOn(desk() as unknown as { settle: () => Promise<void> }, 'settle');
    settle.mockImplementationOnce(async () => {
      // Between the failed attempt and its retry, the job (on another node, its clock far on) voids the hand.
      expect(await recover(now + 10 * PVP_STALE_MS)).toEqual({ voided: 1, entries: 0, errors: 0 });
      throw new Error('connection reset');
    });
    await playOut(handId);
    expect(settle).toHaveBeenCalledTimes(2); // the retry found the hand gone and stopped
    expect(await hand(handId)).toMatchObject({ status: 'void', void_reason: 'abandoned', seed: null });
    expect((await entries(handId)).map((e) => e.status)).toEqual(['voided', 'voided', 'voided']);
    for (const p of ps) expect(await wallet(p)).toBe(FUNDS);
    expect(await db().selectFrom('casino_rounds').select('id').where('id', 'like', `${handId}:%`).execute()).toEqual([]);
  });

  it('a settlement that keeps failing is left to the job, which voids the hand: no hold stays pending', async () => {
    const { handId, ps } = await seatHand();
    bidThree(handId);
    const settle = vi.spyOn(desk() as unknown as { settle: () => Promise<void> }, 'settle');
    settle.mockRejectedValue(new Error('database gone'));
    await playOut(handId);
    expect(settle).toHaveBeenCalledTimes(desk().settleTries);
    expect((await hand(handId)).status).toBe('playing');
    for (const p of ps) expect(await wallet(p)).toBe(FUNDS - HOLD);

    now += PVP_STALE_MS + 1;
    desk().heartbeat(); // the desk still beats for its other hands, not this one
    await desk().settled();
    expect((await hand(handId)).active_at).toBeLessThan(now - PVP_STALE_MS);
    expect(await recover()).toEqual({ voided: 1, entries: 0, errors: 0 });
    expect(await hand(handId)).toMatchObject({ status: 'void', void_reason: 'abandoned' });
    for (const p of ps) expect(await wallet(p)).toBe(FUNDS);
    const pending = await db()
      .selectFrom('ledger_holds')
      .select('id')
      .where('status', '=', 'pending')
      .where(
        'id',
        'in',
        (await db().selectFrom('pvp_entries').select('hold_id').where('hand_id', '=', handId).execute()).map((e) => e.hold_id),
      )
      .execute();
    expect(pending).toEqual([]);
  });
});
