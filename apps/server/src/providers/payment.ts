import { randomInt } from 'node:crypto';
import type { DbOrTx } from '../db/connect.ts';
import { stableStringify } from '../lib/stableStringify.ts';
import { hmacHex, safeEqualHex } from '../lib/crypto.ts';

/** A payment notification as a provider sends it (sandbox format; a live provider maps to this). */
export interface PaymentNotification {
  orderNo: string;
  event: 'paid' | 'failed';
  /** Fen actually received. */
  amount: number;
  providerRef: string;
  sentAt: number;
}

export interface PaymentProvider {
  readonly name: string;
  /** Where the player pays. */
  payUrl(orderNo: string): string;
  /** Check a notification's signature (over the canonical JSON of its body). */
  verify(body: unknown, signature: string | undefined): boolean;
  /**
   * The provider's own record of an order (its order-query API): the final event as a notification
   * would carry it, or null while the player has not finished. Lets the deposit reconciler credit a
   * payment whose notification never arrived (lost in a crash, or the provider gave up sending).
   */
  queryOrder(orderNo: string): Promise<PaymentNotification | null>;
}

export interface SandboxPaymentOptions {
  /** Max delay before a notification goes out. */
  maxDelayMs: number;
  /** Chance that a notification is delivered twice. */
  duplicateRate: number;
  /** Chance that a stale 'failed' notification follows a 'paid' one (out of order). */
  outOfOrderRate: number;
}

/**
 * Sandbox payment provider: its pay page is served by this server (/sandbox/pay/:orderNo, dev only);
 * when the player presses pay or fail it records the outcome in its own books (sandbox_payments, as a
 * real gateway keeps them on its side) and calls back with an HMAC-signed notification — sometimes late,
 * sometimes twice, sometimes followed by a stale one out of order, and never again once sent: a
 * notification lost with our process is found by the deposit reconciler through queryOrder.
 * `deliver` posts to our callback.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  deliver: ((body: PaymentNotification, signature: string) => Promise<void>) | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: DbOrTx,
    private readonly secret: string,
    readonly opts: SandboxPaymentOptions,
  ) {}

  payUrl(orderNo: string): string {
    return `/sandbox/pay/${orderNo}`;
  }

  sign(body: unknown): string {
    return hmacHex(this.secret, stableStringify(body));
  }

  verify(body: unknown, signature: string | undefined): boolean {
    return !!signature && /^[0-9a-f]{64}$/.test(signature) && safeEqualHex(this.sign(body), signature);
  }

  private roll(rate: number) {
    return rate > 0 && randomInt(1_000_000) < rate * 1_000_000;
  }

  private static ref(orderNo: string): string {
    return `SBX${orderNo.slice(-10)}`;
  }

  /**
   * The player finished on the pay page: the provider books the outcome first (a payment, once made,
   * stays made: a later failed attempt does not undo it), then sends its notifications.
   */
  async act(orderNo: string, event: 'paid' | 'failed', amount: number): Promise<void> {
    const row = { order_no: orderNo, event, amount, provider_ref: SandboxPaymentProvider.ref(orderNo), acted_at: Date.now() };
    await this.db
      .insertInto('sandbox_payments')
      .values(row)
      .onConflict((oc) =>
        oc.column('order_no').doUpdateSet({ event, amount, acted_at: row.acted_at }).where('sandbox_payments.event', '!=', 'paid'),
      )
      .execute();
    this.notify(orderNo, event, amount);
  }

  async queryOrder(orderNo: string): Promise<PaymentNotification | null> {
    const r = await this.db.selectFrom('sandbox_payments').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
    return r ? { orderNo, event: r.event, amount: Number(r.amount), providerRef: r.provider_ref, sentAt: Date.now() } : null;
  }

  /** Queue the notifications a real provider would send. */
  notify(orderNo: string, event: 'paid' | 'failed', amount: number): void {
    const send = (e: 'paid' | 'failed', delayMs: number) => {
      const body: PaymentNotification = { orderNo, event: e, amount, providerRef: SandboxPaymentProvider.ref(orderNo), sentAt: Date.now() };
      const p = new Promise<void>((resolve) => setTimeout(resolve, delayMs))
        .then(() => this.deliver?.(body, this.sign(body)))
        .catch(() => undefined)
        .finally(() => this.inFlight.delete(p));
      this.inFlight.add(p);
    };
    const delay = () => (this.opts.maxDelayMs > 0 ? randomInt(this.opts.maxDelayMs + 1) : 0);
    send(event, delay());
    if (this.roll(this.opts.duplicateRate)) send(event, delay());
    if (event === 'paid' && this.roll(this.opts.outOfOrderRate)) send('failed', delay() + 1);
  }

  /** Tests and shutdown: wait for every queued notification. */
  async settle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }
}
