/**
 * Members' provably-fair seed pairs (migration 0025, packages/games rng/fair.ts). One active pair per
 * member: its server seed is secret and its SHA-256 shown before play; every round takes the pair's next
 * nonce in the round's own transaction; rotation reveals the server seed (its rounds become verifiable)
 * and commits a fresh one under the same client seed.
 */
import { newSeedPair, randomHex } from '@portal/games';
import type { Db, DbOrTx } from '../../db/connect.ts';
import type { FairSeedTable } from '../../db/schema.ts';
import { randomId } from '../../lib/crypto.ts';
import { ledgerTransaction } from '../../ledger/groupCommit.ts';

/** Revealed pairs a member's seed page lists. */
const REVEALED_SHOWN = 20;

const active = (db: DbOrTx, memberId: string) =>
  db.selectFrom('fair_seeds').selectAll().where('member_id', '=', memberId).where('status', '=', 'active').executeTakeFirst();

/** A fresh active pair under `clientSeed` (32 CSPRNG bytes of server seed, nonce 0), as an insert to run. */
function insertPair(db: DbOrTx, memberId: string, clientSeed: string, now: number) {
  const pair = newSeedPair(clientSeed);
  return db.insertInto('fair_seeds').values({
    id: randomId(),
    member_id: memberId,
    server_seed: pair.serverSeed,
    server_seed_hash: pair.serverSeedHash,
    client_seed: pair.clientSeed,
    nonce: 0,
    status: 'active',
    created_at: now,
    revealed_at: null,
  });
}

export const fairSeeds = {
  /** The member's active pair, created on first use (two first calls racing create one: the unique index). */
  async ensure(db: DbOrTx, memberId: string, now = Date.now()): Promise<FairSeedTable> {
    const found = await active(db, memberId);
    if (found) return found;
    await insertPair(db, memberId, randomHex(8), now)
      .onConflict((oc) => oc.doNothing())
      .execute();
    return (await active(db, memberId))!;
  },

  /**
   * Takes the next round of the active pair, in the round's transaction: the nonce advances by a
   * conditional update (it also takes the pair's row lock on PostgreSQL, so a member's rounds are
   * serialized). Undefined when the member has no active pair (call `ensure` first).
   */
  async nextRound(tx: DbOrTx, memberId: string) {
    const r = await tx
      .updateTable('fair_seeds')
      .set((eb) => ({ nonce: eb('nonce', '+', 1) }))
      .where('member_id', '=', memberId)
      .where('status', '=', 'active')
      .returning(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
      .executeTakeFirst();
    return r && { ...r, nonce: Number(r.nonce) - 1 };
  },

  /**
   * A new client seed. A pair's rounds are verified with the client seed they used, so a pair that has played
   * rounds is not relabelled: it is revealed under the seed its rounds used and a fresh pair starts under the new
   * one, nonce 0 (the panel once labelled a revealed seed's rounds with the new client seed). A pair
   * with no round yet just takes the new seed.
   */
  async setClientSeed(db: Db, memberId: string, clientSeed: string, now = Date.now()): Promise<void> {
    await this.ensure(db, memberId, now);
    await ledgerTransaction(db, async (tx) => {
      const unplayed = await tx
        .updateTable('fair_seeds')
        .set({ client_seed: clientSeed })
        .where('member_id', '=', memberId)
        .where('status', '=', 'active')
        .where('nonce', '=', 0)
        .executeTakeFirst();
      if (Number(unplayed.numUpdatedRows) === 1) return;
      await tx
        .updateTable('fair_seeds')
        .set({ status: 'revealed', revealed_at: now })
        .where('member_id', '=', memberId)
        .where('status', '=', 'active')
        .execute();
      await insertPair(tx, memberId, clientSeed, now).execute();
    });
  },

  /** Reveals the active pair and commits a new one under the same client seed, nonce 0 (one transaction). */
  async rotate(db: Db, memberId: string, now = Date.now()): Promise<void> {
    await this.ensure(db, memberId, now);
    await ledgerTransaction(db, async (tx) => {
      const old = await tx
        .updateTable('fair_seeds')
        .set({ status: 'revealed', revealed_at: now })
        .where('member_id', '=', memberId)
        .where('status', '=', 'active')
        .returning(['client_seed'])
        .executeTakeFirst();
      await insertPair(tx, memberId, old?.client_seed ?? randomHex(8), now).execute();
    });
  },

  async publicView(db: Db, memberId: string) {
    const current = await this.ensure(db, memberId);
    const revealed = await db
      .selectFrom('fair_seeds')
      .select(['server_seed', 'server_seed_hash', 'client_seed', 'nonce', 'revealed_at'])
      .where('member_id', '=', memberId)
      .where('status', '=', 'revealed')
      .orderBy('revealed_at', 'desc')
      .limit(REVEALED_SHOWN)
      .execute();
    return {
      current: { serverSeedHash: current.server_seed_hash, clientSeed: current.client_seed, nonce: Number(current.nonce) },
      revealed: revealed.map((r) => ({
        serverSeed: r.server_seed,
        serverSeedHash: r.server_seed_hash,
        clientSeed: r.client_seed,
        rounds: Number(r.nonce),
        revealedAt: Number(r.revealed_at),
      })),
    };
  },
};
