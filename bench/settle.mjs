/**
 * bench:tables' settlement phase: time from the start of a round's settlement to its last bet settled, for 2,000
 * and 10,000 bettors, on SQLite (a fresh file) and on PostgreSQL (a fresh schema of DATABASE_URL or
 * DATABASE_TEST_URL when one answers), BENCH_REPEATS rounds each (apps/server/src/test/settleBench.ts, run with
 * tsx in its own process). The round's bets are made straight in the database (settleKit.ts): this measures the
 * wager path's set-based settlement, not the bets' HTTP path (the players' phase of bench:tables does that).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { log, root } from './lib.mjs';

const TARGETS_MS = { 2000: 1000, 10000: 3000 };

/** Runs the settlement rounds; adds a summary row per engine and size through `row`. */
export async function settlementFigures(work, row, { pgUrl, repeats = 3, table = 'SB1', sizes = [2000, 10000] } = {}) {
  const env = { ...process.env, BENCH_DB_DIR: work, BENCH_REPEATS: String(repeats), BENCH_BETTORS: sizes.join(','), BENCH_TABLE: table };
  if (pgUrl) env.BENCH_PG_URL = pgUrl;
  else delete env.BENCH_PG_URL;
  const lines = [];
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/test/settleBench.ts')], {
      cwd: join(root, 'apps/server'),
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d.toString();
      const parts = buf.split('\n');
      buf = parts.pop();
      for (const p of parts) {
        if (!p.startsWith('{')) continue;
        const x = JSON.parse(p);
        lines.push(x);
        log(`settlement: ${p}`);
      }
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`settleBench exited ${code}`))));
  });
  for (const engine of ['SQLite', 'PostgreSQL']) {
    for (const n of sizes) {
      const ms = lines
        .filter((l) => l.engine === engine && l.bettors === n)
        .map((l) => l.ms)
        .sort((a, b) => a - b);
      if (ms.length === 0) continue;
      const worst = ms[ms.length - 1];
      const first = lines.find((l) => l.engine === engine && l.bettors === n);
      row(
        `${engine}: ${n.toLocaleString('en-US')} bettors settled (outcome → last bet)`,
        `${ms[Math.floor(ms.length / 2)]} / ${worst} ms`,
        engine === 'SQLite' ? `p99 < ${TARGETS_MS[n]} ms` : '',
        engine === 'SQLite' ? worst < TARGETS_MS[n] : null,
        `p50 / worst of ${ms.length} rounds; ${first.batches} batches, ${first.journals} journals` +
          (first.statements !== null ? `, ${first.statements} statements` : ''),
      );
    }
    const v = lines.find((l) => l.engine === engine && l.verify);
    if (v) row(`${engine}: ledger after the settlement rounds`, v.verify === 'clean' ? 'clean' : 'BROKEN', 'clean', v.verify === 'clean');
  }
}
