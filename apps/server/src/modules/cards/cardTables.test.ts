/**
 * 棋牌's house-banked 百人 tables (百人牛牛 NN1, 百人二八杠 P28) on the shared round engine (modules/tables): the
 * seed committed before the window, the deposit held on the one wager path, the round drawn from its seed and
 * settled once (casino.table journal, casino_rounds category QP with the 底注 as valid turnover), the seed revealed,
 * limits and stake units, cancel before close, the QP lobby. Runs on SQLite and PostgreSQL alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawTableRound, seedCommitment, tableRoundSeeds, type NiuniuRound } from '@portal/games';
import { memberAccount } from '../../ledger/accounts.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { expectFail, ok } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { HOUSE_CARDS_QP, tableConfig } from '../tables/config.ts';
import { cancelRound, judge } from '../tables/settle.ts';
import { roundId } from '../tables/state.ts';
import { betKey, bettingRound, tableCall, tablePlayer, testDealer, tickUntil } from '../tables/tableKit.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  await h?.close();
});

const db = () => h.s.handle.db;
const round = (code: string, seq: number) =>
  db().selectFrom('table_rounds').selectAll().where('id', '=', roundId(code, seq)).executeTakeFirstOrThrow();
const wallet = (userId: string) => balanceOf(db(), memberAccount(userId, 'venue', 'CNY', HOUSE_CARDS_QP));
const qpCall = (p: Parameters<typeof tableCall>[1], method: string, extra: Record<string, unknown>) =>
  tableCall(h, p, method, extra, 'crqp');

describe('百人牛牛 (NN1), end to end', () => {
  it('holds each spot’s deposit, deals from the committed seed, pays by the winner’s multiple, reveals the seed', async () => {
    const { dealer, pushes } = testDealer(h, ['NN1'], { speed: 4 });
    const p = await tablePlayer(h, 100_000, 'NN1', HOUSE_CARDS_QP);
    await tickUntil(dealer, async () => !!(await bettingRound(h, 'NN1')));
    const r = (await bettingRound(h, 'NN1'))!;
    expect(r.seed_hash).toBe(seedCommitment(r.server_seed));
    const info = ok(await qpCall(p, 'tableInfo', { gameCode: 'NN1' })).data;
    expect(info).toMatchObject({
      kind: 'niuniu',
      liveDealer: false,
      state: { status: 'betting', seedHash: r.seed_hash, serverSeed: null },
    });
    expect(info.betTypes.map((b: { key: string; name: string; odds: string }) => [b.key, b.name, b.odds])).toEqual([
      ['tian', '天', '1.95'],
      ['di', '地', '1.95'],
      ['xuan', '玄', '1.95'],
      ['huang', '黄', '1.95'],
    ]);
    const bets = [
      { type: 'tian', amount: '50' },
      { type: 'huang', amount: '100' },
    ];
    const placed = ok(await qpCall(p, 'tableBet', { gameCode: 'NN1', seq: Number(r.seq), bets, idempotencyKey: betKey() })).data;
    expect(placed.balance).toBe('850.00');
    await tickUntil(dealer, async () => (await round('NN1', Number(r.seq))).status === 'settled');
    const done = await round('NN1', Number(r.seq));
    const drawn = drawTableRound('niuniu', tableRoundSeeds(done.server_seed, 'NN1', Number(done.seq)), null);
    expect(JSON.parse(done.outcome!)).toEqual(drawn.outcome);
    const t = tableConfig('NN1')!;
    const judged = [
      ['tian', 5_000],
      ['huang', 10_000],
    ].map(([type, amount]) => judge(t, drawn.outcome, { bet_type: type as string, amount: amount as number }));
    // The payout follows the rules: a win returns the deposit + 底注 × multiple × 0.95, a loss the deposit less 底注 × multiple.
    const results = (drawn.outcome as { round: NiuniuRound }).round.results;
    const expected = [
      [0, 5_000],
      [3, 10_000],
    ].map(([i, dep]) => {
      const x = results[i!]!;
      return dep! + (x.win ? (dep! / 5) * x.multiple * 0.95 : -(dep! / 5) * x.multiple);
    });
    expect(judged.map((j) => j.payout)).toEqual(expected);
    const paid = expected.reduce((a, b) => a + b, 0);
    expect(await wallet(p.userId)).toBe(85_000 + paid);
    const rec = await db().selectFrom('casino_rounds').selectAll().where('id', '=', `${done.id}:${p.userId}`).executeTakeFirstOrThrow();
    expect(rec).toMatchObject({ category: 'QP', game_code: 'NN1', bet: 15_000, win: paid, valid: 3_000 }); // valid: the 底注 (10 + 20)
    const list = ok(await h.call('/game/api/v1/record/betRecordList', { category: 'QP' }, { token: p.token })).data.list;
    expect(list[0]).toMatchObject({ ticket_id: `${done.id}:${p.userId}`, betAmount: '150.00', round: { gameName: '百人牛牛' } });
    // The pushes: the hands one by one (four spots, then the banker), then the result with the seed.
    await tickUntil(dealer, () => pushes.some((s) => s.seq === Number(r.seq) && s.status === 'settled'));
    const mine = pushes.filter((s) => s.seq === Number(r.seq));
    expect(mine[0]).toMatchObject({ status: 'betting', serverSeed: null });
    const shown = mine.filter((s) => s.status === 'revealing').map((s) => s.steps.map((x) => (x as { side: string }).side).join(','));
    expect(shown.at(-1)).toBe('tian,di,xuan,huang,banker');
    expect(mine.at(-1)).toMatchObject({ status: 'settled', serverSeed: done.server_seed, outcome: drawn.outcome });
    await dealer.stop();
  });

  it('refuses a deposit off whole yuan, below the limit, an unknown spot and a bet after close; cancel before close refunds', async () => {
    const { dealer } = testDealer(h, ['NN1'], { speed: 4 });
    const p = await tablePlayer(h, 100_000, 'NN1', HOUSE_CARDS_QP);
    await tickUntil(dealer, async () => !!(await bettingRound(h, 'NN1')));
    const r = (await bettingRound(h, 'NN1'))!;
    const place = (bets: unknown[], seq = Number(r.seq)) => qpCall(p, 'tableBet', { gameCode: 'NN1', seq, bets, idempotencyKey: betKey() });
    expectFail(await place([{ type: 'banker', amount: '50' }]), 6007, '该投注项不可用');
    expectFail(await place([{ type: 'tian', amount: '5' }]), 6007, '单项投注需在 10.00–25000.00 元之间');
    expectFail(await place([{ type: 'tian', amount: '10.50' }]), 6007, '该投注项金额须为 1.00 元的整数倍');
    expectFail(await place([{ type: 'tian', amount: '10' }], Number(r.seq) + 3), 6007, '本局已停止下注，请等待下一局');
    ok(await place([{ type: 'di', amount: '200' }]));
    expect(await wallet(p.userId)).toBe(80_000);
    ok(await qpCall(p, 'tableCancel', { gameCode: 'NN1', seq: Number(r.seq), idempotencyKey: betKey() }));
    expect(await wallet(p.userId)).toBe(100_000);
    // Games staff cancel a round: every deposit back.
    ok(await place([{ type: 'xuan', amount: '300' }]));
    expect(await cancelRound(db(), r.id, 'staff-1', Date.now(), true)).toBe(1);
    expect(await wallet(p.userId)).toBe(100_000);
    await dealer.stop();
  });
});

describe('百人二八杠 (P28), end to end', () => {
  it('pays a door 1:1 when it beats the banker (ties to the banker), from the committed seed', async () => {
    const { dealer } = testDealer(h, ['P28'], { speed: 4 });
    const p = await tablePlayer(h, 100_000, 'P28', HOUSE_CARDS_QP);
    await tickUntil(dealer, async () => !!(await bettingRound(h, 'P28')));
    const r = (await bettingRound(h, 'P28'))!;
    const bets = [
      { type: 'shun', amount: '10.01' },
      { type: 'tian', amount: '20' },
      { type: 'wei', amount: '30' },
    ];
    ok(await qpCall(p, 'tableBet', { gameCode: 'P28', seq: Number(r.seq), bets, idempotencyKey: betKey() }));
    await tickUntil(dealer, async () => (await round('P28', Number(r.seq))).status === 'settled');
    const done = await round('P28', Number(r.seq));
    const drawn = drawTableRound('pai28', tableRoundSeeds(done.server_seed, 'P28', Number(done.seq)), null);
    expect(JSON.parse(done.outcome!)).toEqual(drawn.outcome);
    const wins = (drawn.outcome as { round: { results: { win: boolean }[] } }).round.results.map((x) => x.win);
    const paid = [1_001, 2_000, 3_000].reduce((a, s, i) => a + (wins[i] ? 2 * s : 0), 0);
    expect(await wallet(p.userId)).toBe(100_000 - 6_001 + paid);
    const rec = await db().selectFrom('casino_rounds').selectAll().where('id', '=', `${done.id}:${p.userId}`).executeTakeFirstOrThrow();
    expect(rec).toMatchObject({ category: 'QP', game_code: 'P28', bet: 6_001, win: paid, valid: 6_001 });
    await dealer.stop();
  });
});

describe('百人三公 (SG1), end to end', () => {
  it('pays a spot 1.95 when it beats the banker, from the committed seed; stakes in 0.20 steps', async () => {
    const { dealer } = testDealer(h, ['SG1'], { speed: 4 });
    const p = await tablePlayer(h, 100_000, 'SG1', HOUSE_CARDS_QP);
    await tickUntil(dealer, async () => !!(await bettingRound(h, 'SG1')));
    const r = (await bettingRound(h, 'SG1'))!;
    const place = (bets: unknown[]) => qpCall(p, 'tableBet', { gameCode: 'SG1', seq: Number(r.seq), bets, idempotencyKey: betKey() });
    expectFail(await place([{ type: 'tian', amount: '10.10' }]), 6007, '该投注项金额须为 0.20 元的整数倍');
    ok(
      await place([
        { type: 'tian', amount: '10.20' },
        { type: 'huang', amount: '40' },
      ]),
    );
    await tickUntil(dealer, async () => (await round('SG1', Number(r.seq))).status === 'settled');
    const done = await round('SG1', Number(r.seq));
    const drawn = drawTableRound('sangong', tableRoundSeeds(done.server_seed, 'SG1', Number(done.seq)), null);
    expect(JSON.parse(done.outcome!)).toEqual(drawn.outcome);
    const wins = (drawn.outcome as { round: { results: { win: boolean }[] } }).round.results.map((x) => x.win);
    const paid = (wins[0] ? 1_989 : 0) + (wins[3] ? 7_800 : 0);
    expect(await wallet(p.userId)).toBe(100_000 - 5_020 + paid);
    await dealer.stop();
  });
});

describe('the 棋牌 lobby', () => {
  it('lists the house 百人 tables (QP) with their current round, guests included', async () => {
    const list = ok(await h.call('/game/api/v1/tableLobby', { category: 'QP' })).data.list;
    expect(list.map((e: { gameCode: string; kind: string }) => [e.gameCode, e.kind])).toEqual([
      ['NN1', 'niuniu'],
      ['P28', 'pai28'],
      ['SG1', 'sangong'],
    ]);
    const zr = ok(await h.call('/game/api/v1/tableLobby', { category: 'ZR' })).data.list;
    expect(zr.map((e: { gameCode: string }) => e.gameCode)).not.toContain('NN1');
  });
});
