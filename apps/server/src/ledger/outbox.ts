import { z } from 'zod';
import type { Db, DbOrTx } from '../db/connect.ts';

/**
 * The outbox (migration 0022): effects that follow a committed money step. The step writes them with
 * `enqueueEffects(tx, …)` in its own transaction (so they commit with it, or not at all; a step run twice by
 * the group commit writes them once, rolled back with its first run); after the commit its caller
 * dispatches them by the business row's ref, and the effects job (jobs/promotions.ts) dispatches whatever a
 * crash or a failing effect left. A row is marked done after its effect ran: a crash in between runs it
 * again, so every effect is idempotent by its own key (the letter's fixed id, the grade raise, the
 * promotion event's claim) — each takes effect exactly once.
 */
const effectSchema = z.discriminatedUnion('kind', [
  /** A credited deposit's promotions (deposit bonuses, the inviter's reward): its promo_deposit_events row. */
  z.object({ kind: z.literal('promo.deposit'), orderNo: z.string() }),
  /** The VIP upgrade check after a credited deposit. */
  z.object({ kind: z.literal('vip.check'), memberId: z.string(), orderNo: z.string() }),
  /** The member's funds letter (box fd) of a credited deposit, a withdrawal paid out or rejected. */
  z.object({
    kind: z.literal('funds.letter'),
    event: z.enum(['deposit_credited', 'withdraw_paid', 'withdraw_rejected']),
    orderNo: z.string(),
  }),
]);
export type Effect = z.infer<typeof effectSchema>;
type Of<K extends Effect['kind']> = Extract<Effect, { kind: K }>;

/** What runs each kind of effect: idempotent (see above); a throw leaves the row for the next dispatch. */
export interface EffectHandlers {
  promoDeposit(e: Of<'promo.deposit'>): Promise<unknown>;
  vipCheck(e: Of<'vip.check'>): Promise<unknown>;
  fundsLetter(e: Of<'funds.letter'>): Promise<unknown>;
}

/** An outbox row as read. */
interface Row {
  id: string;
  payload: string;
}

const idOf = (e: Effect): string => (e.kind === 'funds.letter' ? `${e.kind}:${e.event}:${e.orderNo}` : `${e.kind}:${e.orderNo}`);

/** Writes effects in the money step's transaction; an effect already written for its event is not written again. */
export async function enqueueEffects(tx: DbOrTx, effects: readonly Effect[], now = Date.now()): Promise<void> {
  if (effects.length === 0) return;
  await tx
    .insertInto('outbox')
    .values(effects.map((e) => ({ id: idOf(e), kind: e.kind, ref: e.orderNo, payload: JSON.stringify(e), created_at: now })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Runs outbox rows: after a step's commit by its ref, and every row still pending from the effects job. */
export class EffectDispatcher {
  private handlers: EffectHandlers | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: (e: unknown) => void = () => undefined,
  ) {}

  /** The handlers, once the services they call exist (services.ts); until then rows wait. */
  handle(handlers: EffectHandlers): void {
    this.handlers = handlers;
  }

  /** The pending effects of one business row (its step just committed). Answers how many ran. */
  async dispatch(ref: string): Promise<number> {
    const rows = await this.db.selectFrom('outbox').selectAll().where('ref', '=', ref).where('done_at', 'is', null).execute();
    return this.runAll(rows);
  }

  /** Every pending effect, oldest first (the effects job). Answers how many ran. */
  async dispatchPending(limit = 100): Promise<number> {
    const rows = await this.db.selectFrom('outbox').selectAll().where('done_at', 'is', null).orderBy('created_at').limit(limit).execute();
    return this.runAll(rows);
  }

  private async runAll(rows: Row[]): Promise<number> {
    let ran = 0;
    for (const row of rows) if (await this.run(row)) ran += 1;
    return ran;
  }

  private async run(row: Row): Promise<boolean> {
    const h = this.handlers;
    if (!h) return false;
    try {
      const e = effectSchema.parse(JSON.parse(row.payload));
      if (e.kind === 'promo.deposit') await h.promoDeposit(e);
      else if (e.kind === 'vip.check') await h.vipCheck(e);
      else await h.fundsLetter(e);
    } catch (err) {
      this.log(err);
      await this.db
        .updateTable('outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: String((err as Error)?.message ?? err).slice(0, 500) }))
        .where('id', '=', row.id)
        .execute();
      return false;
    }
    const done = await this.db
      .updateTable('outbox')
      .set({ done_at: Date.now() })
      .where('id', '=', row.id)
      .where('done_at', 'is', null)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }
}
