/**
 * bench:tables' settlement figures (run by bench/settle.mjs as `node --import tsx`): a drawn sic bo round with
 * 2,000 and then 10,000 bettors made straight in the database (modules/tables/settleKit.ts), settled by
 * settleRound as the dealer does right after the draw; prints one JSON line per round: engine, bettors, the time
 * from the start of the settlement to the last bet settled, statements and journals it took (SQLite), and whether
 * the books verify. Env: BENCH_DB_DIR (SQLite: a fresh file there), BENCH_PG_URL (PostgreSQL: a fresh schema),
 * BENCH_BETTORS ("2000,10000"), BENCH_REPEATS (3).
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { connect, sqliteStats, type DbHandle } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { ledgerStats } from '../ledger/ledger.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { settleRound } from '../modules/tables/settle.ts';
import { SETTLE_TABLE, drawnRoundWithBettors } from '../modules/tables/settleKit.ts';
import { tableConfig } from '../modules/tables/config.ts';

const sizes = (process.env.BENCH_BETTORS ?? '2000,10000').split(',').map(Number);
const repeats = Number(process.env.BENCH_REPEATS ?? 3);
/** BENCH_TABLE: the table whose round is settled (default sic bo SB1; bench:cards: NN1). */
const table = process.env.BENCH_TABLE ? tableConfig(process.env.BENCH_TABLE)! : SETTLE_TABLE;

async function run(engine: string, handle: DbHandle): Promise<void> {
  await migrate(handle);
  let seq = 1;
  for (const n of sizes) {
    for (let r = 0; r < repeats; r++) {
      const { roundId } = await drawnRoundWithBettors(handle.db, seq++, n, `b${n}`, table);
      const round = (await handle.db.selectFrom('table_rounds').selectAll().where('id', '=', roundId).executeTakeFirstOrThrow())!;
      const [s0, j0] = [sqliteStats.statements, ledgerStats.journals];
      const t0 = performance.now();
      const res = await settleRound(handle.db, table, round, Date.now());
      const ms = performance.now() - t0;
      const line = {
        engine,
        bettors: n,
        ms: Math.round(ms),
        batches: Math.ceil(res.members / 400),
        statements: engine === 'SQLite' ? sqliteStats.statements - s0 : null,
        journals: ledgerStats.journals - j0,
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
  }
  const problems = await verifyLedger(handle.db);
  process.stdout.write(`${JSON.stringify({ engine, verify: problems.length === 0 ? 'clean' : problems.slice(0, 3) })}\n`);
}

if (process.env.BENCH_DB_DIR) {
  const handle = connect(join(process.env.BENCH_DB_DIR, `settle-${randomBytes(3).toString('hex')}.sqlite`));
  await run('SQLite', handle);
  await handle.close();
}
if (process.env.BENCH_PG_URL) {
  const url = process.env.BENCH_PG_URL;
  const schema = `bench_settle_${randomBytes(4).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`create schema ${schema}`);
  const handle = connect(url, { schema, poolMax: 4 });
  try {
    await run('PostgreSQL', handle);
  } finally {
    await handle.close();
    await admin(`drop schema if exists ${schema} cascade`);
  }
}
