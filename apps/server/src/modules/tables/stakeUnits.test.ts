/** Stakes with fen at the tables: only stakes in units that pay exactly are accepted. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberAccount } from '../../ledger/accounts.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { expectFail, ok } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { judge } from './settle.ts';
import { tableConfig } from './config.ts';
import { betKey, tableCall, tablePlayer, testDealer, tickUntil } from './tableKit.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  await h?.close();
});

describe('table stakes in units that pay exactly', () => {
  it('10.01 on banker is refused (it would pay 19.5195); 10.20 pays exactly 19.89; 10.01 on tie is fine', async () => {
    const db = h.s.handle.db;
    const { dealer } = testDealer(h, ['BAC1'], { speed: 4 });
    const p = await tablePlayer(h, 100_000);
    const betting = () =>
      db.selectFrom('table_rounds').selectAll().where('table_code', '=', 'BAC1').where('status', '=', 'betting').executeTakeFirst();
    await tickUntil(dealer, async () => !!(await betting()));
    const seq = Number((await betting())!.seq);
    const bet = (bets: { type: string; amount: string }[]) =>
      tableCall(h, p, 'tableBet', { gameCode: 'BAC1', seq, bets, idempotencyKey: betKey() });
    expectFail(await bet([{ type: 'banker', amount: '10.01' }]), 6007, '该投注项金额须为 0.20 元的整数倍');
    expectFail(await bet([{ type: 'banker', amount: '10.10' }]), 6007, '该投注项金额须为 0.20 元的整数倍');
    const venue = memberAccount(p.userId, 'venue', 'CNY', 'CRZR');
    expect(await balanceOf(db, venue)).toBe(100_000);
    ok(
      await bet([
        { type: 'banker', amount: '10.20' },
        { type: 'tie', amount: '10.01' },
      ]),
    );
    await tickUntil(
      dealer,
      async () =>
        (await db.selectFrom('table_rounds').select('status').where('id', '=', `BAC1-${seq}`).executeTakeFirstOrThrow()).status ===
        'settled',
    );
    await dealer.stop();
    const r = await db.selectFrom('table_rounds').selectAll().where('id', '=', `BAC1-${seq}`).executeTakeFirstOrThrow();
    const outcome = JSON.parse(r.outcome!);
    const banker = judge(tableConfig('BAC1')!, outcome, { bet_type: 'banker', amount: 1_020 }).payout;
    if (outcome.hand.winner === 'banker') expect(banker).toBe(1_989);
    const tie = judge(tableConfig('BAC1')!, outcome, { bet_type: 'tie', amount: 1_001 }).payout;
    expect(await balanceOf(db, venue)).toBe(100_000 - 2_021 + banker + tie);
  });
});
