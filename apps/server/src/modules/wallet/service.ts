import type { Eligibility } from '../compliance/eligibility.ts';
import { protectionRepository } from '../compliance/repository.ts';
import { ALL_BALANCE_CATEGORY, ALL_BALANCE_EVERY, GAME_CATEGORIES, StatusCode, type GameCategory } from '@portal/contract';
import { parseAmount, validateTransferAmount, yuan } from '@portal/rules';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import type { VenueTable, VenueTransferTable } from '../../db/schema.ts';
import type { MemberCaller } from '../user/caller.ts';
import { fail, invalid } from '../../lib/errors.ts';
import { timeOrderedId } from '../../lib/crypto.ts';
import { accountId, houseAccount, memberAccount, type Currency } from '../../ledger/accounts.ts';
import { owedFen, refuseWhileOwing } from '../../ledger/debt.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { balanceOf, post } from '../../ledger/ledger.ts';
import { ledgerSql } from '../../ledger/statements.ts';
import { isSeamlessVenue, VenueRefused, venuePlayer, type VenueAdapter } from '../../venues/adapter.ts';
import { DRIVE_LEASE_MS, prefsRepository, transferRepository, venueRepository } from './repository.ts';

const CNY: Currency = 'CNY';

/** How a transfer ended when this process settled it, with the balances its journal left (null when none moved). */
export interface Settled {
  status: VenueTransferTable['status'];
  balances: Map<string, number> | null;
}

/** A transfer this call recorded (the row as inserted, the balances its journal left). */
interface Recorded {
  t: VenueTransferTable;
  balances: Map<string, number> | null;
}
/** What a transfer's idempotency key stores: its id (a replay answers the transfer as it is now). */
const storedTransfer = z.object({ transferId: z.string() });

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
/**
 * A venue whose bets this server never sees (a transfer-wallet venue that is neither house nor seamless): money
 * moved into it counts as staked, and money moved back out as returned, for the loss and wager limits.
 */
export const blindVenue = (v: Pick<VenueTable, 'adapter'>): boolean =>
  !v.adapter.startsWith('house_') && !v.adapter.startsWith('seamless:');

export class WalletService {
  constructor(
    private readonly db: Db,
    private readonly adapters: (v: VenueTable) => VenueAdapter,
    private readonly eligibility: Pick<Eligibility, 'check'>,
  ) {}

  async balances(memberId: string) {
    const central = await balanceOf(this.db, memberAccount(memberId, 'central', CNY));
    const locked = await balanceOf(this.db, memberAccount(memberId, 'locked', CNY));
    return { central, locked };
  }

  /** What the member owes the house (ledger/debt.ts), in fen. */
  owed(memberId: string): Promise<number> {
    return owedFen(this.db, memberId, CNY);
  }

  private async venue(code: string): Promise<VenueTable> {
    const v = await venueRepository.current(this.db, code.toUpperCase());
    // A seamless venue has no wallet of its own to transfer to or read: not a transfer venue.
    if (!v || isSeamlessVenue(v)) fail(StatusCode.NOT_FOUND);
    if (v.status !== 'active') fail(StatusCode.VENUE_UNDER_MAINTENANCE);
    return v;
  }

  /** Bring our mirror of a venue wallet in line with the venue (wins and losses happened there). */
  private async sync(ctx: MemberCaller, v: VenueTable): Promise<number> {
    const memberId = ctx.member.id;
    const id = accountId(memberAccount(memberId, 'venue', CNY, v.channel_code));
    // The venue's answer is compared with our mirror as it was BEFORE asking: a transfer under way then, or one
    // that moves the mirror between the question and the write below (its version changes), makes the two sides
    // differ legitimately — leave it (the reconciler, or the next sync, settles it).
    const seen = (await ledgerSql.balanceVersion(this.db, id))[0];
    if (await transferRepository.hasPending(this.db, memberId, v.channel_code)) return Number(seen?.balance ?? 0);
    const remote = await this.adapters(v).balance(v.channel_code, venuePlayer(ctx.site.siteCode, memberId));
    return moneyStep(this.db, async (tx) => {
      // Read under the row's lock on PostgreSQL, as the ledger's own reads.
      const now = (await ledgerSql.lockedBalance(tx, id))[0];
      const ours = Number(now?.balance ?? 0);
      if (remote === ours) return ours;
      if (Number(now?.version ?? -1) !== Number(seen?.version ?? -1) || (await transferRepository.hasPending(tx, memberId, v.channel_code)))
        return ours;
      const diff = remote - ours;
      await post(tx, {
        kind: 'venue.sync',
        currency: CNY,
        refType: 'venue',
        refId: v.channel_code,
        memberId,
        lines: [
          { account: houseAccount('venue_float', v.channel_code), amount: -diff },
          { account: memberAccount(memberId, 'venue', CNY, v.channel_code), amount: diff },
        ],
      });
      return remote;
    });
  }

  /** The venues that hold a wallet of the member's: every venue but the seamless ones (their money is the central wallet). */
  private async walletVenues(): Promise<VenueTable[]> {
    return (await venueRepository.all(this.db)).filter((v) => !isSeamlessVenue(v));
  }

  /** allBalance of a category (spec §3: 8 every venue): only that section's venues are read and summed. */
  async allBalance(ctx: MemberCaller, category?: number | string) {
    const section = allBalanceSection(category);
    const venues = (await this.walletVenues()).filter((v) => section === null || v.category === section);
    const list = [];
    let total = 0;
    for (const v of venues) {
      const fen =
        v.status === 'active'
          ? await this.sync(ctx, v).catch(() => balanceOf(this.db, memberAccount(ctx.member.id, 'venue', CNY, v.channel_code)))
          : await balanceOf(this.db, memberAccount(ctx.member.id, 'venue', CNY, v.channel_code));
      total += fen;
      list.push({ channelCode: v.channel_code, name: v.name, category: v.category, balance: yuan(fen), status: v.status });
    }
    const { central } = await this.balances(ctx.member.id);
    const autoTransfer = await prefsRepository.autoTransfer(this.db, ctx.member.id);
    return { totalMoney: yuan(total + central), centerWalletBalance: yuan(central), list, autoTransfer };
  }

  async venueBalance(ctx: MemberCaller, channelCode: string) {
    const v = await this.venue(channelCode);
    const fen = await this.sync(ctx, v);
    return { channelCode: v.channel_code, name: v.name, category: v.category, balance: yuan(fen), status: v.status };
  }

  async transfer(ctx: MemberCaller, input: TransferInput, idemKey: string) {
    const message = validateTransferAmount(input.amount);
    if (message) invalid(message);
    const amount = parseAmount(input.amount);
    if (amount === null || amount <= 0) fail(StatusCode.INVALID_PARAMETER, { key: 'AMOUNT_INVALID' });
    const v = await this.venue(input.channelCode);
    const memberId = ctx.member.id;
    const direction = input.ty === 1 ? 'in' : 'out';
    // Into a venue whose bets we see, the money is not staked yet (its bets are checked); into a blind one it is.
    if (direction === 'in') await this.eligibility.check(ctx, 'transfer_in', blindVenue(v) ? amount : 0);
    if (direction === 'out') await this.sync(ctx, v);
    const id = timeOrderedId();
    // The recovery point: the transfer row (and for 'in' the money leaving the central wallet) commits
    // before the venue is asked, so a crash after this is finished or reversed by the reconciler.
    const placed = await moneyStep(
      this.db,
      async (tx, key): Promise<Recorded> => {
        const now = Date.now();
        // The creating request drives the transfer: it holds the lease from the insert (no other actor judges it meanwhile).
        const t: VenueTransferTable = {
          id,
          member_id: memberId,
          site_code: ctx.site.siteCode,
          channel_code: v.channel_code,
          direction,
          amount,
          currency: CNY,
          status: 'pending',
          attempts: 0,
          last_error: null,
          created_at: now,
          updated_at: now,
          driving_until: now + DRIVE_LEASE_MS,
        };
        if (!(await transferRepository.insertUnlessPending(tx, t))) fail(StatusCode.FREQUENT_SUBMISSION, { key: 'TRANSFER_PENDING' });
        let balances: Map<string, number> | null = null;
        if (direction === 'in') {
          // Money owed to the house keeps the central wallet's money where a deposit's repayment can follow it.
          await refuseWhileOwing(tx, memberId);
          if (blindVenue(v)) await protectionRepository.addHourly(tx, memberId, now, amount, 0);
          ({ balances } = await post(
            tx,
            {
              kind: 'transfer.in',
              currency: CNY,
              refType: 'venue_transfer',
              refId: id,
              memberId,
              requestKey: key,
              lines: [
                { account: memberAccount(memberId, 'central', CNY), amount: -amount },
                { account: memberAccount(memberId, 'venue', CNY, v.channel_code), amount },
              ],
            },
            now,
          ));
        } else if ((await balanceOf(tx, memberAccount(memberId, 'venue', CNY, v.channel_code))) < amount) {
          fail(StatusCode.INVALID_PARAMETER, { key: 'INSUFFICIENT_FUNDS' });
        }
        return { t, balances };
      },
      { scope: `transfer:${memberId}`, key: idemKey, request: input, store: { before: { transferId: id } }, decode: storedTransfer.parse },
    );
    if (!placed.fresh) {
      // A retry of an earlier request: drive it if it is still pending, then answer its state.
      const { transferId } = placed.stored;
      await this.drive(transferId);
      return this.result(transferId);
    }
    const { t, balances } = placed.value;
    const outcome = await this.drive(t, v);
    if (!outcome) return this.result(t.id); // settled meanwhile by the reconciler: answer what it decided
    return this.answer(t, outcome.status, outcome.balances ?? balances);
  }

  /**
   * Ask the venue to apply a pending transfer and settle it by the answer; an unknown answer stays
   * pending. Answers how it ended (null when it was not pending, someone else settled it, or someone else
   * is driving it right now). One actor at a time per transfer (the lease, migration 0018): a "no such
   * transfer" answer must never be read while another actor's call to the venue may still land. The
   * transfer as its creator inserted it comes with the lease; by id (a client's retry) it is claimed first.
   */
  async drive(ref: string | VenueTransferTable, known?: VenueTable): Promise<Settled | null> {
    const t = typeof ref === 'string' ? await transferRepository.byId(this.db, ref) : ref;
    if (!t || t.status !== 'pending') return null;
    if (typeof ref === 'string' && !(await moneyStep(this.db, { statement: (db) => transferRepository.claimDrive(db, t.id, Date.now()) })))
      return null;
    const v = known ?? (await venueRepository.current(this.db, t.channel_code));
    const adapter = this.adapters(v!);
    const call = { transferId: t.id, channelCode: t.channel_code, player: venuePlayer(t.site_code, t.member_id), amount: Number(t.amount) };
    try {
      await (t.direction === 'in' ? adapter.transferIn(call) : adapter.transferOut(call));
    } catch (e) {
      if (e instanceof VenueRefused) {
        // A refusal may answer a retry of a transfer the venue already applied (its earlier answer lost):
        // only the venue's own record of the transfer decides whether it is reversed.
        const says = await adapter.queryTransfer(t.channel_code, t.id).catch(() => null);
        if (says) return this.settle(t, says, says === 'not_found' ? String(e.message) : undefined);
      }
      await transferRepository.noteAttempt(this.db, t.id, String((e as Error).message), Date.now());
      return { status: 'pending', balances: null };
    }
    return this.settle(t, 'done');
  }

  /**
   * Final step, once per transfer (conditional status change), with its journal in the same transaction.
   * Answers the final status and the balances its journal left (null when it was settled already).
   */
  async settle(ref: string | VenueTransferTable, venueSays: 'done' | 'not_found', error?: string): Promise<Settled | null> {
    const t = typeof ref === 'string' ? await transferRepository.byId(this.db, ref) : ref;
    if (!t || t.status !== 'pending') return null;
    const now = Date.now();
    const status = t.direction === 'in' ? (venueSays === 'done' ? 'completed' : 'reversed') : venueSays === 'done' ? 'completed' : 'failed';
    // Nothing moves when an 'in' completes or an 'out' fails: the status change alone is the step.
    if ((t.direction === 'in') === (venueSays === 'done')) {
      // Moves no money: a database crash that lost it leaves the transfer pending, and the reconciler settles it again by
      // the venue's own record — so its commit need not wait for the disk (ledger/groupCommit.ts).
      return moneyStep(this.db, {
        statement: async (db) => ((await transferRepository.finish(db, t.id, status, now, error)) ? { status, balances: null } : null),
        relaxed: true,
      });
    }
    // Read before the step: a step reads only through its own transaction.
    const venue = await venueRepository.current(this.db, t.channel_code);
    const blind = venue !== undefined && blindVenue(venue);
    return moneyStep(this.db, async (tx) => {
      if (!(await transferRepository.finish(tx, t.id, status, now, error))) return null;
      const amount = Number(t.amount);
      if (blind)
        await protectionRepository.addHourly(tx, t.member_id, now, t.direction === 'in' ? -amount : 0, t.direction === 'in' ? 0 : amount);
      const { balances } = await post(
        tx,
        {
          kind: t.direction === 'in' ? 'transfer.in.reversed' : 'transfer.out',
          currency: CNY,
          refType: 'venue_transfer',
          refId: t.id,
          memberId: t.member_id,
          lines: [
            { account: memberAccount(t.member_id, 'venue', CNY, t.channel_code), amount: -amount },
            { account: memberAccount(t.member_id, 'central', CNY), amount },
          ],
        },
        now,
      );
      return { status, balances };
    });
  }

  private async result(transferId: string) {
    const t = (await transferRepository.byId(this.db, transferId))!;
    return this.answer(t, t.status, null);
  }

  /** The API answer; balances from the transfer's own journal when known (the state right after it), else read. */
  private async answer(t: VenueTransferTable, status: VenueTransferTable['status'], balances: Map<string, number> | null) {
    if (status === 'reversed' || status === 'failed') fail(StatusCode.BAD_GATEWAY);
    const centralAcct = memberAccount(t.member_id, 'central', CNY);
    const venueAcct = memberAccount(t.member_id, 'venue', CNY, t.channel_code);
    const central = balances?.get(accountId(centralAcct)) ?? (await balanceOf(this.db, centralAcct));
    const venue = balances?.get(accountId(venueAcct)) ?? (await balanceOf(this.db, venueAcct));
    return {
      transferId: t.id,
      status: status === 'completed' ? ('completed' as const) : ('pending' as const),
      centerWalletBalance: yuan(central),
      venueBalance: yuan(venue),
    };
  }

  /** Sweep every venue wallet back to the central wallet (each sweep its own idempotent transfer). */
  async recycle(ctx: MemberCaller, idemKey: string) {
    let recovered = 0;
    const failed: string[] = [];
    for (const v of await this.walletVenues()) {
      if (v.status !== 'active') continue;
      try {
        const fen = await this.sync(ctx, v);
        if (fen <= 0) continue;
        const r = await this.transfer(
          ctx,
          { channelCode: v.channel_code, amount: yuan(fen), ty: 2 },
          `${idemKey}.${v.channel_code}`.slice(0, 128),
        );
        if (r.status === 'completed') recovered += fen;
        else failed.push(v.channel_code);
      } catch {
        failed.push(v.channel_code);
      }
    }
    const { central } = await this.balances(ctx.member.id);
    return { recovered: yuan(recovered), centerWalletBalance: yuan(central), failed };
  }

  async setAutoTransfer(memberId: string, on: boolean): Promise<null> {
    await prefsRepository.setAutoTransfer(this.db, memberId, on, Date.now());
    return null;
  }
}

/** The section an allBalance category names (null: every venue); an unknown number → 6007. */
export function allBalanceSection(category: number | string | undefined): GameCategory | null {
  if (category === undefined) return null;
  if ((GAME_CATEGORIES as readonly string[]).includes(String(category))) return category as GameCategory;
  const n = Number(category);
  if (n === ALL_BALANCE_EVERY) return null;
  return ALL_BALANCE_CATEGORY[n] ?? fail(StatusCode.INVALID_PARAMETER);
}
