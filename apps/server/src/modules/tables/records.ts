/**
 * A house table or lottery round in the member's bet record (record/betRecordList, categories ZR and CP): the
 * round's number, the member's bets on it by name with their returns, and its seed (revealed: the round is settled).
 */
import { tableBet } from '@portal/games';
import { yuan } from '@portal/rules';
import type { Db } from '../../db/connect.ts';
import type { CasinoRoundTable } from '../../db/schema.ts';
import { tableConfig } from './config.ts';
import { revealedSeeds } from './reveal.ts';

interface TableRecordOutcome {
  table: string;
  seq: number;
  issue: string;
  bets: { type: string; amount: number; payout: number }[];
  seedHash: string;
}

export async function tableDetails(db: Db, rows: readonly CasinoRoundTable[]) {
  const out = new Map<
    string,
    { issue: string; bets: { name: string; amount: string; payout: string }[]; seedHash: string; serverSeed: string | null }
  >();
  const found: [CasinoRoundTable, TableRecordOutcome][] = [];
  for (const r of rows) {
    if (r.category !== 'ZR' && r.category !== 'CP') continue;
    const o = JSON.parse(r.outcome) as Partial<TableRecordOutcome>;
    if (typeof o.table === 'string' && tableConfig(o.table) && Array.isArray(o.bets)) found.push([r, o as TableRecordOutcome]);
  }
  if (found.length === 0) return out;
  const seeds = await db
    .selectFrom('table_rounds')
    .select(['id', 'table_code', 'server_seed', 'status', 'shoe_after'])
    .where(
      'id',
      'in',
      found.map(([, o]) => `${o.table}-${o.seq}`),
    )
    .execute();
  // Card tables keep the shoe's seed secret until the shoe ends (reveal.ts).
  const seedOf = await revealedSeeds(db, seeds);
  for (const [r, o] of found) {
    const t = tableConfig(o.table)!;
    out.set(r.id, {
      issue: o.issue,
      bets: o.bets.map((b) => ({
        name: tableBet(t.kind, t.variant ?? 'commission', b.type)?.name ?? b.type,
        amount: yuan(b.amount),
        payout: yuan(b.payout),
      })),
      seedHash: o.seedHash,
      serverSeed: seedOf.get(`${o.table}-${o.seq}`) ?? null,
    });
  }
  return out;
}
