import type { Eligibility } from '../compliance/eligibility.ts';
import { StatusCode, type depositApi } from '@portal/contract';
import { fenToCoinString, formatAmount, parseAmount, yuan } from '@portal/rules';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import type { DepositOrderTable } from '../../db/schema.ts';
import type { MemberCaller } from '../user/caller.ts';
import { fail } from '../../lib/errors.ts';
import { randomId, sha256Hex } from '../../lib/crypto.ts';
import { houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { repayFirst } from '../../ledger/debt.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { enqueueEffects, type EffectDispatcher } from '../../ledger/outbox.ts';
import { post } from '../../ledger/ledger.ts';
import type { PaymentNotification, PaymentProvider } from '../../providers/payment.ts';
import { depositRepository as repo } from './repository.ts';
import type { DepositHooks } from '../promotions/service.ts';
import { turnoverRepository } from '../turnover/repository.ts';
import { USDT_RATE } from '../wallet/fx.ts';

type Order = z.input<typeof depositApi.pay.response>;
/** What a deposit order's idempotency key stores: its number. */
const storedOrder = z.object({ orderNo: z.string() });
const ORDER_TTL_MS = 30 * 60 * 1000;
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** A sandbox receiving address per member and network (a live provider hands out real ones). */
function sandboxAddress(memberId: string, network: string): string {
  const h = sha256Hex(`${network}:${memberId}`);
  return network === 'TRC20'
    ? `T${h
        .replace(/[^1-9a-km-zA-HJ-NP-Z]/g, '')
        .slice(0, 33)
        .padEnd(33, 'x')}`
    : `0x${h.slice(0, 40)}`;
}

/**
 * Deposits: an order per payment; the provider's signed notification credits it exactly once (a
 * conditional status change and the journal in one transaction), whatever the notifications' number
 * or order. A late payment for a closed or expired order is still credited: the money arrived.
 */
export class DepositService {
  /**
   * `hooks`: the promotion engine's event row in the credit's transaction. `effects`: the outbox's dispatcher,
   * which runs the credit's effects (ledger/outbox.ts: the VIP upgrade check, the funds letter, the promotions)
   * right after the commit; their failures never undo the credit (the effects job retries them).
   */
  constructor(
    private readonly db: Db,
    private readonly providers: Map<string, PaymentProvider>,
    private readonly hooks?: DepositHooks,
    private readonly effects?: EffectDispatcher,
    private readonly eligibility?: Pick<Eligibility, 'check'>,
  ) {}

  async channels() {
    return (await repo.channels(this.db)).map((c) => ({
      id: c.id,
      name: c.name,
      type: c.type,
      min: yuan(c.min_fen),
      max: yuan(c.max_fen),
      presets: c.presets.split(',').filter(Boolean),
      feeRate: (c.fee_bp / 100).toString(),
      networks: c.networks.split(',').filter(Boolean),
    }));
  }

  private view(o: DepositOrderTable): Order {
    const provider = this.providers.get(o.provider);
    return {
      orderNo: o.order_no,
      status: o.status,
      amount: yuan(o.amount),
      fee: yuan(o.fee),
      channelId: o.channel_id,
      payUrl: provider?.payUrl(o.order_no) ?? '',
      expireAt: iso(o.expires_at)!,
      paidAt: iso(o.paid_at),
      network: o.network,
      address: o.address,
      usdtAmount: o.usdt_amount,
      signalCode: o.signal_code,
      activityId: o.promotion_id,
    };
  }

  async pay(
    ctx: MemberCaller,
    input: { channelId: string; amount: string; network?: 'TRC20' | 'ERC20' | undefined; activityId?: string | undefined },
  ) {
    const memberId = ctx.member.id;
    // Player protection (exclusion, deposit limits, identity verification, region) before an order reaches a provider.
    const asked = parseAmount(input.amount);
    if (asked !== null && asked > 0) await this.eligibility?.check(ctx, 'deposit', asked);
    const created = await moneyStep(
      this.db,
      async (tx) => {
        const c = await repo.channel(tx, input.channelId);
        if (!c) fail(StatusCode.NOT_FOUND);
        const amount = parseAmount(input.amount);
        if (amount === null || amount < Number(c.min_fen) || amount > Number(c.max_fen)) {
          fail(StatusCode.INVALID_PARAMETER, {
            key: 'DEPOSIT_AMOUNT_RANGE',
            vars: { min: formatAmount(Number(c.min_fen)), max: formatAmount(Number(c.max_fen)) },
          });
        }
        if (c.type === 'usdt' && (!input.network || !c.networks.split(',').includes(input.network)))
          fail(StatusCode.INVALID_PARAMETER, { key: 'DEPOSIT_NETWORK_REQUIRED' });
        const fee = Math.floor((amount * c.fee_bp) / 10_000);
        const now = Date.now();
        if (input.activityId !== undefined) {
          if (!this.hooks) fail(StatusCode.NOT_FOUND);
          await this.hooks.optIn(tx, ctx, input.activityId, amount, now);
        }
        const no = `D${now}${randomId()
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 8)}`;
        await repo.insertOrder(tx, {
          order_no: no,
          member_id: memberId,
          site_code: ctx.site.siteCode,
          channel_id: c.id,
          provider: c.provider,
          amount,
          fee,
          currency: 'CNY',
          status: 'pending',
          network: c.type === 'usdt' ? input.network! : null,
          address: c.type === 'usdt' ? sandboxAddress(memberId, input.network!) : null,
          usdt_amount: c.type === 'usdt' ? fenToCoinString(amount, USDT_RATE) : null,
          signal_code: null,
          created_at: now,
          expires_at: now + ORDER_TTL_MS,
          paid_at: null,
          promotion_id: input.activityId ?? null,
        });
        return { orderNo: no };
      },
      { scope: `deposit:${memberId}`, key: ctx.requestKey, request: input, store: { after: (v) => v }, decode: storedOrder.parse },
    );
    return this.status(ctx, created.fresh ? created.value.orderNo : created.stored.orderNo);
  }

  private async own(ctx: MemberCaller, orderNo: string): Promise<DepositOrderTable> {
    const o = await repo.order(this.db, orderNo);
    // Another member's order is answered as not found: no one reads another's data.
    if (!o || o.member_id !== ctx.member.id) fail(StatusCode.NOT_FOUND);
    return o;
  }

  async status(ctx: MemberCaller, orderNo: string) {
    return this.view(await this.own(ctx, orderNo));
  }

  async close(ctx: MemberCaller, orderNo: string) {
    const o = await this.own(ctx, orderNo);
    if (o.status === 'pending') await repo.setStatus(this.db, o.order_no, ['pending'], 'closed');
    return null;
  }

  async signalCode(ctx: MemberCaller, orderNo: string) {
    const o = await this.own(ctx, orderNo);
    if (o.signal_code) return { signalCode: o.signal_code };
    const code = sha256Hex(`${o.order_no}:${o.member_id}`).slice(0, 6).toUpperCase();
    await repo.setSignalCode(this.db, o.order_no, code);
    return { signalCode: code };
  }

  /**
   * A provider notification (signature already checked), or the provider's answer to our order query
   * (`via` 'query', jobs/depositReconciler.ts): credit once, record every one.
   */
  async notified(
    provider: string,
    n: PaymentNotification,
    via: 'notify' | 'query' = 'notify',
  ): Promise<'credited' | 'duplicate' | 'ignored'> {
    const now = Date.now();
    const outcome = await moneyStep(this.db, async (tx) => {
      const o = await repo.order(tx, n.orderNo);
      if (!o || o.provider !== provider) return 'ignored' as const;
      if (n.event === 'failed') {
        // A stale 'failed' after 'paid' changes nothing; before, it ends the order.
        return (await repo.setStatus(tx, o.order_no, ['pending'], 'failed')) ? ('ignored' as const) : ('duplicate' as const);
      }
      if (n.amount !== Number(o.amount)) return 'ignored' as const; // amount mismatch: left to an operator
      if (!(await repo.markPaid(tx, o.order_no, now))) return 'duplicate' as const;
      const fee = Number(o.fee);
      // A member in debt repays it first, in the credit's own journal (once: it rides on markPaid and the journal's key).
      const credit = await repayFirst(tx, o.member_id, memberAccount(o.member_id, 'central'), Number(o.amount) - fee);
      await post(
        tx,
        {
          kind: 'deposit',
          currency: 'CNY',
          refType: 'deposit_order',
          refId: o.order_no,
          memberId: o.member_id,
          idemKey: `deposit:${o.order_no}`,
          lines: [
            { account: houseAccount('clearing', provider), amount: -Number(o.amount) },
            ...credit.lines,
            ...(fee > 0 ? [{ account: houseAccount('fee_income'), amount: fee }] : []),
          ],
        },
        now,
      );
      // A deposit must be wagered once before it can be withdrawn (what repaid a debt never reached the wallet).
      await turnoverRepository.add(tx, o.member_id, 'required', Number(o.amount) - credit.repaid);
      await this.hooks?.credited(tx, o, now);
      await enqueueEffects(
        tx,
        [
          { kind: 'vip.check', memberId: o.member_id, orderNo: o.order_no },
          { kind: 'funds.letter', event: 'deposit_credited', orderNo: o.order_no },
        ],
        now,
      );
      return 'credited' as const;
    });
    await repo.notification(this.db, { provider, order_no: n.orderNo, event: n.event, amount: n.amount, outcome, received_at: now, via });
    if (outcome === 'credited') await this.effects?.dispatch(n.orderNo).catch(() => 0);
    return outcome;
  }
}
