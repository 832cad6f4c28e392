#!/usr/bin/env node
/**
 * Cluster benchmark: `npm run bench:cluster` (after `node scripts/build.mjs`). For 1, 2 and 3 nodes of the built
 * server on one fresh PostgreSQL schema (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) and one
 * Redis (REDIS_URL, default redis://127.0.0.1:6379), behind the multi-node test's round-robin proxy
 * (apps/server/src/test/rrProxy.ts), it prints:
 *   - venue transfers/s into the house casino (utcTransfer CRDZ '1.00', a new idempotency key each) and p99;
 *   - sport bets/s (CRTY pre-match singles, stake '10') and p99;
 *   - slot spins/s (CRDZ H5001, bet '1.00') and p99;
 *   - a mixed phase (transfer, sport bet, spin, wallet read in turn per client) and p99;
 *   - each figure's ratio to one node;
 *   - then verifies the ledger (must be clean) and that every answer was 6000.
 * MEMBERS closed-loop clients (one request in flight per member), BENCH_S seconds per phase. Every node, the
 * database, Redis, the proxy and this load generator share the machine: on 2 cores a second node adds no core,
 * so read the ratios as "the nodes do not get in each other's way", not as linear scaling.
 * Exit code: non-zero when a request failed or the books are not clean.
 */
import { randomBytes } from 'node:crypto';
import { tsImport } from 'tsx/esm/api';

const MEMBERS = Number(process.env.MEMBERS ?? 24);
const BENCH_S = Number(process.env.BENCH_S ?? 8);
const NODE_COUNTS = (process.env.NODES ?? '1,2,3').split(',').map(Number);
process.env.DB = 'postgres';
process.env.DATABASE_TEST_URL ??= process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const { LiveServer, ok, resourceBody, spinBody, sportBetBody, sportSelections } = await tsImport(
  '../apps/server/src/test/liveServer.ts',
  import.meta.url,
);
const { RoundRobinProxy } = await tsImport('../apps/server/src/test/rrProxy.ts', import.meta.url);
const { verifyLedger } = await tsImport('../apps/server/src/ledger/verify.ts', import.meta.url);

const log = (...a) => console.log('[bench:cluster]', ...a);
const p99 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] : NaN;
};

async function run(n) {
  const secrets = Object.fromEntries(
    ['PASSWORD_PEPPER', 'CODE_PEPPER', 'JWT_SECRET', 'AUDIT_KEY'].map((k) => [k, randomBytes(24).toString('hex')]),
  );
  const env = { ...secrets, REDIS_URL, LOG_LEVEL: 'error', SANDBOX_DELAY_MS: '0' };
  const nodes = Array.from({ length: n }, (_, i) => new LiveServer(7000, { ...env, NODE_ID: `bench-${i}` }));
  for (const x of nodes) x.startTimeoutMs = 180_000;
  const proxy = new RoundRobinProxy(nodes.map(() => null));
  const client = new LiveServer(7000);
  let failures = 0;
  /** Failed answers by status code and message (a refusal by the book is not a 5xx, but it is counted). */
  const failed = new Map();
  try {
    await nodes[0].prepare();
    for (const x of nodes.slice(1)) x.databaseUrl = nodes[0].databaseUrl;
    await Promise.all(nodes.map((x) => x.start()));
    nodes.forEach((x, i) => proxy.set(i, { host: '127.0.0.1', port: Number(new URL(x.base).port) }));
    await proxy.start();
    client.base = proxy.base;
    const members = [];
    for (let i = 0; i < MEMBERS; i++) {
      const m = await client.createMember(i, `10.72.${n}.${i + 1}`);
      await client.waitPaid(m, await client.deposit(m, 500_000));
      ok(
        await client.call(
          '/fd/api/v1/transfer/utcTransfer',
          { channelCode: 'CRDZ', amount: '2000.00', ty: 1 },
          { token: m.token, ip: m.ip, key: `fund-${m.userId}` },
        ),
        'fund',
      );
      const launch = ok(
        await client.call('/game/api/v1/launch', { enName: 'CRDZ', gameCode: 'H5001' }, { token: m.token, ip: m.ip }),
        'launch',
      );
      ok(
        await client.call(
          '/fd/api/v1/transfer/utcTransfer',
          { channelCode: 'CRTY', amount: '2000.00', ty: 1 },
          { token: m.token, ip: m.ip, key: `fund-sport-${m.userId}` },
        ),
        'fund sport',
      );
      const sport = ok(
        await client.call('/game/api/v1/launch', { enName: 'CRTY', gameCode: 'sport' }, { token: m.token, ip: m.ip }),
        'launch sport',
      );
      members.push({ ...m, venueToken: launch.data.token, sportToken: sport.data.token });
    }
    const m0 = members[0];
    const games = ok(
      await client.call(
        '/game/api/v1/resource',
        resourceBody('games', 'CRTY', m0, m0.sportToken, { gameType: 'FT', showType: 'FU', pageSize: 20 }),
        { token: m0.token, ip: m0.ip },
      ),
      'games',
    );
    const selections = sportSelections(games.list);
    let betN = 0;
    const spin = spinOf(client);
    const phase = async (request) => {
      const lat = [];
      const until = Date.now() + BENCH_S * 1000;
      await Promise.all(
        members.map(async (m) => {
          while (Date.now() < until) {
            const t0 = performance.now();
            const r = await request(m, `bc-${randomBytes(8).toString('hex')}`).catch(() => null);
            if (r?.status_code === 6000) lat.push(performance.now() - t0);
            else {
              failures++;
              const why = r ? `${r.status_code} ${r.message ?? ''}`.trim() : 'no answer';
              failed.set(why, (failed.get(why) ?? 0) + 1);
            }
          }
        }),
      );
      return { perS: lat.length / BENCH_S, p99: p99(lat) };
    };
    const transfer = (m, key) =>
      client.call('/fd/api/v1/transfer/utcTransfer', { channelCode: 'CRDZ', amount: '1.00', ty: 1 }, { token: m.token, ip: m.ip, key });
    const bet = (m, key) =>
      client.call('/game/api/v1/resource', sportBetBody(m, key, selections[betN++ % selections.length]), { token: m.token, ip: m.ip });
    // A member's wallet read (allBalance: every venue wallet synced), answered by whichever node.
    const read = (m) => client.call('/game/api/v1/venue/allBalance', {}, { token: m.token, ip: m.ip });
    const transfers = await phase(transfer);
    const bets = await phase(bet);
    let turn = 0;
    const mixed = await phase((m, key) => {
      const k = turn++ % 4;
      return k === 0 ? transfer(m, key) : k === 1 ? bet(m, key) : k === 2 ? spin(m, key) : read(m);
    });
    const spins = await phase((m, key) => spin(m, key));
    const db = nodes[0].connect();
    const problems = await verifyLedger(db.db);
    await db.close();
    if (failed.size) log(`${n} node(s): answers other than 6000: ${JSON.stringify(Object.fromEntries(failed))}`);
    return { n, transfers, bets, spins, mixed, failures, ledger: problems.length ? `${problems.length} problems` : 'clean' };
  } finally {
    await proxy.close();
    for (const x of nodes.slice(1)) await x.close();
    await nodes[0].close();
  }
}

function spinOf(client) {
  return (m, key) => client.call('/game/api/v1/resource', spinBody(m, key), { token: m.token, ip: m.ip });
}

const results = [];
for (const n of NODE_COUNTS) {
  log(`${n} node(s): starting, ${MEMBERS} members, ${BENCH_S} s per phase`);
  const r = await run(n);
  results.push(r);
  log(
    `${n} node(s): transfers ${r.transfers.perS.toFixed(0)}/s p99 ${r.transfers.p99.toFixed(0)} ms; sport bets ${r.bets.perS.toFixed(0)}/s p99 ${r.bets.p99.toFixed(0)} ms; spins ${r.spins.perS.toFixed(0)}/s p99 ${r.spins.p99.toFixed(0)} ms; mixed ${r.mixed.perS.toFixed(0)}/s p99 ${r.mixed.p99.toFixed(0)} ms; failures ${r.failures}; ledger ${r.ledger}`,
  );
}
const one = results.find((r) => r.n === 1) ?? results[0];
console.log('\n=== bench:cluster (PostgreSQL + Redis, round-robin proxy; every process on this machine) ===');
const cols = ['transfers', 'bets', 'spins', 'mixed'];
console.log(`nodes | ${cols.map((c) => `${c}/s | ×1 node | p99 ms`).join(' | ')} | failures | ledger`);
for (const r of results)
  console.log(
    [
      r.n,
      ...cols.flatMap((c) => [r[c].perS.toFixed(0), (r[c].perS / one[c].perS).toFixed(2), r[c].p99.toFixed(0)]),
      r.failures,
      r.ledger,
    ].join(' | '),
  );
process.exitCode = results.some((r) => r.failures || r.ledger !== 'clean') ? 1 : 0;
