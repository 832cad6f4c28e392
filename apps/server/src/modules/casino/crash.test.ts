/**
 * Crash test of the house slots: the built server (apps/server/dist/main.js) under a
 * burst of CRDZ spins is SIGKILLed in the middle, restarted on the same database, and then the rounds and
 * the books must hold:
 *   - every spin the client got an answer for is in casino_rounds, settled, and is the round its key names;
 *   - every spin without an answer either left nothing (no key, no journal, no hold) or is complete;
 *   - re-sending every key (answered or not) answers a settled round — the same one for a key that played,
 *     a new one for a key that left nothing — and no key ever has a second round;
 *   - per round, the member's CRDZ wallet moved exactly −bet + win + jackpot, and per member the wallet is
 *     funding − Σbet + Σwin + Σjackpot of their rounds; no casino-round hold is left pending; verifyLedger clean.
 *
 * Why this catches a round that is not one money step: were the win (or the jackpot) paid in a transaction
 * of its own after the round's (hold, stake, round row), a kill between the two commits would leave a
 * round with win > 0 whose casino.win journal never happened: the per-round check (the wallet's postings
 * for the round = −bet + win + jackpot) and the wallet equation fail, and the replay of that key answers
 * the stored round without paying it, so the books stay wrong after the re-sends too. Likewise a hold
 * committed before the round (a step of its own) would be left pending with no round, and a round
 * recorded apart from its money would be present without its stake. The kill lands at a random moment
 * while ~12 spins are in flight, so a window between two commits is hit often but not on every run:
 * the test never passes a broken books state it sees, but (like any crash test) cannot force the window.
 *
 * SQLite in a temp DATA_DIR by default; with DB=postgres a fresh schema of DATABASE_TEST_URL (dropped
 * afterwards). Needs the build (`node scripts/build.mjs`); talks to 127.0.0.1 only.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, memberAccount } from '../../ledger/accounts.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { LiveServer, ok, sleep, usePostgres, yuan, type Envelope, type Member } from '../../test/liveServer.ts';

const SITE = 7000;
const CRDZ = 'CRDZ';
const GAME = 'H5001';
const BET = '2.00';
const MEMBERS = 4;
const WORKERS_PER_MEMBER = 3;
const FUND_FEN = 100_000; // 1000 yuan each, all moved into CRDZ
/** The burst ends by SIGKILL once this many spins were answered (or after BURST_MAX_MS). */
const KILL_AFTER_ANSWERS = 40;
const BURST_MAX_MS = 6_000;

interface Player extends Member {
  venueToken: string;
}
interface Spin {
  player: Player;
  key: string;
  /** The round the answer named (6000), the other status code answered, or nothing (cut off by the kill). */
  roundId?: string;
  refused?: number;
}

const live = new LiveServer(SITE);

beforeAll(() => live.prepare());
afterAll(() => live.close());

const spin = (p: Player, key: string): Promise<Envelope> =>
  live.call(
    '/game/api/v1/resource',
    {
      method: 'spin',
      enName: 'crdz',
      Request: {
        timestamp: Date.now(),
        token: p.venueToken,
        langx: 'zh-cn',
        remoteip: p.ip,
        gameCode: GAME,
        bet: BET,
        idempotencyKey: key,
      },
    },
    { token: p.token, ip: p.ip },
  );

async function player(i: number): Promise<Player> {
  const m = await live.createMember(i, `10.67.0.${i + 1}`); // registration is limited per address
  await live.waitPaid(m, await live.deposit(m, FUND_FEN));
  const t = ok(
    await live.call(
      '/fd/api/v1/transfer/utcTransfer',
      { channelCode: CRDZ, amount: yuan(FUND_FEN), ty: 1 },
      { token: m.token, ip: m.ip, key: `fund-${randomBytes(8).toString('hex')}` },
    ),
    'transfer to CRDZ',
  );
  expect(t.status).toBe('completed');
  const launch = ok(await live.call('/game/api/v1/launch', { enName: CRDZ, gameCode: GAME }, { token: m.token, ip: m.ip }), 'launch');
  return { ...m, venueToken: launch.data.token };
}

describe(`SIGKILL in the middle of slot spins (${usePostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('every round is complete or never happened, re-sent keys answer their one round, and the books balance', async () => {
    await live.start();
    const players: Player[] = [];
    for (let i = 0; i < MEMBERS; i++) players.push(await player(i));

    // The burst: several workers per member, a new key each spin, every key remembered with what it got.
    const spins: Spin[] = [];
    let killed = false;
    let answered = 0;
    const worker = async (p: Player) => {
      while (!killed) {
        const s: Spin = { player: p, key: `crash-${randomBytes(8).toString('hex')}` };
        spins.push(s);
        try {
          const r = await spin(p, s.key);
          if (r.status_code === 6000) {
            expect(r.data.round.status).toBe('settled');
            s.roundId = r.data.round.roundId as string;
          } else s.refused = r.status_code;
          answered++;
        } catch (e) {
          if (!killed) throw e;
          // No answer: the client will re-send the same key.
        }
      }
    };
    const burst = Promise.all(players.flatMap((p) => Array.from({ length: WORKERS_PER_MEMBER }, () => worker(p))));
    const t0 = Date.now();
    while (answered < KILL_AFTER_ANSWERS && Date.now() - t0 < BURST_MAX_MS) await sleep(5);
    killed = true;
    await live.stop('SIGKILL');
    await burst;
    const cutOff = spins.filter((s) => s.roundId === undefined && s.refused === undefined);
    const refused = spins.filter((s) => s.refused !== undefined);
    expect(spins.filter((s) => s.roundId).length, 'spins played before the kill').toBeGreaterThan(0);

    await live.start();
    const handle = live.connect();
    try {
      const db = handle.db;
      const ids = players.map((p) => p.userId);
      /** Each key's round, as the money step's idempotency row stored it (scope slot.spin:<member>). */
      const keyRounds = async () => {
        const rows = await db
          .selectFrom('idempotency_keys')
          .select(['scope', 'key', 'response'])
          .where(
            'scope',
            'in',
            ids.map((id) => `slot.spin:${id}`),
          )
          .execute();
        return new Map(rows.map((r) => [r.key, (JSON.parse(r.response) as { roundId: string }).roundId]));
      };
      /** The books of the members' rounds: every check that must hold after the crash and after the re-sends. */
      const checkBooks = async (when: string) => {
        const rounds = await db.selectFrom('casino_rounds').selectAll().where('member_id', 'in', ids).execute();
        const byKey = await keyRounds();
        const roundIds = new Set(rounds.map((r) => r.id));
        // One round per key, one key per round.
        expect(rounds.length, `${when}: rounds = keys that played`).toBe(byKey.size);
        expect(new Set(byKey.values()).size, `${when}: no two keys share a round`).toBe(byKey.size);
        for (const [key, roundId] of byKey) expect(roundIds.has(roundId), `${when}: key ${key} names round ${roundId}`).toBe(true);
        for (const r of rounds) {
          expect(r.status, `${when}: round ${r.id}`).toBe('settled');
          expect([r.channel_code, r.game_code, Number(r.bet)]).toEqual([CRDZ, GAME, 200]);
        }
        // Per round: the wallet moved exactly −bet + win + jackpot (stake, win and jackpot in the round's step).
        const venueIds = new Map(players.map((p) => [accountId(memberAccount(p.userId, 'venue', 'CNY', CRDZ)), p.userId]));
        const postings = await db
          .selectFrom('ledger_postings as p')
          .innerJoin('ledger_journals as j', 'j.id', 'p.journal_id')
          .select(['j.ref_id as ref', 'j.kind as kind', 'p.amount as amount'])
          .where('j.ref_type', '=', 'casino_round')
          .where('p.account_id', 'in', [...venueIds.keys()])
          .execute();
        const moved = new Map<string, number>();
        for (const p of postings) moved.set(p.ref, (moved.get(p.ref) ?? 0) + Number(p.amount));
        for (const r of rounds)
          expect(moved.get(r.id) ?? 0, `${when}: round ${r.id} (bet ${r.bet}, win ${r.win}, jackpot ${r.jackpot_win}) in the wallet`).toBe(
            -Number(r.bet) + Number(r.win) + Number(r.jackpot_win),
          );
        // Money moved for a round that does not exist: a step that committed in part.
        expect(
          [...moved.keys()].filter((ref) => !roundIds.has(ref)),
          `${when}: wallet postings of no round`,
        ).toEqual([]);
        const journals = await db.selectFrom('ledger_journals').select(['ref_id', 'kind']).where('ref_type', '=', 'casino_round').execute();
        expect(
          journals.filter((j) => !roundIds.has(j.ref_id)),
          `${when}: casino-round journals of no round`,
        ).toEqual([]);
        // A spin is one journal (stake and win together) and holds nothing.
        const holds = await db.selectFrom('ledger_holds').select(['ref_id', 'status']).where('ref_type', '=', 'casino_round').execute();
        expect(holds, `${when}: casino-round holds`).toEqual([]);
        expect(journals.length, `${when}: one journal per round`).toBe(rounds.length);
        // Per member: CRDZ wallet = funding − Σbet + Σwin + Σjackpot; nothing left locked.
        const balances = new Map(
          (await db.selectFrom('ledger_accounts').select(['id', 'balance']).where('owner_type', '=', 'member').execute()).map((a) => [
            a.id,
            Number(a.balance),
          ]),
        );
        for (const p of players) {
          const own = rounds.filter((r) => r.member_id === p.userId);
          const net = own.reduce((a, r) => a - Number(r.bet) + Number(r.win) + Number(r.jackpot_win), 0);
          expect(balances.get(accountId(memberAccount(p.userId, 'venue', 'CNY', CRDZ))), `${when}: ${p.name}'s CRDZ wallet`).toBe(
            FUND_FEN + net,
          );
          expect(balances.get(accountId(memberAccount(p.userId, 'locked', 'CNY'))) ?? 0, `${when}: ${p.name}: nothing locked`).toBe(0);
        }
        expect(await verifyLedger(db), `${when}: ledger invariants`).toEqual([]);
        return { rounds: rounds.length, byKey };
      };

      // 1. Right after the restart: answered spins are there, cut-off ones complete or absent.
      const after = await checkBooks('after the restart');
      for (const s of spins.filter((x) => x.roundId))
        expect(after.byKey.get(s.key), `answered spin ${s.key} is the round it answered`).toBe(s.roundId);
      for (const s of refused) expect(after.byKey.has(s.key), `spin ${s.key} refused with ${s.refused} left nothing`).toBe(false);
      const played = cutOff.filter((s) => after.byKey.has(s.key));

      // 2. Every key re-sent: the round it played, or (nothing there) played now; never a second round.
      for (const s of spins) {
        const r = await spin(s.player, s.key);
        expect(r.status_code, `re-sent ${s.key}: ${JSON.stringify(r).slice(0, 200)}`).toBe(6000);
        expect(r.data.round.status).toBe('settled');
        const known = s.roundId ?? after.byKey.get(s.key);
        if (known) expect(r.data.round.roundId, `re-sent ${s.key} answers its round`).toBe(known);
        s.roundId = r.data.round.roundId as string;
      }
      // Twice: a second re-send answers the same round again.
      for (const s of spins.slice(0, 10)) expect((await spin(s.player, s.key)).data.round.roundId).toBe(s.roundId);
      const final = await checkBooks('after the re-sends');
      expect(final.rounds, 'one round per key sent').toBe(spins.length);
      for (const s of spins) expect(final.byKey.get(s.key)).toBe(s.roundId);

      console.log(
        `[crash:slots] ${spins.length} spins sent: ${spins.length - cutOff.length - refused.length} answered 6000, ${refused.length} refused, ` +
          `${cutOff.length} cut off by the kill (${played.length} of them had played, ${cutOff.length - played.length} left nothing); ` +
          `${after.rounds} rounds after the restart, ${final.rounds} after the re-sends`,
      );
      await live.stop('SIGTERM');
    } finally {
      await handle.close();
    }
  }, 120_000);
});
