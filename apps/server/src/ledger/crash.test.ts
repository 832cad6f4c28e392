/**
 * Crash test: the built server (apps/server/dist/main.js) under a burst of venue
 * transfers in and out (and deposits) is SIGKILLed in the middle, restarted on the same database, and
 * left to its reconciler; then the books must hold: ledger:verify clean, every transfer finished
 * ('completed' exactly when the venue applied it, else 'reversed' / 'failed'), and for every member our
 * venue mirrors equal the sandbox venue's own books and central + mirrors equal what its deposits
 * brought — no fen created or lost.
 *
 * The sandbox venue is slow (SANDBOX_DELAY_MS), refuses some transfers and loses 30 % of its answers
 * after the money moved, so the crash also finds transfers pending for the reconciler. SQLite in a temp
 * DATA_DIR by default; with DB=postgres a fresh schema of DATABASE_TEST_URL (dropped afterwards).
 * Needs the build (`node scripts/build.mjs`); talks to 127.0.0.1 only.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveServer, sleep, usePostgres, yuan, type Member } from '../test/liveServer.ts';
import { venuePlayer } from '../venues/adapter.ts';
import { accountId, memberAccount } from './accounts.ts';
import { verifyLedger } from './verify.ts';

const SITE = 7000;
/**
 * The sandbox venues (their books are the sandbox_venue_* tables this test compares with). CRTY is the
 * house sportsbook (venues/registry.ts), with its own books and no injected refusals or lost answers.
 */
const CHANNELS = ['SBZR', 'SBQP', 'SBDZ'];
const MEMBERS = 6;
const WORKERS_PER_MEMBER = 3;
const DEPOSIT_FEN = 200_000; // 2000 yuan each
/** The burst ends by SIGKILL once this many transfers were answered (or after BURST_MAX_MS). */
const KILL_AFTER_ANSWERS = 60;
const BURST_MAX_MS = 4_000;
const SETTLE_MAX_MS = 40_000;

interface Sent {
  member: Member;
  key: string;
  body: { channelCode: string; amount: string; ty: number };
}

const live = new LiveServer(SITE, { SANDBOX_DELAY_MS: '5', SANDBOX_FAIL_RATE: '0.1', SANDBOX_LOST_ANSWER_RATE: '0.3' });

beforeAll(() => live.prepare());
afterAll(() => live.close());

describe(`SIGKILL in the middle of money traffic (${usePostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('restarts, the reconciler finishes or reverses every transfer, and the books and the venue agree to the fen', async () => {
    await live.start();

    // Members, funded through the deposit flow.
    const members: Member[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await live.createMember(i, `10.66.0.${i + 1}`)); // registration is limited per address
    await Promise.all(members.map(async (m) => live.waitPaid(m, await live.deposit(m, DEPOSIT_FEN))));

    // The burst: several workers per member, random venue, direction and amount, a new key each time.
    let killed = false;
    let killAt = 0;
    let restartAt = 0;
    let answered = 0;
    const outcomes = new Map<string, number>();
    const cutOff: Sent[] = [];
    const note = (k: string) => outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
    const worker = async (m: Member) => {
      while (!killed) {
        const body = {
          channelCode: CHANNELS[randomInt(CHANNELS.length)]!,
          amount: yuan(randomInt(100, 30_000)),
          ty: randomInt(10) < 6 ? 1 : 2,
        };
        const sent: Sent = { member: m, key: `crash-${randomBytes(8).toString('hex')}`, body };
        try {
          const r = await live.call('/fd/api/v1/transfer/utcTransfer', body, { token: m.token, ip: m.ip, key: sent.key });
          answered++;
          note(r.status_code === 6000 ? `6000 ${r.data.status}` : `${r.status_code} ${r.message}`);
        } catch {
          if (!killed) throw new Error('a transfer failed before the kill');
          cutOff.push(sent); // no answer: the client will retry with the same key
        }
      }
    };
    const burst = Promise.all(members.flatMap((m) => Array.from({ length: WORKERS_PER_MEMBER }, () => worker(m))));
    // Deposits in flight too: their notifications are queued when the server dies (some may never arrive).
    const lateDeposits = members.slice(0, 2).map((m) => live.deposit(m, 50_000).catch(() => null));
    const t0 = Date.now();
    while (answered < KILL_AFTER_ANSWERS && Date.now() - t0 < BURST_MAX_MS) await sleep(10);
    killed = true;
    const stopped = live.stop('SIGKILL');
    killAt = Date.now();
    await stopped;
    await burst;
    await Promise.all(lateDeposits);
    expect(answered, 'transfers answered before the kill').toBeGreaterThan(0);

    // Restart on the same database; clients retry what got no answer, with the same keys.
    await live.start();
    restartAt = Date.now();
    for (const s of cutOff.slice(0, 10)) {
      const r = await live.call('/fd/api/v1/transfer/utcTransfer', s.body, { token: s.member.token, ip: s.member.ip, key: s.key });
      note(`retry ${r.status_code === 6000 ? `6000 ${r.data.status}` : `${r.status_code} ${r.message}`}`);
    }

    // The reconciler (every 5 s, 10 s grace) finishes or reverses every pending transfer.
    const handle = live.connect();
    try {
      const db = handle.db;
      const pendingCount = async () =>
        Number(
          (
            await db
              .selectFrom('venue_transfers')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('status', '=', 'pending')
              .executeTakeFirstOrThrow()
          ).n,
        );
      const pendingAtRestart = await pendingCount();
      const t1 = Date.now();
      let pending = pendingAtRestart;
      while (pending > 0 && Date.now() - t1 < SETTLE_MAX_MS) {
        await sleep(500);
        pending = await pendingCount();
      }
      const settleS = ((Date.now() - t1) / 1000).toFixed(1);
      await live.stop('SIGTERM');

      const transfers = await db.selectFrom('venue_transfers').selectAll().execute();
      const byStatus = transfers.reduce<Record<string, number>>((a, t) => ({ ...a, [t.status]: (a[t.status] ?? 0) + 1 }), {});
      console.log(
        `[crash] ${answered} answers before the kill (${[...outcomes].map(([k, v]) => `${k}: ${v}`).join(', ')}); ${cutOff.length} cut off; ` +
          `${pendingAtRestart} pending after the restart, settled in ${settleS} s; transfers ${JSON.stringify(byStatus)}`,
      );
      expect(pending, 'transfers still pending after the reconciler').toBe(0);
      expect(transfers.length).toBeGreaterThan(MEMBERS);

      // 1. The books' invariants.
      expect(await verifyLedger(db)).toEqual([]);

      // 2. Every transfer final, and 'completed' exactly when the venue applied it (with the right sign).
      const applied = new Map((await db.selectFrom('sandbox_venue_transfers').selectAll().execute()).map((t) => [t.transfer_id, t]));
      const when = (ms: number) => `${ms - killAt} ms after the kill (restart at +${restartAt - killAt} ms)`;
      for (const t of transfers) {
        const what = `${t.status} transfer ${t.direction} ${t.id} (last error ${JSON.stringify(t.last_error)}, settled ${when(Number(t.updated_at))})`;
        expect(['completed', 'reversed', 'failed'], what).toContain(t.status);
        // A transfer in that the venue never applied is reversed (the money goes back); one out just failed.
        if (t.status === 'reversed') expect(t.direction, what).toBe('in');
        if (t.status === 'failed') expect(t.direction, what).toBe('out');
        const atVenue = applied.get(t.id);
        if (t.status === 'completed')
          expect(Number(atVenue?.amount), `${what} at the venue`).toBe(t.direction === 'in' ? Number(t.amount) : -Number(t.amount));
        else expect(atVenue, `${what}: the venue applied it ${atVenue ? when(Number(atVenue.created_at)) : ''}`).toBeUndefined();
      }
      const ours = new Set(transfers.map((t) => t.id));
      expect(
        [...applied.keys()].filter((id) => !ours.has(id)),
        'venue transfers we have no record of',
      ).toEqual([]);

      // 3. Per member: our venue mirrors = the venue's books; central + mirrors = what deposits brought.
      const accounts = new Map(
        (await db.selectFrom('ledger_accounts').select(['id', 'balance']).where('owner_type', '=', 'member').execute()).map((a) => [
          a.id,
          Number(a.balance),
        ]),
      );
      const wallets = await db.selectFrom('sandbox_venue_wallets').selectAll().execute();
      const paid = await db.selectFrom('deposit_orders').select(['member_id', 'amount', 'fee']).where('status', '=', 'paid').execute();
      for (const m of members) {
        const bal = (kind: 'central' | 'venue' | 'locked' | 'bonus', ref = '') =>
          accounts.get(accountId(memberAccount(m.userId, kind, 'CNY', ref))) ?? 0;
        let mirrors = 0;
        for (const ch of CHANNELS) {
          const venue = Number(wallets.find((w) => w.channel_code === ch && w.player === venuePlayer(SITE, m.userId))?.balance ?? 0);
          expect(bal('venue', ch), `member ${m.name}: our ${ch} mirror = the venue's books`).toBe(venue);
          mirrors += bal('venue', ch);
        }
        const deposited = paid.filter((d) => d.member_id === m.userId).reduce((a, d) => a + Number(d.amount) - Number(d.fee), 0);
        expect(bal('locked'), `member ${m.name}: nothing locked`).toBe(0);
        expect(bal('central') + mirrors, `member ${m.name}: central + venues = deposits`).toBe(deposited);
      }
      // No venue wallet belongs to anyone but these members.
      const players = new Set(members.map((m) => venuePlayer(SITE, m.userId)));
      expect(wallets.filter((w) => !players.has(w.player) && Number(w.balance) !== 0)).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
