import type { UntypedDb } from '../db/prepared.ts';
import { randomInt } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { preparedWrite } from '../db/prepared.ts';
import { ledgerStatementRelaxed, ledgerTransaction } from '../ledger/groupCommit.ts';
import { isSqlite } from '../ledger/locks.ts';
import { VenueRefused, VenueUnknown, type VenueAdapter, type VenueTransfer } from './adapter.ts';

export interface SandboxVenueOptions {
  delayMs: number;
  /** Chance that a transfer is refused before anything moves. */
  failRate: number;
  /** Chance that the answer is lost AFTER the money moved (the reconciler's case). */
  lostAnswerRate: number;
}

type K = UntypedDb;
/** The sandbox venue's own statements, compiled once (db/prepared.ts). */
const sql = {
  record: preparedWrite(
    (db: K, id: string, channel: string, player: string, amount: number, createdAt: number) =>
      db
        .insertInto('sandbox_venue_transfers')
        .values({ transfer_id: id, channel_code: channel, player, amount, created_at: createdAt })
        .onConflict((oc) => oc.column('transfer_id').doNothing()),
    ['', '', '', 0, 0],
  ),
  /** A wallet is created by its first credit. */
  credit: preparedWrite(
    (db: K, channel: string, player: string, amount: number) =>
      db
        .insertInto('sandbox_venue_wallets')
        .values({ channel_code: channel, player, balance: amount })
        .onConflict((oc) =>
          oc
            .columns(['channel_code', 'player'])
            .doUpdateSet((eb) => ({ balance: eb('sandbox_venue_wallets.balance', '+', eb.ref('excluded.balance')) })),
        ),
    ['', '', 0],
  ),
  /**
   * PostgreSQL, a credit that cannot be refused: its record and the credit in one statement (the credit only when
   * the record is new: a retry of an applied transfer moves nothing). One round trip instead of four.
   */
  recordAndCredit: preparedWrite(
    (db: K, id: string, channel: string, player: string, amount: number, createdAt: number) =>
      db
        .with('r', (w) =>
          w
            .insertInto('sandbox_venue_transfers')
            .values({ transfer_id: id, channel_code: channel, player, amount, created_at: createdAt })
            .onConflict((oc) => oc.column('transfer_id').doNothing())
            .returning('transfer_id'),
        )
        .insertInto('sandbox_venue_wallets')
        .columns(['channel_code', 'player', 'balance'])
        .expression((eb) =>
          eb
            .selectFrom('r')
            .select([eb.val(channel).as('channel_code'), eb.val(player).as('player'), eb.cast(eb.val(amount), 'bigint').as('balance')]),
        )
        .onConflict((oc) =>
          oc
            .columns(['channel_code', 'player'])
            .doUpdateSet((eb) => ({ balance: eb('sandbox_venue_wallets.balance', '+', eb.ref('excluded.balance')) })),
        ),
    ['', '', '', 0, 0],
  ),
  /** `delta` is negative: applied only when the wallet holds enough. */
  debit: preparedWrite(
    (db: K, delta: number, channel: string, player: string) =>
      db
        .updateTable('sandbox_venue_wallets')
        .set((eb) => ({ balance: eb('balance', '+', delta) }))
        .where('channel_code', '=', channel)
        .where('player', '=', player)
        .where((eb) => eb(eb('balance', '+', delta), '>=', 0)),
    [0, '', ''],
  ),
};

/**
 * A sandbox third-party venue: its own books (sandbox_venue_* tables, as if on another system), a
 * network delay, refusals, and answers lost after the money moved. Transfers are idempotent by id.
 */
export class SandboxVenue implements VenueAdapter {
  constructor(
    private readonly db: Db,
    readonly opts: SandboxVenueOptions,
  ) {}

  private async wait() {
    if (this.opts.delayMs > 0) await new Promise((r) => setTimeout(r, randomInt(Math.max(1, this.opts.delayMs)) + this.opts.delayMs / 2));
  }

  private roll(rate: number) {
    return rate > 0 && randomInt(1_000_000) < rate * 1_000_000;
  }

  async balance(channelCode: string, player: string): Promise<number> {
    await this.wait();
    const row = await this.db
      .selectFrom('sandbox_venue_wallets')
      .select('balance')
      .where('channel_code', '=', channelCode)
      .where('player', '=', player)
      .executeTakeFirst();
    return row ? Number(row.balance) : 0;
  }

  private async apply(t: VenueTransfer, delta: number): Promise<void> {
    await this.wait();
    const refuse = this.roll(this.opts.failRate);
    // Its books stand for a remote system's: their commit does not wait for our disk (ledger/groupCommit.ts).
    if (delta > 0 && !refuse && !isSqlite(this.db))
      await ledgerStatementRelaxed(this.db, (db) => sql.recordAndCredit(db, t.transferId, t.channelCode, t.player, delta, Date.now()));
    else await this.applyInTransaction(t, delta, refuse);
    if (this.roll(this.opts.lostAnswerRate)) throw new VenueUnknown('sandbox venue: answer lost after the transfer was applied');
  }

  private async applyInTransaction(t: VenueTransfer, delta: number, refuse: boolean): Promise<void> {
    // Group commit (ledger/groupCommit.ts): the venue's step shares a commit with concurrent money steps.
    await ledgerTransaction(this.db, async (tx) => {
      // Its record first: an id it already has is a retry of an applied transfer — nothing more moves, and it is not refused.
      if (!(await sql.record(tx, t.transferId, t.channelCode, t.player, delta, Date.now()))) return;
      // A refusal means "never applied" (VenueRefused, the record rolls back): only a transfer the venue has not applied can get one.
      if (refuse) throw new VenueRefused('sandbox venue refused the transfer');
      const applied =
        delta > 0 ? await sql.credit(tx, t.channelCode, t.player, delta) : await sql.debit(tx, delta, t.channelCode, t.player);
      if (applied !== 1) throw new VenueRefused('insufficient venue balance');
    });
  }

  transferIn(t: VenueTransfer) {
    return this.apply(t, t.amount);
  }

  transferOut(t: VenueTransfer) {
    return this.apply(t, -t.amount);
  }

  async queryTransfer(_channelCode: string, transferId: string): Promise<'done' | 'not_found'> {
    await this.wait();
    const seen = await this.db
      .selectFrom('sandbox_venue_transfers')
      .select('transfer_id')
      .where('transfer_id', '=', transferId)
      .executeTakeFirst();
    return seen ? 'done' : 'not_found';
  }

  /** Test and demo hook: the player wins or loses at the venue (the venue's own books change). */
  async play(channelCode: string, player: string, delta: number): Promise<void> {
    await this.db
      .insertInto('sandbox_venue_wallets')
      .values({ channel_code: channelCode, player, balance: 0 })
      .onConflict((oc) => oc.columns(['channel_code', 'player']).doNothing())
      .execute();
    await this.db
      .updateTable('sandbox_venue_wallets')
      .set((eb) => ({ balance: eb('balance', '+', delta) }))
      .where('channel_code', '=', channelCode)
      .where('player', '=', player)
      .execute();
  }
}
