import { StatusCode } from '@portal/contract';
import { fenToYuanString, parseAmount, validateTransferAmount } from '@portal/rules';
import type { Db, DbOrTx } from '../../db/connect.ts';
import type { VenueTable } from '../../db/schema.ts';
import type { RequestContext } from '../../http/context.ts';
import { fail, invalid } from '../../http/errors.ts';
import { randomId } from '../../lib/crypto.ts';
import { houseAccount, memberAccount, type Currency } from '../../ledger/accounts.ts';
import { idempotent } from '../../ledger/idempotency.ts';
import { balanceOf, post } from '../../ledger/ledger.ts';
import { VenueRefused, venuePlayer, type VenueAdapter } from '../../venues/adapter.ts';
import { prefsRepository, transferRepository, venueRepository } from './repository.ts';

const yuan = (fen: number) => fenToYuanString(fen);
const CNY: Currency = 'CNY';

export interface TransferInput {
  channelCode: string;
  amount: string;
  ty: number;
  isActivity?: number | undefined;
}

/**
 * Central wallet ↔ venue wallets. Our ledger mirrors each venue wallet; a transfer is a recorded step
 * with a recovery point: 'in' takes the money from the central wallet first, then asks the venue;
 * 'out' asks the venue first, then credits the central wallet. A lost answer leaves it pending for the
 * reconciler (jobs/reconciler.ts), which completes or reverses it — never loses it.
 */
export class WalletService {
  constructor(private readonly db: Db, private readonly adapters: (v: VenueTable) => VenueAdapter) {}

  async balances(memberId: string) {
    const central = await balanceOf(this.db, memberAccount(memberId, 'central', CNY));
    const locked = await balanceOf(this.db, memberAccount(memberId, 'locked', CNY));
    return { central, locked };
  }

  private async venue(code: string): Promise<VenueTable> {
    const v = await venueRepository.byCode(this.db, code.toUpperCase());
    if (!v) return fail(StatusCode.NOT_FOUND);
    if (v.status !== 'active') fail(StatusCode.VENUE_UNDER_MAINTENANCE);
    return v;
  }

  /** Bring our mirror of a venue wallet in line with the venue (wins and losses happened there). */
  private async sync(ctx: RequestContext, v: VenueTable): Promise<number> {
    const memberId = ctx.member!.id;
    const remote = await this.adapters(v).balance(v.channel_code, venuePlayer(ctx.site.siteCode, memberId));
    return this.db.transaction().execute(async (tx) => {
      const mirror = memberAccount(memberId, 'venue', CNY, v.channel_code);
      const ours = await balanceOf(tx, mirror);
      // While a transfer is unsettled the two sides legitimately differ: leave it to the reconciler.
      if (remote === ours || (await this.hasPending(tx, memberId, v.channel_code))) return ours;
      const diff = remote - ours;
      await post(tx, { kind: 'venue.sync', currency: CNY, refType: 'venue', refId: v.channel_code, memberId,
        lines: [{ account: houseAccount('venue_float', v.channel_code), amount: -diff }, { account: mirror, amount: diff }] });
      return remote;
    });
  }

  private async hasPending(tx: DbOrTx, memberId: string, channel: string): Promise<boolean> {
    return !!(await tx.selectFrom('venue_transfers').select('id').where('member_id', '=', memberId).where('channel_code', '=', channel)
      .where('status', '=', 'pending').executeTakeFirst());
  }

  async allBalance(ctx: RequestContext) {
    const venues = await venueRepository.all(this.db);
    const list = [];
    let total = 0;
    for (const v of venues) {
      const fen = v.status === 'active' ? await this.sync(ctx, v).catch(() => balanceOf(this.db, memberAccount(ctx.member!.id, 'venue', CNY, v.channel_code)))
        : await balanceOf(this.db, memberAccount(ctx.member!.id, 'venue', CNY, v.channel_code));
      total += fen;
      list.push({ channelCode: v.channel_code, name: v.name, category: v.category, balance: yuan(fen), status: v.status });
    }
    const { central } = await this.balances(ctx.member!.id);
    return { totalMoney: yuan(total + central), centerWalletBalance: yuan(central), list };
  }

  async venueBalance(ctx: RequestContext, channelCode: string) {
    const v = await this.venue(channelCode);
    const fen = await this.sync(ctx, v);
    return { channelCode: v.channel_code, name: v.name, category: v.category, balance: yuan(fen), status: v.status };
  }

  async transfer(ctx: RequestContext, input: TransferInput, idemKey: string) {
    const message = validateTransferAmount(input.amount);
    if (message) invalid(message);
    const amount = parseAmount(input.amount);
    if (amount === null || amount <= 0) return invalid('请输入正确的金额');
    const v = await this.venue(input.channelCode);
    const memberId = ctx.member!.id;
    const direction = input.ty === 1 ? 'in' : 'out';
    if (direction === 'out') await this.sync(ctx, v);
    const { transferId } = await idempotent(this.db, `transfer:${memberId}`, idemKey, input, async (tx, key) => {
      if (await this.hasPending(tx, memberId, v.channel_code)) fail(StatusCode.FREQUENT_SUBMISSION, { key: 'TRANSFER_PENDING' });
      const id = randomId();
      const now = Date.now();
      await transferRepository.insert(tx, { id, member_id: memberId, site_code: ctx.site.siteCode, channel_code: v.channel_code, direction,
        amount, currency: CNY, status: 'pending', attempts: 0, last_error: null, created_at: now, updated_at: now });
      if (direction === 'in') {
        await post(tx, { kind: 'transfer.in', currency: CNY, refType: 'venue_transfer', refId: id, memberId, idemKey: key,
          lines: [{ account: memberAccount(memberId, 'central', CNY), amount: -amount }, { account: memberAccount(memberId, 'venue', CNY, v.channel_code), amount }] });
      } else if ((await balanceOf(tx, memberAccount(memberId, 'venue', CNY, v.channel_code))) < amount) {
        fail(StatusCode.INVALID_PARAMETER, { key: 'INSUFFICIENT_FUNDS' });
      }
      return { transferId: id };
    });
    await this.drive(transferId);
    return this.result(transferId);
  }

  /** Ask the venue to apply a pending transfer and settle it by the answer; an unknown answer stays pending. */
  async drive(transferId: string): Promise<void> {
    const t = await transferRepository.byId(this.db, transferId);
    if (!t || t.status !== 'pending') return;
    const v = await venueRepository.byCode(this.db, t.channel_code);
    const adapter = this.adapters(v!);
    const call = { transferId: t.id, channelCode: t.channel_code, player: venuePlayer(t.site_code, t.member_id), amount: Number(t.amount) };
    try {
      await (t.direction === 'in' ? adapter.transferIn(call) : adapter.transferOut(call));
    } catch (e) {
      if (e instanceof VenueRefused) {
        // A refusal may answer a retry of a transfer the venue already applied (its earlier answer lost):
        // only the venue's own record of the transfer decides whether it is reversed.
        const says = await adapter.queryTransfer(t.channel_code, t.id).catch(() => null);
        if (says) return this.settle(t.id, says, says === 'not_found' ? String(e.message) : undefined);
      }
      await transferRepository.noteAttempt(this.db, t.id, String((e as Error).message), Date.now());
      return;
    }
    await this.settle(t.id, 'done');
  }

  /** Final step, once per transfer (conditional status change), with its journal in the same transaction. */
  async settle(transferId: string, venueSays: 'done' | 'not_found', error?: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const t = await transferRepository.byId(tx, transferId);
      if (!t || t.status !== 'pending') return;
      const now = Date.now();
      const venueAcct = memberAccount(t.member_id, 'venue', CNY, t.channel_code);
      const central = memberAccount(t.member_id, 'central', CNY);
      const amount = Number(t.amount);
      if (t.direction === 'in') {
        if (venueSays === 'done') return void (await transferRepository.finish(tx, t.id, 'completed', now));
        if (!(await transferRepository.finish(tx, t.id, 'reversed', now, error))) return;
        await post(tx, { kind: 'transfer.in.reversed', currency: CNY, refType: 'venue_transfer', refId: t.id, memberId: t.member_id,
          lines: [{ account: venueAcct, amount: -amount }, { account: central, amount }] }, now);
        return;
      }
      if (venueSays === 'not_found') return void (await transferRepository.finish(tx, t.id, 'failed', now, error));
      if (!(await transferRepository.finish(tx, t.id, 'completed', now))) return;
      await post(tx, { kind: 'transfer.out', currency: CNY, refType: 'venue_transfer', refId: t.id, memberId: t.member_id,
        lines: [{ account: venueAcct, amount: -amount }, { account: central, amount }] }, now);
    });
  }

  private async result(transferId: string) {
    const t = (await transferRepository.byId(this.db, transferId))!;
    if (t.status === 'reversed' || t.status === 'failed') fail(StatusCode.BAD_GATEWAY);
    const central = await balanceOf(this.db, memberAccount(t.member_id, 'central', CNY));
    const venue = await balanceOf(this.db, memberAccount(t.member_id, 'venue', CNY, t.channel_code));
    return { transferId, status: t.status === 'completed' ? 'completed' as const : 'pending' as const, centerWalletBalance: yuan(central), venueBalance: yuan(venue) };
  }

  /** Sweep every venue wallet back to the central wallet (each sweep its own idempotent transfer). */
  async recycle(ctx: RequestContext, idemKey: string) {
    let recovered = 0;
    const failed: string[] = [];
    for (const v of await venueRepository.all(this.db)) {
      if (v.status !== 'active') continue;
      try {
        const fen = await this.sync(ctx, v);
        if (fen <= 0) continue;
        const r = await this.transfer(ctx, { channelCode: v.channel_code, amount: yuan(fen), ty: 2 }, `${idemKey}.${v.channel_code}`.slice(0, 128));
        if (r.status === 'completed') recovered += fen;
        else failed.push(v.channel_code);
      } catch {
        failed.push(v.channel_code);
      }
    }
    const { central } = await this.balances(ctx.member!.id);
    return { recovered: yuan(recovered), centerWalletBalance: yuan(central), failed };
  }

  async setAutoTransfer(memberId: string, on: boolean): Promise<null> {
    await prefsRepository.setAutoTransfer(this.db, memberId, on, Date.now());
    return null;
  }
}
