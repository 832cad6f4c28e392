/**
 * PvP 斗地主 with three real sockets (issue 31), on SQLite and PostgreSQL alike: joining holds each player's largest
 * loss, the third seats the table, each seat sees only its own cards and the deal's hash before any card; forged moves
 * (not your turn, a card not held, an illegal combination) are refused at no cost; a player who disconnects is
 * auto-played and marked, and gets the hand back on reconnecting; a timeout is auto-played (injected clock); the end
 * settles on the wager path with the rake into the house's rake revenue, a QP round per seat with rake-based valid
 * turnover, the seed revealed and re-dealing the same deck; `verifyLedger` clean. Practice tables: computer players,
 * no money.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type PvpStateWire } from '@portal/contract';
import { fairRng, hintFor, seedCommitment, shuffleDoudizhu, smallestLead, type DdzState } from '@portal/games';
import { memberAccount } from '../../../ledger/accounts.ts';
import { accountId } from '../../../ledger/accounts.ts';
import { balanceOf } from '../../../ledger/ledger.ts';
import { verifyLedger } from '../../../ledger/verify.ts';
import { U, ok } from '../../../test/flows.ts';
import { createHarness, type Harness } from '../../../test/harness.ts';
import { memberSocket, wsUrl, type TestSocket } from '../../../realtime/testClient.ts';
import { betKey, tableCall, tablePlayer } from '../../tables/tableKit.ts';
import type { SlotPlayer } from '../../casino/slotKit.ts';
import { pairSignals, signalEntries } from './collusion.ts';
import { PVP_RAKE_BOOK } from './desk.ts';
import { PVP_CHANNEL, holdFenOf, pvpLevel, rakeBpOf } from './levels.ts';

let h: Harness;
let url: string;
let now = 1_900_000_000_000;
beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = wsUrl((h.app.server.address() as { port: number }).port);
  await h.s.pvp.stop(); // the test drives the clock: no background ticks
  h.s.pvp.clock = () => now;
});
afterAll(async () => {
  await h.s.pvp.settled();
  expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  await h?.close();
});

const db = () => h.s.handle.db;
const wallet = (userId: string) => balanceOf(db(), memberAccount(userId, 'venue', 'CNY', PVP_CHANNEL));
const call = (p: SlotPlayer, method: string, extra: Record<string, unknown>) => tableCall(h, p, method, extra, 'crqp');

interface Player extends SlotPlayer {
  socket: TestSocket;
}
async function player(fen: number): Promise<Player> {
  const p = await tablePlayer(h, fen, 'NN1', PVP_CHANNEL);
  const jwt = (await h.call(`${U}member/jwt`, {}, { token: p.token })).data.jwt as string;
  return { ...p, socket: await memberSocket(url, p.token, jwt) };
}

const states = (s: TestSocket) => s.messages.filter((m) => m.msgId === MSG.PVP_STATE).map((m) => m.msgData as PvpStateWire);
const latest = (s: TestSocket) => states(s).at(-1)!;
/** The next state push of at least this version. */
const stateAt = async (s: TestSocket, version: number) =>
  (await s.next((m) => m.msgId === MSG.PVP_STATE && (m.msgData as PvpStateWire).version >= version)).msgData as PvpStateWire;
const refused = async (s: TestSocket) => (await s.next((m) => m.msgId === MSG.PVP_REFUSED)).msgData as { code: string; reason: string };

describe('PvP 斗地主: a hand between three sockets', () => {
  it('holds, deals from a committed seed, refuses forged moves, survives a disconnect and a timeout, settles with the rake', async () => {
    const level = pvpLevel('DDZ1')!;
    const hold = holdFenOf(level);
    const ps = [await player(100_000), await player(100_000), await player(100_000)];
    // The lobby before: nobody waits, no table — the empty level says so.
    ps[0]!.socket.send({ msgId: MSG.PVP_LOBBY });
    const lobby0 = (await ps[0]!.socket.next((m) => m.msgId === MSG.PVP_LOBBY)).msgData.levels;
    expect(lobby0.find((l: { level: string }) => l.level === 'DDZ1')).toMatchObject({ waiting: 0, seated: 0, hold: '48.00' });

    const j0 = ok(await call(ps[0]!, 'pvpJoin', { level: 'DDZ1', idempotencyKey: betKey() })).data;
    expect(j0).toMatchObject({ hold: '48.00', balance: '952.00', handId: null });
    ps[1]!.socket.send({ msgId: MSG.PVP_LOBBY });
    expect(
      (await ps[1]!.socket.next((m) => m.msgId === MSG.PVP_LOBBY)).msgData.levels.find((l: { level: string }) => l.level === 'DDZ1'),
    ).toMatchObject({ waiting: 1, seated: 0 });
    // A retried join (same key) holds once.
    const key = betKey();
    ok(await call(ps[1]!, 'pvpJoin', { level: 'DDZ1', idempotencyKey: key }));
    expect(ok(await call(ps[1]!, 'pvpJoin', { level: 'DDZ1', idempotencyKey: key })).data.balance).toBe('952.00');
    const j2 = ok(await call(ps[2]!, 'pvpJoin', { level: 'DDZ1', idempotencyKey: betKey() })).data;
    expect(j2.handId).toMatch(/^DDZ-/);
    const handId = j2.handId as string;
    for (const p of ps) expect(await wallet(p.userId)).toBe(100_000 - hold);

    // Each seat: its own 17 cards, the others' counts only, the deal's hash (stored before the deal was pushed).
    const first = await Promise.all(ps.map((p) => stateAt(p.socket, 1)));
    const row = await db().selectFrom('pvp_hands').selectAll().where('id', '=', handId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'playing', seed: null, deck_hash: first[0]!.deckHash });
    const bySeat = new Map(first.map((s, i) => [s.seat, { st: s, p: ps[i]! }]));
    expect([...bySeat.keys()].sort()).toEqual([0, 1, 2]);
    const all = first.flatMap((s) => s.hand);
    expect(new Set(all).size).toBe(51);
    for (const s of first) {
      expect(s.hand).toHaveLength(17);
      expect(s.bottom).toBeNull();
      expect(s.seats.map((x) => x.cards)).toEqual([17, 17, 17]);
      expect(s.seats.every((x) => !x.computer && x.name !== null)).toBe(true);
    }
    const sock = (seat: number) => bySeat.get(seat)!.p.socket;
    const turn = first[0]!.turn;

    // Forged: bidding out of turn; a play while bidding.
    const other = (turn + 1) % 3;
    sock(other).send({ msgId: MSG.PVP_BID, msgData: { handId, bid: 3 } });
    expect((await refused(sock(other))).code).toBe('notYourTurn');
    sock(turn).send({ msgId: MSG.PVP_BID, msgData: { handId: 'DDZ-forged', bid: 3 } });
    expect((await refused(sock(turn))).code).toBe('noHand');

    // The first bidder takes it at 3: the landlord gets the bottom, which everyone now sees.
    sock(turn).send({ msgId: MSG.PVP_BID, msgData: { handId, bid: 3 } });
    const afterBid = await stateAt(sock(turn), 2);
    expect(afterBid).toMatchObject({ phase: 'playing', landlord: turn, bid: 3 });
    expect(afterBid.hand).toHaveLength(20);
    expect(afterBid.bottom).toHaveLength(3);
    const landlord = turn;
    const desk = h.s.pvp;
    const live = () => desk.table(handId)!.state;

    // Forged plays by the landlord: a card it does not hold, an illegal combination; by a farmer: not its turn.
    const mine = afterBid.hand;
    const notMine = [...Array(54).keys()].find((c) => !mine.includes(c))!;
    sock(landlord).send({ msgId: MSG.PVP_PLAY, msgData: { handId, cards: [notMine] } });
    expect((await refused(sock(landlord))).code).toBe('notHeld');
    const v = (c: number) => (c >= 52 ? c : c % 13);
    const a = mine[0]!;
    const b = mine.find((c) => v(c) !== v(a) && !(a >= 52 && c >= 52))!;
    sock(landlord).send({ msgId: MSG.PVP_PLAY, msgData: { handId, cards: [a, b] } });
    expect(['illegal']).toContain((await refused(sock(landlord))).code);
    sock((landlord + 1) % 3).send({ msgId: MSG.PVP_PLAY, msgData: { handId, cards: [] } });
    expect((await refused(sock((landlord + 1) % 3))).code).toBe('notYourTurn');
    for (const p of ps) expect(await wallet(p.userId)).toBe(100_000 - hold); // refusals cost nothing
    expect(live().turns).toHaveLength(0);

    // The landlord leads its smallest single by the socket.
    sock(landlord).send({ msgId: MSG.PVP_PLAY, msgData: { handId, cards: smallestLead(mine).cards } });
    await stateAt(sock(landlord), afterBid.version + 1);

    // A farmer disconnects: the others see it away; its turn is auto-played (marked) once its short time passes.
    const away = (landlord + 1) % 3;
    const awayP = bySeat.get(away)!.p;
    const handBefore = [...live().hands[away]!];
    awayP.socket.ws.close();
    await awayP.socket.closed;
    await expect.poll(() => latest(sock(landlord)).seats[away]!.connected).toBe(false);
    now += desk.timing.autoMs;
    desk.tick();
    const auto = live().turns.at(-1)!;
    expect(auto).toMatchObject({ seat: away, auto: true });
    await expect.poll(() => latest(sock(landlord)).seats[away]!.auto).toBe(true);
    // It comes back: the hand as it was (its own cards only), connected again.
    const jwt = (await h.call(`${U}member/jwt`, {}, { token: awayP.token })).data.jwt as string;
    const back = await memberSocket(url, awayP.token, jwt);
    bySeat.get(away)!.p.socket = back;
    back.send({ msgId: MSG.PVP_WATCH });
    const restored = await stateAt(back, 0);
    expect(restored.seat).toBe(away);
    expect(restored.hand).toEqual(live().hands[away]);
    expect(restored.hand.length).toBeLessThanOrEqual(handBefore.length);
    expect(restored.hand.some((c) => live().hands[landlord]!.includes(c))).toBe(false);

    // A timeout: the seat to move lets its full time run out → auto-played and marked.
    const waiting = live().turn;
    now += desk.timing.turnMs;
    desk.tick();
    expect(live().turns.at(-1)).toMatchObject({ seat: waiting, auto: true });

    // The rest by the sockets: each seat to move plays the hint (or leads its smallest single).
    let guard = 0;
    while (live().phase === 'playing' && guard++ < 300) {
      const s: DdzState = live();
      const hint = hintFor(s);
      const cards = s.last === null ? smallestLead(s.hands[s.turn]!).cards : (hint?.cards ?? []);
      const before = desk.table(handId)!.version;
      const sk = sock(s.turn);
      sk.send({ msgId: MSG.PVP_PLAY, msgData: { handId, cards } });
      await stateAt(sk, before + 1);
    }
    await desk.settled();
    await expect.poll(() => latest(sock(landlord)).phase).toBe('done');
    const end = latest(sock(landlord));
    expect(end.phase).toBe('done');
    expect(end.result).not.toBeNull();
    const res = end.result!;
    // The revealed seed is the committed one and deals the same deck.
    expect(seedCommitment(res.seed)).toBe(end.deckHash);
    expect(shuffleDoudizhu(fairRng({ serverSeed: res.seed, clientSeed: `${handId}:0`, nonce: 0 }))).toEqual(res.deck);

    // Money: each wallet moved by its net; the nets sum to minus the rake; the rake is the house's revenue.
    const rakeFen = Math.round(Number(res.rake) * 100);
    const nets = res.seats.map((x) => Math.round(Number(x.net) * 100));
    expect(nets.reduce((x, y) => x + y, 0)).toBe(-rakeFen);
    const winners = res.seats.filter((x) => Number(x.gross) > 0);
    for (const w of winners)
      expect(Math.round(Number(w.rake) * 100)).toBe(
        Math.min(Math.floor((Math.round(Number(w.gross) * 100) * rakeBpOf(7000)) / 10_000), level.rakeCapFen),
      );
    expect(rakeFen).toBeGreaterThan(0);
    for (const [seat, { p }] of bySeat) expect(await wallet(p.userId)).toBe(100_000 + nets[seat]!);
    const book = await db().selectFrom('ledger_accounts').select('balance').where('id', '=', accountId(PVP_RAKE_BOOK)).executeTakeFirst();
    expect(Number(book?.balance)).toBe(rakeFen);
    const rounds = await db().selectFrom('casino_rounds').selectAll().where('id', 'like', `${handId}:%`).execute();
    expect(rounds).toHaveLength(3);
    expect(rounds.every((r) => r.category === 'QP' && r.game_code === 'DDZ')).toBe(true);
    expect(rounds.reduce((x, r) => x + Number(r.valid), 0)).toBe(rakeFen);
    const settled = await db().selectFrom('pvp_hands').selectAll().where('id', '=', handId).executeTakeFirstOrThrow();
    expect(settled).toMatchObject({ status: 'settled', seed: res.seed });
    expect(Number(settled.rake)).toBe(rakeFen);
    // The console's collusion signals read the hand: each pair sat together once (no signal from one hand).
    const signals = pairSignals(ps[0]!.userId, await signalEntries(db(), ps[0]!.userId));
    expect(signals.map((x) => x.hands)).toEqual([1, 1]);
    expect(signals.flatMap((x) => x.signals).filter((x) => x === 'chip_dumping' || x === 'often_together')).toEqual([]);
    // Everyone may join again.
    expect(ok(await call(ps[0]!, 'pvpLeave', { idempotencyKey: betKey() })).data.left).toBe(false);
    for (const { p } of bySeat.values()) p.socket.ws.close();
  }, 30_000);

  it('leaving the queue before a table forms gives the hold back', async () => {
    const p = await player(10_000);
    ok(await call(p, 'pvpJoin', { level: 'DDZ1', idempotencyKey: betKey() }));
    expect(await wallet(p.userId)).toBe(10_000 - holdFenOf(pvpLevel('DDZ1')!));
    expect(ok(await call(p, 'pvpLeave', { idempotencyKey: betKey() })).data.left).toBe(true);
    expect(await wallet(p.userId)).toBe(10_000);
    p.socket.ws.close();
  });

  it('practice: two openly computer players, points only, no hold and no record', async () => {
    const p = await player(0);
    const j = ok(await call(p, 'pvpJoin', { level: 'DDZ1', practice: true, idempotencyKey: betKey() })).data;
    expect(j).toMatchObject({ practice: true, hold: '0' });
    const st = await stateAt(p.socket, 1);
    expect(st.seats.filter((s) => s.computer)).toHaveLength(2);
    expect(st.seats.filter((s) => s.computer).every((s) => s.name === null)).toBe(true);
    let guard = 0;
    const desk = h.s.pvp;
    while (desk.table(j.handId)!.state.phase !== 'done' && !desk.table(j.handId)!.voided && guard++ < 400) {
      now += desk.timing.turnMs;
      desk.tick();
    }
    await expect.poll(() => ['done', 'void'].includes(latest(p.socket).phase)).toBe(true);
    const end = latest(p.socket);
    if (end.phase === 'done') expect(end.result!.rake).toBe('0');
    expect(await db().selectFrom('pvp_hands').select('id').where('id', '=', j.handId).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('casino_rounds').select('id').where('member_id', '=', p.userId).execute()).toHaveLength(0);
    p.socket.ws.close();
  });
});
