/**
 * bench:cards — the 棋牌 百人 table through the round engine: a drawn 百人牛牛 (NN1) round with 2,000 bettors
 * (each a funded member with one deposit held on the wager path, made straight in the database: settleKit.ts),
 * settled by settleRound as the dealer does right after the draw — outcome → last bet settled, statements and
 * journals, then the books verified; on SQLite (a fresh file) and on PostgreSQL (a fresh schema) when one answers.
 * Flags: --repeats (3), --bettors (2000).
 *
 * The PvP half (issue 31): `--pvp` runs bench/cardsPvp.mjs after it — 300 斗地主 tables of three members over 900 sockets
 * at full speed (`--tables`, `--seconds`): hands/s, server CPU per action, action → push p99.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { log, printSummary, workDir } from './lib.mjs';
import { settlementFigures } from './settle.mjs';

const { values: flags } = parseArgs({
  options: {
    repeats: { type: 'string', default: '3' },
    bettors: { type: 'string', default: '2000' },
    pvp: { type: 'boolean', default: false },
    tables: { type: 'string', default: '300' },
    seconds: { type: 'string', default: '30' },
  },
});
const work = workDir('portal-bench-cards-');
const rows = [];
const row = (name, value, target, pass, note = '') => rows.push({ name, value, target, pass, note });

async function pgReachable(url) {
  try {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const pgUrl = process.env.DATABASE_URL ?? process.env.DATABASE_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const reachable = await pgReachable(pgUrl);
if (!reachable) log(`PostgreSQL at ${pgUrl} does not answer — SQLite only`);
try {
  await settlementFigures(work, row, {
    pgUrl: reachable ? pgUrl : undefined,
    repeats: Number(flags.repeats),
    table: 'NN1',
    sizes: [Number(flags.bettors)],
  });
} catch (e) {
  console.error(e);
  row('run', 'FAILED', '', false, String(e?.message ?? e).slice(0, 160));
}
printSummary('bench:cards (百人牛牛 NN1 settlement)', rows);
process.exitCode = rows.some((r) => r.pass === false) ? 1 : 0;
if (flags.pvp) {
  const r = spawnSync(
    process.execPath,
    [new URL('./cardsPvp.mjs', import.meta.url).pathname, '--tables', flags.tables, '--seconds', flags.seconds],
    {
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) process.exitCode = 1;
}
