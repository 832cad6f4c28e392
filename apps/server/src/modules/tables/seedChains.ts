/**
 * The lottery's committed future seeds on the server (the chain itself: packages/games
 * seedChain.ts). The dealer keeps the chains a step ahead: before it opens draw s it makes sure a published chain
 * covers every draw a 追号 plan started on s can reach (s … s + CHASE_DRAWS_MAX − 1), so every seed a plan spans
 * is committed before the plan is accepted; chases.ts refuses a plan that would reach past the published chains.
 * Chains are contiguous per table (a new one starts after the last, or at the current draw after a gap); two
 * nodes racing to make the same chain insert one row (the key is (table, from_seq)).
 */
import { randomBytes } from 'node:crypto';
import { TABLE_LIMITS } from '@portal/contract';
import { chainAnchor, chainSeed } from '@portal/games';
import type { Db } from '../../db/connect.ts';
import type { TableSeedChainTable } from '../../db/schema.ts';
import type { TableConfig } from './config.ts';

/** Draws per chain: a day of one-minute draws. */
export const CHAIN_DRAWS = 1440;

type Q = Pick<Db, 'selectFrom' | 'insertInto'>;

const chainOf = (db: Q, table: string, seq: number) =>
  db
    .selectFrom('table_seed_chains')
    .selectAll()
    .where('table_code', '=', table)
    .where('from_seq', '<=', seq)
    .where('to_seq', '>=', seq)
    .executeTakeFirst();

/** Makes sure published chains cover draws `seq` … `seq + CHASE_DRAWS_MAX − 1` (the reach of a plan started at seq). */
export async function ensureChains(db: Db, t: TableConfig, seq: number, now: number): Promise<void> {
  const reach = seq + TABLE_LIMITS.CHASE_DRAWS_MAX - 1;
  for (let guard = 0; guard < 4; guard++) {
    const last = await db
      .selectFrom('table_seed_chains')
      .select(['from_seq', 'to_seq'])
      .where('table_code', '=', t.code)
      .orderBy('to_seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last && Number(last.to_seq) >= reach && (await chainOf(db, t.code, seq))) return;
    const from = last && Number(last.to_seq) >= seq - 1 ? Number(last.to_seq) + 1 : seq;
    const to = from + CHAIN_DRAWS - 1;
    const tail = randomBytes(32).toString('hex');
    await db
      .insertInto('table_seed_chains')
      .values({ table_code: t.code, from_seq: from, to_seq: to, tail_seed: tail, anchor: chainAnchor(tail, from, to), created_at: now })
      .onConflict((oc) => oc.columns(['table_code', 'from_seq']).doNothing())
      .execute();
  }
}

/** The committed seed of draw `seq` (a chain must cover it: ensureChains first). */
export async function chainedSeed(db: Db, t: TableConfig, seq: number): Promise<string> {
  const c = await chainOf(db, t.code, seq);
  if (!c) throw new Error(`no seed chain covers ${t.code} ${seq}`);
  return chainSeed(c.tail_seed, Number(c.to_seq), seq);
}

/** Is every draw from..to covered by chains published at or before `at`? (chases.ts asks before accepting a plan.) */
export async function committedThrough(db: Q, table: string, from: number, to: number, at: number): Promise<boolean> {
  let seq = from;
  while (seq <= to) {
    const c = await chainOf(db, table, seq);
    if (!c || Number(c.created_at) > at) return false;
    seq = Number(c.to_seq) + 1;
  }
  return true;
}

export interface PublicChain {
  fromSeq: number;
  toSeq: number;
  anchor: string;
  committedAt: number;
}

const publicChain = (c: TableSeedChainTable): PublicChain => ({
  fromSeq: Number(c.from_seq),
  toSeq: Number(c.to_seq),
  anchor: c.anchor,
  committedAt: Number(c.created_at),
});

/** The published chains of a table, newest first (never the tail seed). */
export async function publicChains(db: Db, table: string, limit = 20): Promise<PublicChain[]> {
  const rows = await db
    .selectFrom('table_seed_chains')
    .selectAll()
    .where('table_code', '=', table)
    .orderBy('from_seq', 'desc')
    .limit(limit)
    .execute();
  return rows.map(publicChain);
}
