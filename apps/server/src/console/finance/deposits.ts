/** Deposit orders for the console: search, one order with its provider answers, and a manual reconcile. */
import type { z } from 'zod';
import { StatusCode } from '@portal/contract';
import type { depositItem } from '@portal/contract/console';
import type { Db } from '../../db/connect.ts';
import type { DepositOrderTable } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import { reconcileOrder } from '../../jobs/depositReconciler.ts';
import type { DepositService } from '../../modules/deposit/service.ts';
import type { PaymentProvider } from '../../providers/payment.ts';
import type { ConsoleContext } from '../pipeline.ts';

type Item = z.input<typeof depositItem>;

const itemOf = (o: DepositOrderTable, username: string, channelName: string | null): Item => ({
  orderNo: o.order_no,
  siteCode: Number(o.site_code),
  username,
  channelId: o.channel_id,
  channelName: channelName ?? o.channel_id,
  provider: o.provider,
  amount: Number(o.amount),
  fee: Number(o.fee),
  currency: o.currency,
  status: o.status,
  createdAt: Number(o.created_at),
  expiresAt: Number(o.expires_at),
  paidAt: o.paid_at === null ? null : Number(o.paid_at),
  checkedAt: o.checked_at === null || o.checked_at === undefined ? null : Number(o.checked_at),
});

export interface DepositFilter {
  page: number;
  pageSize: number;
  siteCode?: number | undefined;
  orderNo?: string | undefined;
  username?: string | undefined;
  status?: DepositOrderTable['status'] | undefined;
  channelId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

export class DepositDesk {
  constructor(
    private readonly db: Db,
    private readonly deposits: DepositService,
    private readonly providers: Map<string, PaymentProvider>,
  ) {}

  async list(ctx: ConsoleContext, f: DepositFilter) {
    const sites = f.siteCode !== undefined ? [f.siteCode] : ctx.sites;
    if (!sites.length) return { list: [], total: 0 };
    let q = this.db
      .selectFrom('deposit_orders as d')
      .innerJoin('members as m', 'm.id', 'd.member_id')
      .leftJoin('deposit_channels as c', 'c.id', 'd.channel_id')
      .where('d.site_code', 'in', sites);
    if (f.orderNo) q = q.where('d.order_no', '=', f.orderNo);
    if (f.username) q = q.where('m.name_lower', '=', f.username.toLowerCase());
    if (f.status) q = q.where('d.status', '=', f.status);
    if (f.channelId) q = q.where('d.channel_id', '=', f.channelId);
    if (f.from !== undefined) q = q.where('d.created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('d.created_at', '<', f.to);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll('d')
      .select(['m.name as username', 'c.name as channel_name'])
      .orderBy('d.created_at', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute();
    return { total: Number(total.n), list: rows.map((r) => itemOf(r, r.username, r.channel_name)) };
  }

  /** The order with its member's username, when the staff member sees its brand (else 6004). */
  async visible(ctx: ConsoleContext, orderNo: string): Promise<{ order: DepositOrderTable; item: Item }> {
    const r =
      (await this.db
        .selectFrom('deposit_orders as d')
        .innerJoin('members as m', 'm.id', 'd.member_id')
        .leftJoin('deposit_channels as c', 'c.id', 'd.channel_id')
        .selectAll('d')
        .select(['m.name as username', 'c.name as channel_name'])
        .where('d.order_no', '=', orderNo)
        .executeTakeFirst()) ?? fail(StatusCode.NOT_FOUND);
    ctx.assertSite(Number(r.site_code));
    return { order: r, item: itemOf(r, r.username, r.channel_name) };
  }

  async detail(ctx: ConsoleContext, orderNo: string) {
    const { item } = await this.visible(ctx, orderNo);
    const rows = await this.db
      .selectFrom('payment_notifications')
      .select(['event', 'amount', 'outcome', 'via', 'received_at'])
      .where('order_no', '=', orderNo)
      .orderBy('id')
      .execute();
    return {
      order: item,
      notifications: rows.map((n) => ({
        event: n.event,
        amount: Number(n.amount),
        outcome: n.outcome,
        via: n.via,
        receivedAt: Number(n.received_at),
      })),
    };
  }

  /** Ask the order's provider now, as the deposit reconciler does (jobs/depositReconciler.ts): a payment is credited once. */
  async reconcile(ctx: ConsoleContext, orderNo: string) {
    const { order, item: before } = await this.visible(ctx, orderNo);
    const provider = this.providers.get(order.provider);
    if (!provider) fail(StatusCode.INVALID_PARAMETER, { key: 'DEPOSIT_NO_PROVIDER' });
    let r: Awaited<ReturnType<typeof reconcileOrder>>;
    try {
      r = await reconcileOrder(this.db, this.deposits, provider, order);
    } catch {
      fail(StatusCode.BAD_GATEWAY, { key: 'DEPOSIT_QUERY_DOWN' });
    }
    const after = (await this.visible(ctx, orderNo)).item;
    const outcome: 'credited' | 'duplicate' | 'ignored' | 'failed' | 'unknown' =
      r === 'asked' ? (after.status === 'paid' ? 'duplicate' : 'ignored') : r;
    return { before, after, outcome };
  }
}
