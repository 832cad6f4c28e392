/**
 * Model-based test (TigerBeetle's auditor idea): random deposits, transfers, withdrawals (hold, pay,
 * reject) and retries with the same idempotency key run against the real ledger and against a plain
 * model of the books; every balance must agree and verifyLedger must stay clean.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.ts';
import { houseAccount, memberAccount, type AccountRef } from './accounts.ts';
import { moneyStep } from './idempotency.ts';
import { balanceOf, hold, post, postHold, voidHold } from './ledger.ts';
import { verifyLedger } from './verify.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

type Op =
  | { t: 'deposit'; m: number; amount: number }
  | { t: 'toVenue' | 'fromVenue'; m: number; amount: number }
  | { t: 'withdraw'; m: number; amount: number }
  | { t: 'pay' | 'reject'; pick: number }
  | { t: 'retry' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('deposit' as const), m: fc.nat(2), amount: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ t: fc.constantFrom('toVenue' as const, 'fromVenue' as const), m: fc.nat(2), amount: fc.integer({ min: 1, max: 30_000 }) }),
  fc.record({ t: fc.constant('withdraw' as const), m: fc.nat(2), amount: fc.integer({ min: 1, max: 30_000 }) }),
  fc.record({ t: fc.constantFrom('pay' as const, 'reject' as const), pick: fc.nat(10) }),
  fc.constant({ t: 'retry' as const }),
);

let run = 0;

it('the ledger agrees with a model of the books under random operations and retries', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 40 }), async (ops) => {
      run++;
      const db = h.s.handle.db;
      const members = [0, 1, 2].map((i) => `model${run}-${i}`);
      const model = new Map<string, number>();
      const key = (m: string, k: string) => `${m}|${k}`;
      const bal = (m: string, k: string) => model.get(key(m, k)) ?? 0;
      const add = (m: string, k: string, d: number) => model.set(key(m, k), bal(m, k) + d);
      const holds: { id: string; m: string; amount: number; open: boolean }[] = [];
      let last: (() => Promise<void>) | null = null;
      let seq = 0;
      const central = (m: string) => memberAccount(m, 'central');
      const venue = (m: string) => memberAccount(m, 'venue', 'CNY', 'CRTY');

      /** An idempotent money call: the model applies it only the first time its key succeeds. */
      const moneyCall = (m: string, request: object, lines: { account: AccountRef; amount: number }[], apply: () => void) => {
        const k = `opkey-${run}-${++seq}`;
        let applied = false;
        const call = async () => {
          try {
            await moneyStep(
              db,
              async (tx, requestKey) => {
                await post(tx, { kind: 'test', currency: 'CNY', refType: 'model', refId: k, memberId: m, requestKey, lines });
                return { ok: true };
              },
              { scope: m, key: k, request, store: { before: { ok: true } }, decode: (v) => v },
            );
            if (!applied) {
              apply();
              applied = true;
            }
          } catch (e) {
            if ((e as { reason?: string }).reason !== 'INSUFFICIENT_FUNDS') throw e;
          }
        };
        return call;
      };

      for (const op of ops) {
        if (op.t === 'retry') {
          if (last) await last();
          continue;
        }
        if (op.t === 'pay' || op.t === 'reject') {
          const open = holds.filter((x) => x.open);
          const target = open[op.pick % Math.max(open.length, 1)];
          if (!target) continue;
          await db
            .transaction()
            .execute((tx) =>
              op.t === 'pay'
                ? postHold(tx, target.id, houseAccount('clearing', 'payout'), 'withdraw.paid')
                : voidHold(tx, target.id, 'withdraw.rejected'),
            );
          target.open = false;
          add(target.m, 'locked', -target.amount);
          if (op.t === 'reject') add(target.m, 'central', target.amount);
          last = null;
          continue;
        }
        if (!('m' in op)) continue;
        const m = members[op.m]!;
        if (op.t === 'withdraw') {
          if (bal(m, 'central') < op.amount) continue;
          const id = await db
            .transaction()
            .execute((tx) => hold(tx, { memberId: m, amount: op.amount, currency: 'CNY', refType: 'withdraw', refId: String(seq++) }));
          holds.push({ id, m, amount: op.amount, open: true });
          add(m, 'central', -op.amount);
          add(m, 'locked', op.amount);
          last = null;
          continue;
        }
        const [from, to, fk, tk] =
          op.t === 'deposit'
            ? [houseAccount('clearing', 'sandbox'), central(m), null, 'central']
            : op.t === 'toVenue'
              ? [central(m), venue(m), 'central', 'venue']
              : [venue(m), central(m), 'venue', 'central'];
        const enough = fk === null || bal(m, fk) >= op.amount;
        const call = moneyCall(
          m,
          op,
          [
            { account: from, amount: -op.amount },
            { account: to, amount: op.amount },
          ],
          () => {
            if (fk) add(m, fk, -op.amount);
            add(m, tk!, op.amount);
          },
        );
        await call();
        // The books after every call, refused ones included (nothing moved): the database agrees with the model.
        const account = (k: string) => (k === 'central' ? central(m) : venue(m));
        expect(await balanceOf(db, account(tk!))).toBe(bal(m, tk!));
        if (fk) expect(await balanceOf(db, account(fk))).toBe(bal(m, fk));
        if (!enough) expect(bal(m, fk!)).toBeLessThan(op.amount);
        last = call;
      }
      for (const m of members) {
        expect(await balanceOf(db, central(m))).toBe(bal(m, 'central'));
        expect(await balanceOf(db, venue(m))).toBe(bal(m, 'venue'));
        expect(await balanceOf(db, memberAccount(m, 'locked'))).toBe(bal(m, 'locked'));
      }
      expect(await verifyLedger(db)).toEqual([]);
    }),
    { numRuns: 25, seed: 20261121 },
  );
});
