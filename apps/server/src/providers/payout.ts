import type { DbOrTx } from '../db/connect.ts';

/** One payout as we ask a provider to send it (a bank transfer or a wallet transfer). */
export interface PayoutRequest {
  orderNo: string;
  /** Fen to send. */
  amount: number;
  /** Where to (the order's payout account as the member chose it). */
  target: string;
}

/** A provider's final word on a payout: sent, or definitely not sent (it may be tried again or refused). */
export interface PayoutRecord {
  outcome: 'paid' | 'failed';
  providerRef: string;
}

export interface PayoutProvider {
  readonly name: string;
  /**
   * Send a payout. Answers the provider's final word, or throws when the answer is unknown (timeout, connection
   * lost, a 5xx): the money may or may not have left — only `query` may tell later. Idempotent per order number.
   */
  send(p: PayoutRequest): Promise<PayoutRecord>;
  /** The provider's record of a payout (its query API): null when it never received the order. */
  query(orderNo: string): Promise<PayoutRecord | null>;
}

/** What the sandbox does with the next payouts (tests, and a developer trying the unknown-outcome path). */
export type SandboxPayoutMode = 'paid' | 'failed' | 'timeout' | 'lost';

/**
 * Sandbox payout provider, its books in sandbox_payouts. `mode`: 'paid' and 'failed' answer at once; 'timeout'
 * books the payout as paid but the answer never reaches us (send throws); 'lost' throws before booking anything
 * (a query then finds nothing). A payout once booked paid stays paid (send is idempotent per order).
 */
export class SandboxPayoutProvider implements PayoutProvider {
  readonly name = 'sandbox';
  mode: SandboxPayoutMode = 'paid';

  constructor(private readonly db: DbOrTx) {}

  private static ref(orderNo: string) {
    return `SBP${orderNo.slice(-10)}`;
  }

  async send(p: PayoutRequest): Promise<PayoutRecord> {
    const mode = this.mode;
    if (mode === 'lost') throw new Error('payout provider: connection lost');
    const outcome: PayoutRecord['outcome'] = mode === 'failed' ? 'failed' : 'paid';
    const row = {
      order_no: p.orderNo,
      outcome,
      amount: p.amount,
      provider_ref: SandboxPayoutProvider.ref(p.orderNo),
      created_at: Date.now(),
    };
    await this.db
      .insertInto('sandbox_payouts')
      .values(row)
      .onConflict((oc) =>
        oc.column('order_no').doUpdateSet({ outcome, created_at: row.created_at }).where('sandbox_payouts.outcome', '!=', 'paid'),
      )
      .execute();
    if (mode === 'timeout') throw new Error('payout provider: timeout');
    const booked = await this.query(p.orderNo);
    return booked ?? { outcome, providerRef: row.provider_ref };
  }

  async query(orderNo: string): Promise<PayoutRecord | null> {
    const r = await this.db.selectFrom('sandbox_payouts').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
    return r ? { outcome: r.outcome, providerRef: r.provider_ref } : null;
  }
}
