/**
 * Player protection's test matrix: each play limit (loss, wager) at each entry point where a stake is
 * placed — sportsbook bet, house slot round, transfer into a blind venue, aggregator bet — and an exclusion at
 * every entry point, promotion joins included. The refusal is the limit's code and nothing moves.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/verify.ts';
import { creditCentral, expectFail, nextIp, ok } from '../../test/flows.ts';
import { createHarness, md5, type Harness } from '../../test/harness.ts';
import { slotCall, slotPlayer, spinKey } from '../casino/slotKit.ts';
import { item, key, manualClock, player, prematch, resource, selection } from '../sport/testKit.ts';

let h: Harness;
let clock: ReturnType<typeof manualClock>;
beforeAll(async () => {
  h = await createHarness();
  clock = manualClock(h);
});
afterAll(async () => {
  expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  await h?.close();
});

type Who = { token: string; userId: string };
const R = '/site/api/v1/protection/';
const setLimit = (m: Who, kind: string, amount: string) => h.call(`${R}setLimit`, { kind, period: 'day', amount }, { token: m.token });
const journals = () => h.count('ledger_journals');

/** Each entry point: a member ready to stake there, and one stake of `yuan`. */
type Ready = Who & { stake: (yuan: string) => Promise<{ status_code: number; message: string }> };
/** Per entry: the limit, a first stake within it and a second that goes past it (a slot round: a bet level of its title). */
const ENTRIES: Record<string, { limit: string; first: string; second: string; ready: () => Promise<Ready> }> = {
  'sportsbook bet': {
    limit: '90',
    first: '50',
    second: '50',
    async ready() {
      const p = await player(h, 100_000);
      const e = prematch(clock.sim);
      const s = selection(e, '1X2');
      const stake = (yuan: string) =>
        resource(h, p, 'bet', { mode: 'single', items: [item(e, s.w, s.r)], stake: yuan, idempotencyKey: key() });
      return { ...p, stake };
    },
  },
  'house slot round': {
    // A won round lowers the loss: the second stake alone goes past what is left, whatever the first round paid.
    limit: '15',
    first: '2.00',
    second: '20.00',
    async ready() {
      const p = await slotPlayer(h, 100_000);
      return { ...p, stake: (yuan: string) => slotCall(h, p, 'spin', { gameCode: 'H5001', bet: yuan, idempotencyKey: spinKey() }) };
    },
  },
  'transfer into a blind venue': {
    limit: '90',
    first: '50',
    second: '50',
    async ready() {
      const m = await h.member(undefined, undefined, { ip: nextIp() });
      await creditCentral(h, m.userId, 100_000);
      const stake = (yuan: string) =>
        h.call(
          '/fd/api/v1/transfer/utcTransfer',
          { channelCode: 'SBQP', amount: yuan, ty: 1 },
          { token: m.token, headers: { 'idempotency-key': key() } },
        );
      return { ...m, stake };
    },
  },
};

describe.each(['wager', 'loss'])('%s limit', (kind) => {
  it.each(Object.keys(ENTRIES))('refuses a stake above what is left at: %s', async (entry) => {
    const e = ENTRIES[entry]!;
    const p = await e.ready();
    ok(await setLimit(p, kind, e.limit));
    ok(await p.stake(e.first));
    const before = await journals();
    const r = await p.stake(e.second);
    expectFail(r, 6601);
    expect(r.message).toContain(`24小时${kind === 'wager' ? '投注' : '亏损'}限额${e.limit}.00元`);
    expect(await journals()).toBe(before);
  });
});

describe('an exclusion at every entry point', () => {
  it('refuses a sportsbook bet, a slot round, a transfer in, a launch, a deposit and a promotion join with 6602', async () => {
    const sport = await ENTRIES['sportsbook bet']!.ready();
    const slot = await ENTRIES['house slot round']!.ready();
    const blind = await ENTRIES['transfer into a blind venue']!.ready();
    for (const m of [sport, slot, blind]) {
      // The exclusion is written as the player's own call would (the call itself also ends the sessions it is made with).
      await h.s.protection.exclude(
        { ...(await memberCaller(m)) },
        { kind: 'timeout', period: '24h', allBrands: false, password: md5('Abc12345xy') },
      );
    }
    const before = await journals();
    // The sessions ended: the members' old tokens are refused; the stakes are refused on new sessions (protection.test.ts)
    // and here on the services' own checks, with the members' fresh callers.
    for (const m of [sport, slot, blind]) {
      const c = await memberCaller(m);
      await expect(h.s.eligibility.check(c, 'bet', 100)).rejects.toMatchObject({ code: 6602 });
      await expect(h.s.eligibility.check(c, 'round', 100)).rejects.toMatchObject({ code: 6602 });
      await expect(h.s.eligibility.check(c, 'transfer_in', 100)).rejects.toMatchObject({ code: 6602 });
      await expect(h.s.eligibility.check(c, 'launch')).rejects.toMatchObject({ code: 6602 });
      await expect(h.s.eligibility.check(c, 'deposit', 10_000)).rejects.toMatchObject({ code: 6602 });
      await expect(h.s.promotions.join(c, 'sign-in-7000', undefined)).rejects.toMatchObject({ code: 6602 });
    }
    expect(await journals()).toBe(before);
  });
});

/** A caller for a member as the pipeline builds it, on a new session. */
async function memberCaller(m: Who) {
  const row = await h.s.handle.db.selectFrom('members').selectAll().where('id', '=', m.userId).executeTakeFirstOrThrow();
  return {
    requestId: randomUUID(),
    requestKey: randomUUID(),
    locale: 'zh-CN' as const,
    site: h.s.sites.get(7000)!,
    ip: '127.0.0.1',
    origin: '',
    uuid: h.uuid,
    client: 'web' as const,
    regionAck: false,
    member: {
      id: m.userId,
      siteCode: 7000,
      tokenHash: 'none',
      name: row.name,
      protection: Number(row.protection ?? 0),
      sessionStartedAt: Date.now(),
      row: async () => row,
    },
  };
}
