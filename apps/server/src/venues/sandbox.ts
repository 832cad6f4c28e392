import { randomInt } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { VenueRefused, VenueUnknown, type VenueAdapter, type VenueTransfer } from './adapter.ts';

export interface SandboxVenueOptions {
  delayMs: number;
  /** Chance that a transfer is refused before anything moves. */
  failRate: number;
  /** Chance that the answer is lost AFTER the money moved (the reconciler's case). */
  lostAnswerRate: number;
}

/**
 * A sandbox third-party venue: its own books (sandbox_venue_* tables, as if on another system), a
 * network delay, refusals, and answers lost after the money moved. Transfers are idempotent by id.
 */
export class SandboxVenue implements VenueAdapter {
  constructor(private readonly db: Db, readonly opts: SandboxVenueOptions) {}

  private async wait() {
    if (this.opts.delayMs > 0) await new Promise((r) => setTimeout(r, randomInt(Math.max(1, this.opts.delayMs)) + this.opts.delayMs / 2));
  }

  private roll(rate: number) {
    return rate > 0 && randomInt(1_000_000) < rate * 1_000_000;
  }

  async balance(channelCode: string, player: string): Promise<number> {
    await this.wait();
    const row = await this.db.selectFrom('sandbox_venue_wallets').select('balance').where('channel_code', '=', channelCode).where('player', '=', player).executeTakeFirst();
    return row ? Number(row.balance) : 0;
  }

  private async apply(t: VenueTransfer, delta: number): Promise<void> {
    await this.wait();
    await this.db.transaction().execute(async (tx) => {
      const seen = await tx.selectFrom('sandbox_venue_transfers').select('transfer_id').where('transfer_id', '=', t.transferId).executeTakeFirst();
      if (seen) return; // a retry of an applied transfer: nothing more moves, and it is not refused
      // A refusal means "never applied" (VenueRefused): only a transfer the venue has not applied can get one.
      if (this.roll(this.opts.failRate)) throw new VenueRefused('sandbox venue refused the transfer');
      await tx.insertInto('sandbox_venue_wallets').values({ channel_code: t.channelCode, player: t.player, balance: 0 })
        .onConflict((oc) => oc.columns(['channel_code', 'player']).doNothing()).execute();
      const r = await tx.updateTable('sandbox_venue_wallets').set((eb) => ({ balance: eb('balance', '+', delta) }))
        .where('channel_code', '=', t.channelCode).where('player', '=', t.player)
        .where((eb) => eb(eb('balance', '+', delta), '>=', 0)).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw new VenueRefused('insufficient venue balance');
      await tx.insertInto('sandbox_venue_transfers').values({ transfer_id: t.transferId, channel_code: t.channelCode, player: t.player, amount: delta, created_at: Date.now() }).execute();
    });
    if (this.roll(this.opts.lostAnswerRate)) throw new VenueUnknown('sandbox venue: answer lost after the transfer was applied');
  }

  transferIn(t: VenueTransfer) {
    return this.apply(t, t.amount);
  }

  transferOut(t: VenueTransfer) {
    return this.apply(t, -t.amount);
  }

  async queryTransfer(_channelCode: string, transferId: string): Promise<'done' | 'not_found'> {
    await this.wait();
    const seen = await this.db.selectFrom('sandbox_venue_transfers').select('transfer_id').where('transfer_id', '=', transferId).executeTakeFirst();
    return seen ? 'done' : 'not_found';
  }

  /** Test and demo hook: the player wins or loses at the venue (the venue's own books change). */
  async play(channelCode: string, player: string, delta: number): Promise<void> {
    await this.db.insertInto('sandbox_venue_wallets').values({ channel_code: channelCode, player, balance: 0 })
      .onConflict((oc) => oc.columns(['channel_code', 'player']).doNothing()).execute();
    await this.db.updateTable('sandbox_venue_wallets').set((eb) => ({ balance: eb('balance', '+', delta) }))
      .where('channel_code', '=', channelCode).where('player', '=', player).execute();
  }
}
