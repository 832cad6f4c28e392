/**
 * The one wager path (ledger/wager.ts) against a plain model of the books (TigerBeetle's auditor idea): random
 * interleavings of stakes, instant rounds, set-based settlements, single-bet settlements, voids, debts and
 * retries across sport, slot, table and lottery rounds of several members — every wallet, locked account and debt
 * agrees with the model after every step, and verifyLedger stays clean. The invariants: wagerInvariants.test.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connect.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { debtAccount, memberAccount, type AccountRef } from './accounts.ts';
import { ledgerRefused } from './errors.ts';
import { moneyStep } from './idempotency.ts';
import { balanceOf } from './ledger.ts';
import { verifyLedger } from './verify.ts';
import { book, fund, owe, wallet, type Game } from './wagerKit.ts';
import { NO_GATE, playInstant, settleHold, settleHolds, stake, voidHolds } from './wager.ts';

let h: Harness;
const db = (): Db => h.s.handle.db;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

type Op =
  | { t: 'fund'; m: number; g: Game | 'slot'; amount: number }
  | { t: 'spin'; m: number; stake: number; ret: number }
  | { t: 'stake'; m: number; g: Game; amount: number; draws: number }
  | { t: 'settleBatch'; picks: number[]; rets: number[] }
  | { t: 'settleOne'; pick: number; ret: number }
  | { t: 'void'; picks: number[] }
  | { t: 'debt'; m: number; amount: number }
  | { t: 'retry' };

const game = fc.constantFrom<Game>('sport', 'table', 'lottery');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    t: fc.constant('fund' as const),
    m: fc.nat(2),
    g: fc.constantFrom<Game | 'slot'>('sport', 'table', 'lottery', 'slot'),
    amount: fc.integer({ min: 1, max: 50_000 }),
  }),
  fc.record({
    t: fc.constant('spin' as const),
    m: fc.nat(2),
    stake: fc.integer({ min: 1, max: 5_000 }),
    ret: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20_000 })),
  }),
  fc.record({
    t: fc.constant('stake' as const),
    m: fc.nat(2),
    g: game,
    amount: fc.integer({ min: 1, max: 8_000 }),
    draws: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    t: fc.constant('settleBatch' as const),
    picks: fc.array(fc.nat(20), { maxLength: 6 }),
    rets: fc.array(fc.nat(3), { minLength: 6, maxLength: 6 }),
  }),
  fc.record({ t: fc.constant('settleOne' as const), pick: fc.nat(20), ret: fc.nat(3) }),
  fc.record({ t: fc.constant('void' as const), picks: fc.array(fc.nat(20), { maxLength: 4 }) }),
  fc.record({ t: fc.constant('debt' as const), m: fc.nat(2), amount: fc.integer({ min: 1, max: 30_000 }) }),
  fc.constant({ t: 'retry' as const }),
);

interface Hold {
  id: string;
  m: string;
  g: Game;
  amount: number;
  open: boolean;
}

let run = 0;

describe('the wager path agrees with a model of the books', () => {
  it('over random stakes, spins, batch and single settlements, voids, debts and retries of several members', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 35 }), async (ops) => {
        run++;
        const members = [0, 1, 2].map((i) => `wager${run}-${i}`);
        const model = new Map<string, number>();
        const bal = (a: AccountRef) => model.get(JSON.stringify(a)) ?? 0;
        const add = (a: AccountRef, d: number) => model.set(JSON.stringify(a), bal(a) + d);
        const owed = new Map<string, number>();
        const holds: Hold[] = [];
        let seq = 0;
        let last: (() => Promise<void>) | null = null;
        /** Credits `fen` to the member's wallet in the model, debt repaid first (as the path does). */
        const credit = (m: string, a: AccountRef, fen: number) => {
          const repaid = Math.min(fen, owed.get(m) ?? 0);
          owed.set(m, (owed.get(m) ?? 0) - repaid);
          add(a, fen - repaid);
        };
        const pick = (n: number) => {
          const open = holds.filter((x) => x.open);
          return open.length ? open[n % open.length]! : undefined;
        };
        for (const op of ops) {
          if (op.t === 'retry') {
            if (last) await last();
            continue;
          }
          if (op.t === 'fund') {
            const m = members[op.m]!;
            await fund(db(), `f${seq++}`, [{ account: wallet(m, op.g), fen: op.amount }]);
            add(wallet(m, op.g), op.amount);
            last = null;
          } else if (op.t === 'debt') {
            const m = members[op.m]!;
            // What a correction leaves owed: the receivable account below zero.
            await owe(db(), `d${seq++}`, m, op.amount);
            owed.set(m, (owed.get(m) ?? 0) + op.amount);
            last = null;
          } else if (op.t === 'spin') {
            const m = members[op.m]!;
            const key = `spin-${run}-${seq++}`;
            let applied = false;
            const call = async () => {
              try {
                await moneyStep(
                  db(),
                  (tx, requestKey) =>
                    playInstant(
                      tx,
                      {
                        memberId: m,
                        wallet: wallet(m, 'slot'),
                        book: book('slot'),
                        stakeFen: op.stake,
                        returnFen: op.ret,
                        kind: 'casino.round',
                        refType: 'casino_round',
                        refId: key,
                        requestKey,
                      },
                      NO_GATE,
                      Date.now(),
                    ),
                  { scope: `spin:${m}`, key, request: op, store: { before: { key } }, decode: (v) => v },
                );
                if (!applied) {
                  applied = true;
                  add(wallet(m, 'slot'), -op.stake);
                  credit(m, wallet(m, 'slot'), op.ret);
                }
              } catch (e) {
                // The stake must be covered before the win counts, whatever the win.
                if (!ledgerRefused(e, 'INSUFFICIENT_FUNDS')) throw e;
                expect(bal(wallet(m, 'slot'))).toBeLessThan(op.stake);
              }
            };
            await call();
            last = call;
          } else if (op.t === 'stake') {
            const m = members[op.m]!;
            const draws = op.g === 'lottery' ? op.draws : 1;
            const key = `stake-${run}-${seq++}`;
            let placed: string[] | null = null;
            const call = async () => {
              try {
                const r = await moneyStep(
                  db(),
                  async (tx, requestKey) =>
                    (
                      await stake(
                        tx,
                        {
                          memberId: m,
                          wallet: wallet(m, op.g),
                          refType: `${op.g}_bet`,
                          holds: Array.from({ length: draws }, (_, k) => ({ refId: `${key}-${k}`, amountFen: op.amount })),
                          requestKey,
                        },
                        NO_GATE,
                        Date.now(),
                      )
                    ).holdIds,
                  { scope: `stake:${m}`, key, request: op, store: { after: (ids) => ids }, decode: (v) => v as string[] },
                );
                if (!placed) {
                  placed = r.fresh ? r.value : r.stored;
                  for (const id of placed) holds.push({ id, m, g: op.g, amount: op.amount, open: true });
                  add(wallet(m, op.g), -op.amount * draws);
                  add(memberAccount(m, 'locked'), op.amount * draws);
                } else expect(r.fresh ? r.value : r.stored).toEqual(placed);
              } catch (e) {
                if (!ledgerRefused(e, 'INSUFFICIENT_FUNDS')) throw e;
                expect(bal(wallet(m, op.g))).toBeLessThan(op.amount * draws);
              }
            };
            await call();
            last = call;
          } else if (op.t === 'settleBatch') {
            // A shared round's batch: table and lottery holds (sport settles one by one), returns 0×, 1×, 2× or 3×.
            const chosen = [...new Set(op.picks.map(pick).filter((x): x is Hold => !!x && x.g !== 'sport'))];
            if (chosen.length === 0) continue;
            const g = chosen[0]!.g;
            const items = chosen
              .filter((x) => x.g === g)
              .map((x, i) => ({
                holdId: x.id,
                memberId: x.m,
                wallet: wallet(x.m, g),
                amountFen: x.amount,
                returnFen: x.amount * op.rets[i % op.rets.length]!,
              }));
            await moneyStep(db(), (tx) =>
              settleHolds(tx, items, { book: book(g), kind: 'casino.table', refType: 'table_round', refId: `r${seq++}` }, Date.now()),
            );
            for (const it of items) {
              holds.find((x) => x.id === it.holdId)!.open = false;
              add(memberAccount(it.memberId, 'locked'), -it.amountFen);
              credit(it.memberId, it.wallet, it.returnFen);
            }
            last = null;
          } else if (op.t === 'settleOne') {
            const x = pick(op.pick);
            if (!x) continue;
            const payout = x.amount * op.ret;
            await moneyStep(db(), (tx) =>
              settleHold(
                tx,
                {
                  holdId: x.id,
                  holdPending: true,
                  memberId: x.m,
                  wallet: wallet(x.m, x.g),
                  book: book(x.g),
                  payoutFen: payout,
                  stakeKind: 'sport.stake',
                  payoutKind: 'sport.payout',
                  refType: 'sport_bet',
                  refId: x.id,
                  idemKey: `settle:${x.id}`,
                },
                Date.now(),
              ),
            );
            x.open = false;
            add(memberAccount(x.m, 'locked'), -x.amount);
            credit(x.m, wallet(x.m, x.g), payout);
            last = null;
          } else if (op.t === 'void') {
            const chosen = [...new Set(op.picks.map(pick).filter((x): x is Hold => !!x))];
            if (chosen.length === 0) continue;
            await moneyStep(db(), (tx) =>
              voidHolds(
                tx,
                chosen.map((x) => ({ holdId: x.id, memberId: x.m, wallet: wallet(x.m, x.g), amountFen: x.amount })),
                { kind: 'table.refund', refType: 'table_refund', refId: `v${seq++}`, currency: 'CNY' },
                Date.now(),
              ),
            );
            for (const x of chosen) {
              x.open = false;
              add(memberAccount(x.m, 'locked'), -x.amount);
              add(wallet(x.m, x.g), x.amount);
            }
            last = null;
          }
          // After every step: every member's wallets, locked funds and debt agree with the model.
          for (const m of members) {
            for (const g of ['sport', 'table', 'lottery', 'slot'] as const)
              expect(await balanceOf(db(), wallet(m, g))).toBe(bal(wallet(m, g)));
            expect(await balanceOf(db(), memberAccount(m, 'locked'))).toBe(bal(memberAccount(m, 'locked')));
            expect(Math.max(0, -(await balanceOf(db(), debtAccount(m))))).toBe(owed.get(m) ?? 0);
          }
        }
        expect(await verifyLedger(db())).toEqual([]);
      }),
      { numRuns: 12, seed: 20261129 },
    );
  });
});
