/**
 * The wager path's many-member instant rounds (`playInstants`, ledger/wager.ts), as fishing's node window uses them:
 * ONE journal for every member's stakes and returns; a member in debt repays it from the return first; each wallet
 * must cover its stakes before its returns count (a part it cannot cover fails the whole step, nothing written);
 * each member's gate runs inside the step. Both engines; `verifyLedger` clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debtAccount } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { NO_GATE, playInstants, type WagerGate } from '../../ledger/wager.ts';
import { owe } from '../../ledger/wagerKit.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { casinoBook } from '../casino/pools.ts';
import { deskWallet, fundDesk } from './deskKit.ts';
import { FISHING_VENUE } from './config.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  await h?.close();
});

const BOOK = casinoBook(FISHING_VENUE);
const journal = { book: BOOK, kind: 'casino.fishing', refType: 'fishing_batch' };

describe('playInstants', () => {
  it("one journal: stakes and returns of every member, debt repaid first, each member's gate inside the step", async () => {
    const db = h.s.handle.db;
    const [a, b] = ['pia', 'pib'].map((x) => `${x}${Date.now().toString(36)}`) as [string, string];
    await fundDesk(db, `pi-${a}`, [a, b], 1_000);
    await owe(db, `pi-owe-${a}`, a, 500);
    const gated: string[] = [];
    const gate = (m: string): WagerGate => ({ locks: false, within: (_tx, fen) => (gated.push(`${m}:${fen}`), Promise.resolve()) });
    const bookBefore = await balanceOf(db, BOOK);
    const journalsBefore = (await db.selectFrom('ledger_journals').select('id').where('kind', '=', 'casino.fishing').execute()).length;
    const balances = await moneyStep(db, (tx) =>
      playInstants(
        tx,
        [
          { memberId: a, wallet: deskWallet(a), stakeFen: 200, returnFen: 900, gate: gate(a) },
          { memberId: b, wallet: deskWallet(b), stakeFen: 300, returnFen: 0, gate: gate(b) },
        ],
        { ...journal, refId: `pi-1-${a}` },
        Date.now(),
      ),
    );
    expect(gated.sort()).toEqual([`${a}:200`, `${b}:300`].sort());
    // A: 1,000 − 200, then the 900 returned repays the 500 owed first: 1,200, debt 0. B: 700.
    expect(balances.get(a)).toBe(1_200);
    expect(balances.get(b)).toBe(700);
    expect(await balanceOf(db, deskWallet(a))).toBe(1_200);
    expect(await balanceOf(db, debtAccount(a))).toBe(0);
    expect(await balanceOf(db, BOOK)).toBe(bookBefore + 500 - 900);
    const journals = (await db.selectFrom('ledger_journals').select('id').where('kind', '=', 'casino.fishing').execute()).length;
    expect(journals - journalsBefore).toBe(1);
  });

  it('a wallet that cannot cover its stake (its return does not count first) fails the whole step: nothing written', async () => {
    const db = h.s.handle.db;
    const [a, b] = ['pic', 'pid'].map((x) => `${x}${Date.now().toString(36)}`) as [string, string];
    await fundDesk(db, `pi-${a}`, [a, b], 100);
    const step = moneyStep(db, (tx) =>
      playInstants(
        tx,
        [
          { memberId: a, wallet: deskWallet(a), stakeFen: 50, returnFen: 0, gate: NO_GATE },
          // 200 staked from 100: its 2,000 return must not cover it.
          { memberId: b, wallet: deskWallet(b), stakeFen: 200, returnFen: 2_000, gate: NO_GATE },
        ],
        { ...journal, refId: `pi-2-${a}` },
        Date.now(),
      ),
    );
    await expect(step).rejects.toThrow();
    expect(await balanceOf(db, deskWallet(a))).toBe(100);
    expect(await balanceOf(db, deskWallet(b))).toBe(100);
  });
});
