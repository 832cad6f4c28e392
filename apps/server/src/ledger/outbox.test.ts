/**
 * The outbox (ledger/outbox.ts): a money step's after-commit effects are rows written in its own
 * transaction, so a crash between the commit and the effects loses none, and each takes effect once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { housekeeping } from '../jobs/housekeeping.ts';
import { deposit, promoMember } from '../modules/promotions/testKit.ts';
import { createHarness, type Harness } from '../test/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const rows = (ref: string) =>
  h.s.handle.db.selectFrom('outbox').select(['kind', 'done_at', 'attempts', 'last_error']).where('ref', '=', ref).orderBy('kind').execute();
const letters = (orderNo: string) => h.s.handle.db.selectFrom('letters').select('id').where('id', '=', `fd-deposit-${orderNo}`).execute();

describe('outbox', () => {
  it('the process stops between a credit and its effects: the rows remain, the next dispatch runs each exactly once', async () => {
    const m = await promoMember(h);
    const stops = vi.spyOn(h.s.effects, 'dispatch').mockResolvedValue(0); // nothing runs after the commit
    const orderNo = await deposit(h, m, 200);
    stops.mockRestore();
    // Committed with the credit: the VIP check, the funds letter and the promotions' event, none of them run.
    expect((await rows(orderNo)).map((r) => [r.kind, r.done_at])).toEqual([
      ['funds.letter', null],
      ['promo.deposit', null],
      ['vip.check', null],
    ]);
    expect(await letters(orderNo)).toHaveLength(0);

    const checks = vi.spyOn(h.s.vip, 'checkMember');
    expect(await h.s.effects.dispatchPending()).toBe(3);
    expect((await rows(orderNo)).every((r) => r.done_at !== null)).toBe(true);
    expect(await letters(orderNo)).toHaveLength(1);
    expect(checks).toHaveBeenCalledWith(m.userId);
    expect(await h.s.effects.dispatchPending()).toBe(0);

    // A crash between an effect and its row's mark runs it again: the effect still lands once.
    await h.s.handle.db.updateTable('outbox').set({ done_at: null }).where('ref', '=', orderNo).execute();
    expect(await h.s.effects.dispatch(orderNo)).toBe(3);
    expect(await letters(orderNo)).toHaveLength(1);
    checks.mockRestore();
  });

  it('an effect that fails stays pending with its error and runs on the next dispatch; the credit stands', async () => {
    const m = await promoMember(h);
    const fails = vi.spyOn(h.s.messages, 'sendFundsLetter').mockRejectedValueOnce(new Error('letters down'));
    const orderNo = await deposit(h, m, 300);
    expect(fails).toHaveBeenCalledTimes(1);
    fails.mockRestore();
    const letter = (await rows(orderNo)).find((r) => r.kind === 'funds.letter')!;
    expect(letter).toMatchObject({ done_at: null, attempts: 1, last_error: 'letters down' });
    expect((await rows(orderNo)).filter((r) => r.done_at !== null).map((r) => r.kind)).toEqual(['promo.deposit', 'vip.check']);
    expect(await letters(orderNo)).toHaveLength(0);
    expect(await h.s.effects.dispatchPending()).toBe(1);
    expect(await letters(orderNo)).toHaveLength(1);
    expect(await h.s.effects.dispatchPending()).toBe(0);
  });

  it('housekeeping deletes done rows after a week, never a pending one', async () => {
    const m = await promoMember(h);
    const stops = vi.spyOn(h.s.effects, 'dispatch').mockResolvedValue(0);
    const pending = await deposit(h, m, 400);
    stops.mockRestore();
    const done = await deposit(h, m, 500);
    const weekLater = Date.now() + 7 * 24 * 3600 * 1000 + 1;
    expect((await housekeeping(h.s.handle.db, weekLater)).effects).toBeGreaterThanOrEqual(3);
    expect(await rows(done)).toEqual([]);
    expect(await rows(pending)).toHaveLength(3);
  });
});
