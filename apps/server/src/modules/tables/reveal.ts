/**
 * When a round's seed is revealed. Lottery, dice and wheel rounds: once settled or cancelled.
 * Card tables: a round's seed is its shoe's (shoe.ts), so it stays secret until the shoe has ended — its last hand
 * drawn (cards left at or below the cut card), or a newer shoe begun (the table's newest round has another seed).
 * Then every hand of the shoe checks with the seed and the hand's start alone.
 */
import { shoeFinished, type ShoeState } from '@portal/games';
import type { Db } from '../../db/connect.ts';
import type { TableRoundTable } from '../../db/schema.ts';
import { tableConfig } from './config.ts';

type Row = Pick<TableRoundTable, 'id' | 'table_code' | 'status' | 'server_seed' | 'shoe_after'>;

const isCard = (code: string) => {
  const k = tableConfig(code)?.kind;
  return k === 'baccarat' || k === 'dragonTiger';
};

/** The seed a round shows, given the seed of its table's newest round (null: still secret). */
export function revealedSeed(r: Row, newestSeed: string | null): string | null {
  if (r.status !== 'settled' && r.status !== 'cancelled') return null;
  if (!isCard(r.table_code)) return r.server_seed;
  const after = r.shoe_after ? (JSON.parse(r.shoe_after) as ShoeState | null) : null;
  if (after && shoeFinished(after)) return r.server_seed;
  return newestSeed !== null && newestSeed !== r.server_seed ? r.server_seed : null;
}

/** The revealed seed of each round (by id), reading each card table's newest round once. */
export async function revealedSeeds(db: Db, rows: readonly Row[]): Promise<Map<string, string | null>> {
  const newest = new Map<string, string | null>();
  for (const code of new Set(rows.filter((r) => isCard(r.table_code)).map((r) => r.table_code))) {
    const n = await db
      .selectFrom('table_rounds')
      .select('server_seed')
      .where('table_code', '=', code)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    newest.set(code, n?.server_seed ?? null);
  }
  return new Map(rows.map((r) => [r.id, revealedSeed(r, newest.get(r.table_code) ?? null)]));
}
