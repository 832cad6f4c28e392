/**
 * Three nodes on one PostgreSQL schema and one Redis, behind a round-robin proxy (test/rrProxy.ts): members
 * register, sign in and deposit through the sandbox provider's callback, move money into the house casino
 * (venue transfers) and spin its slots, bet on the sportsbook (pre-match singles), while guests watch a house
 * table over websockets. One node is SIGKILLed
 * mid-run and restarted. Then:
 *  - no answer was a 5xx but the proxy's 502s for requests the killed node had in flight;
 *  - every request cut off is re-sent with its idempotency key, and every accepted request's effect is there
 *    exactly once (one transfer per transfer key, one round per spin key, one bet per bet key, one credit per
 *    paid order);
 *  - ledger:verify is clean, no transfer is left pending (the reconciler job, leased, ran on a live node);
 *  - the websocket clients of the killed node reconnect through the proxy to another node and resync from
 *    their last version, and the table keeps dealing (its lease taken over if the killed node dealt it).
 * Runs in the PostgreSQL + Redis pass of `npm test` (the built server: `node scripts/build.mjs`).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, WS_PATH, type TableStateWire } from '@portal/contract';
import { verifyLedger } from './ledger/verify.ts';
import { openSocket, type TestSocket } from './realtime/testClient.ts';
import {
  LiveServer,
  ok,
  resourceBody,
  spinBody,
  sportBetBody,
  sportSelections,
  usePostgres,
  type Envelope,
  type Member,
  type SportGame,
} from './test/liveServer.ts';
import { RoundRobinProxy } from './test/rrProxy.ts';

const NODES = 3;
const MEMBERS = 6;
const KILLED = 1;
const TABLE = 'SB1';
const ready = usePostgres && !!process.env.REDIS_URL;

// `*.pgredis.test.ts`: run only in the PostgreSQL + Redis pass (vitest.config.ts), never skipped.
describe.runIf(ready)('three nodes on PostgreSQL + Redis, one SIGKILLed mid-run', () => {
  const nodes: LiveServer[] = [];
  const proxy = new RoundRobinProxy(Array.from({ length: NODES }, () => null));
  /** The client side: every call goes through the proxy. */
  const client = new LiveServer(7000);

  beforeAll(async () => {
    // One deployment: every node has the same secrets (each would otherwise make its own under its DATA_DIR).
    const secrets = Object.fromEntries(
      ['PASSWORD_PEPPER', 'CODE_PEPPER', 'JWT_SECRET', 'AUDIT_KEY'].map((k) => [k, randomBytes(24).toString('hex')]),
    );
    const env = { ...secrets, REDIS_URL: process.env.REDIS_URL!, TABLE_SPEED: '10', LOG_LEVEL: 'error' };
    for (let i = 0; i < NODES; i++) nodes.push(new LiveServer(7000, { ...env, NODE_ID: `node-${i}` }));
    for (const n of nodes) n.startTimeoutMs = 120_000; // three nodes and the test on two busy cores
    await nodes[0]!.prepare();
    for (const n of nodes.slice(1)) n.databaseUrl = nodes[0]!.databaseUrl;
    // Started together: they take turns to migrate and seed (db/startupLock.ts).
    await Promise.all(nodes.map((n) => n.start()));
    nodes.forEach((n, i) => proxy.set(i, { host: '127.0.0.1', port: Number(new URL(n.base).port) }));
    await proxy.start();
    client.base = proxy.base;
  }, 120_000);
  afterAll(async () => {
    await proxy.close();
    for (const n of nodes.slice(1)) await n.close();
    await nodes[0]?.close(); // drops the schema
  });

  it('keeps every accepted effect exactly once, answers no 5xx but the dead node’s, and the sockets resync', async () => {
    // Members through the proxy: register on one node, sign in on the next, deposits credited by the callback.
    const members: Array<Member & { venueToken: string; sportToken: string }> = [];
    const orders: string[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const m = await client.createMember(i, `10.71.0.${i + 1}`);
      const order = await client.deposit(m, 50_000);
      orders.push(order);
      await client.waitPaid(m, order);
      members.push({ ...m, venueToken: '', sportToken: '' });
    }
    for (const m of members) {
      const funded = ok(
        await client.call(
          '/fd/api/v1/transfer/utcTransfer',
          { channelCode: 'CRDZ', amount: '200.00', ty: 1 },
          { token: m.token, ip: m.ip, key: `fund-${m.userId}` },
        ),
        'fund CRDZ',
      );
      expect(funded.status).toBe('completed');
      const launch = ok(
        await client.call('/game/api/v1/launch', { enName: 'CRDZ', gameCode: 'H5001' }, { token: m.token, ip: m.ip }),
        'launch',
      );
      m.venueToken = launch.data.token as string;
      // The sportsbook (the house book, CRTY): funded by a transfer, its token from its launch.
      ok(
        await client.call(
          '/fd/api/v1/transfer/utcTransfer',
          { channelCode: 'CRTY', amount: '200.00', ty: 1 },
          { token: m.token, ip: m.ip, key: `fund-sport-${m.userId}` },
        ),
        'fund CRTY',
      );
      const sport = ok(
        await client.call('/game/api/v1/launch', { enName: 'CRTY', gameCode: 'sport' }, { token: m.token, ip: m.ip }),
        'launch sport',
      );
      m.sportToken = sport.data.token as string;
    }
    // Pre-match selections on today's football (the simulated feed, the same on every node).
    const m0 = members[0]!;
    const games = ok(
      await client.call(
        '/game/api/v1/resource',
        resourceBody('games', 'CRTY', m0, m0.sportToken, { gameType: 'FT', showType: 'FU', pageSize: 20 }),
        { token: m0.token, ip: m0.ip },
      ),
      'games',
    );
    const selections = sportSelections(games.list as SportGame[]);
    expect(selections.length).toBeGreaterThan(0);

    // Guests watching a table, one socket per node (the proxy deals upgrades in turn).
    const watchers = await Promise.all(Array.from({ length: NODES }, () => watchTable(proxy.port)));

    // The mixed workload: transfers into the casino, spins and sport bets, every request with its own idempotency key.
    type Sent = { kind: 'transfer' | 'spin' | 'bet'; member: (typeof members)[number]; key: string; answer?: Envelope; cut?: boolean };
    const KINDS = ['transfer', 'spin', 'bet'] as const;
    let betN = 0;
    const betBody = (m: (typeof members)[number], key: string) => sportBetBody(m, key, selections[betN++ % selections.length]);
    const sent: Sent[] = [];
    let stop = false;
    let answered = 0;
    const send = (s: Sent) =>
      s.kind === 'transfer'
        ? client.call(
            '/fd/api/v1/transfer/utcTransfer',
            { channelCode: 'CRDZ', amount: '1.00', ty: 1 },
            { token: s.member.token, ip: s.member.ip, key: s.key },
          )
        : client.call('/game/api/v1/resource', s.kind === 'spin' ? spinBody(s.member, s.key) : betBody(s.member, s.key), {
            token: s.member.token,
            ip: s.member.ip,
          });
    const worker = async (m: (typeof members)[number], w: number) => {
      for (let n = 0; !stop; n++) {
        const s: Sent = { kind: KINDS[(n + w) % KINDS.length]!, member: m, key: `mn-${randomBytes(8).toString('hex')}` };
        sent.push(s);
        try {
          s.answer = await send(s);
          answered++;
        } catch {
          s.cut = true; // the proxy's 502 (not JSON) or a connection cut: re-sent below
        }
      }
    };
    const load = members.flatMap((m) => [worker(m, 0), worker(m, 1)]);
    await waitFor(() => answered >= 40, 60_000);
    await nodes[KILLED]!.stop('SIGKILL');
    const killedAt = answered;
    await waitFor(() => answered >= killedAt + 30, 60_000); // the survivors carry the load
    await nodes[KILLED]!.start();
    proxy.set(KILLED, { host: '127.0.0.1', port: Number(new URL(nodes[KILLED]!.base).port) });
    await waitFor(() => answered >= killedAt + 60, 120_000);
    stop = true;
    await Promise.all(load);

    console.log(
      `cluster: ${sent.length} requests, ${sent.filter((s) => s.cut).length} cut off by the kill, ` +
        `answers per node:status ${JSON.stringify(Object.fromEntries(proxy.stats.answers))}, upgrades ${proxy.stats.upgrades}`,
    );
    // 1. No 5xx from any node; the only failures were requests the killed node had in flight.
    expect(proxy.serverErrors()).toEqual([]);
    expect(
      proxy.stats.cutOff.every((i) => i === KILLED),
      `cut off: ${proxy.stats.cutOff}`,
    ).toBe(true);
    expect(sent.filter((s) => s.cut).length).toBe(proxy.stats.cutOff.length);
    // Answers are accepted (6000) or refused while the member's previous transfer is still being confirmed (6011:
    // one in flight on the killed node, left to the reconciler) — a refusal that changes nothing.
    // A bet may also be refused by the book (odds moved, a market closed): a business answer, never a 5xx.
    for (const s of sent)
      if (s.answer) {
        if (s.kind === 'bet') expect(s.answer.status_code, `bet ${JSON.stringify(s.answer).slice(0, 200)}`).toBeLessThan(7000);
        else expect([6000, 6011], `${s.kind} ${JSON.stringify(s.answer).slice(0, 200)}`).toContain(s.answer.status_code);
      }

    // 2. The reconciler (a leased job, on whichever node holds it) settles what the kill left pending; then every
    // cut-off request is re-sent with its key: every key accepted has exactly one effect, every refused key none.
    const db = nodes[0]!.connect();
    try {
      const pending = async () => (await db.db.selectFrom('venue_transfers').select('id').where('status', '=', 'pending').execute()).length;
      await waitFor(async () => (await pending()) === 0, 90_000);
      for (const s of sent.filter((x) => x.cut)) {
        s.answer = await send(s);
        if (s.kind === 'bet') expect(s.answer.status_code, `re-sent bet: ${JSON.stringify(s.answer).slice(0, 200)}`).toBeLessThan(7000);
        else expect([6000, 6011], `re-sent ${s.kind}: ${JSON.stringify(s.answer).slice(0, 200)}`).toContain(s.answer.status_code);
      }
      const accepted = (m: Member, kind: Sent['kind']) =>
        sent.filter((s) => s.member === m && s.kind === kind && s.answer?.status_code === 6000);
      for (const m of members) {
        const transfers = await db.db.selectFrom('venue_transfers').select(['id', 'status']).where('member_id', '=', m.userId).execute();
        expect(transfers.length, `${m.name}: one transfer per key (and the two fundings)`).toBe(accepted(m, 'transfer').length + 2);
        const bets = await db.db.selectFrom('sport_bets').select('id').where('member_id', '=', m.userId).execute();
        expect(bets.length, `${m.name}: one sport bet per accepted bet key`).toBe(accepted(m, 'bet').length);
        const rounds = await db.db.selectFrom('casino_rounds').select('id').where('member_id', '=', m.userId).execute();
        const spins = accepted(m, 'spin');
        expect(rounds.length, `${m.name}: one round per spin key`).toBe(spins.length);
        expect(new Set(spins.map((s) => s.answer!.data.round.roundId)).size).toBe(spins.length);
      }
      const paid = await db.db.selectFrom('deposit_orders').select(['order_no', 'status']).where('order_no', 'in', orders).execute();
      expect(paid.map((o) => o.status)).toEqual(orders.map(() => 'paid'));
      const credits = await db.db.selectFrom('ledger_journals').select('ref_id').where('ref_id', 'in', orders).execute();
      expect(credits.length, 'one credit per paid order').toBe(orders.length);
      expect(await verifyLedger(db.db)).toEqual([]);
      // The jobs ran on the cluster, leased (a row per job, runs counted).
      const jobs = await db.db.selectFrom('job_leases').select(['name', 'runs']).execute();
      expect(jobs.find((j) => j.name === 'transfers.reconcile')?.runs ?? 0).toBeGreaterThan(0);
    } finally {
      await db.close();
    }

    // 3. Sockets: the killed node's watcher was closed; reconnecting through the proxy resyncs from its version.
    const dropped = watchers.filter((w) => w.closedAt !== null);
    expect(dropped.length).toBeGreaterThan(0);
    for (const w of watchers) {
      const last = w.version;
      const again = w.closedAt !== null ? await watchTable(proxy.port, last) : w;
      const s = await again.nextState((x) => x.version > last, 30_000);
      expect(s.version).toBeGreaterThan(last);
      again.socket.ws.close();
    }
  }, 300_000);
});

async function waitFor(cond: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A guest socket through the proxy subscribed to the table, from `version` on (a resync) or from scratch. */
async function watchTable(port: number, version?: number) {
  const socket: TestSocket = await openSocket(`ws://127.0.0.1:${port}${WS_PATH}?clientType=web&siteId=7000`);
  socket.send({ msgId: MSG.GUEST_LOGIN });
  await socket.next((m) => m.msgId === MSG.GUEST_LOGIN, 10_000);
  socket.send({ msgId: MSG.TABLE_SUBSCRIBE, msgData: { sub: 1, gameCodes: [TABLE], versions: version ? { [TABLE]: version } : {} } });
  await socket.next((m) => m.msgId === MSG.TABLE_SUBSCRIBE, 10_000);
  const w = {
    socket,
    version: version ?? 0,
    closedAt: null as number | null,
    nextState: async (pred: (s: TableStateWire) => boolean, timeoutMs: number) =>
      (await socket.next((m) => m.msgId === MSG.TABLE_STATE && pred(m.msgData as TableStateWire), timeoutMs)).msgData as TableStateWire,
  };
  socket.ws.on('message', (d) => {
    const m = JSON.parse(String(d)) as { msgId: number; msgData: TableStateWire };
    if (m.msgId === MSG.TABLE_STATE && m.msgData.gameCode === TABLE) w.version = Math.max(w.version, m.msgData.version);
  });
  void socket.closed.then(() => (w.closedAt = Date.now()));
  return w;
}
