/**
 * A wager limit is a ceiling: open table bets count toward it before they settle, and concurrent bets never take a
 * member past it (the limits are checked again inside the money step, after the member's lock: ledger/wager.ts).
 * Both engines; the parallel requests are real (SQLite's group commit, PostgreSQL's concurrent transactions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/verify.ts';
import { ok } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { slotCall, slotPlayer, spinKey } from '../casino/slotKit.ts';
import { betKey, tableCall, tablePlayer, testDealer, tickUntil } from '../tables/tableKit.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  await h?.close();
});

type Who = { token: string; userId: string };
const protection = (m: Who, path: string, body: unknown = {}) => h.call(`/site/api/v1/protection/${path}`, body, { token: m.token });
const wagerUsed = async (m: Who) =>
  (ok(await protection(m, 'state')).data.limits as { kind: string; used: string }[]).find((l) => l.kind === 'wager')!.used;

describe('a wager limit is a ceiling', () => {
  it('open table bets count toward it before they settle: with 50 a day, the third 20-yuan bet on a round is refused', async () => {
    const p = await tablePlayer(h, 100_000, 'BAC1');
    ok(await protection(p, 'setLimit', { kind: 'wager', period: 'day', amount: '50' }));
    const { dealer } = testDealer(h, ['BAC1'], { speed: 1 });
    let seq = 0;
    await tickUntil(dealer, async () => {
      const r = await h.s.handle.db
        .selectFrom('table_rounds')
        .select(['seq', 'status', 'closes_at'])
        .where('table_code', '=', 'BAC1')
        .where('status', '=', 'betting')
        .executeTakeFirst();
      if (r && Number(r.closes_at) - Date.now() > 5_000) seq = Number(r.seq);
      return seq > 0;
    });
    const bet = () =>
      tableCall(h, p, 'tableBet', { gameCode: 'BAC1', seq, bets: [{ type: 'banker', amount: '20' }], idempotencyKey: betKey() });
    ok(await bet());
    ok(await bet());
    expect(await wagerUsed(p)).toBe('40.00'); // not settled yet, already counted
    const third = await bet();
    expect(third.status_code).toBe(6601);
    expect(third.message).toBe('本次投注将超出您设置的24小时投注限额50.00元，本期还可投注10.00元');
    expect(await wagerUsed(p)).toBe('40.00');
    await dealer.stop();
  });

  it('twenty parallel 1-yuan spins with 8 yuan left under a 40-yuan limit: exactly 8 are accepted, used 40.00', async () => {
    const p = await slotPlayer(h, 100_000);
    ok(await protection(p, 'setLimit', { kind: 'wager', period: 'day', amount: '40' }));
    for (let i = 0; i < 16; i++) ok(await slotCall(h, p, 'spin', { gameCode: 'H5001', bet: '2.00', idempotencyKey: spinKey() }));
    expect(await wagerUsed(p)).toBe('32.00');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => slotCall(h, p, 'spin', { gameCode: 'H5001', bet: '1.00', idempotencyKey: spinKey() })),
    );
    const codes = answers.map((a) => a.status_code);
    expect(codes.filter((c) => c === 6000)).toHaveLength(8);
    expect(codes.filter((c) => c !== 6000).every((c) => c === 6601)).toBe(true);
    expect(await wagerUsed(p)).toBe('40.00');
  });
});
