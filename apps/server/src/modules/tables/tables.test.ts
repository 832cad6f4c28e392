import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawTableRound, seedCommitment, tableRoundSeeds, type ShoeState } from '@portal/games';
import { memberAccount } from '../../ledger/accounts.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { expectFail, ok } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { cancelRound, judge } from './settle.ts';
import { tableConfig } from './config.ts';
import { roundId } from './state.ts';
import { betKey, bettingRound, lotteryPlayer, sleep, tableCall, tablePlayer, testDealer, tickUntil } from './tableKit.ts';

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
/** The amounts posted to an account by journals of a kind. */
const postingsIn = async (kind: string, account: string) =>
  (
    await db()
      .selectFrom('ledger_postings')
      .innerJoin('ledger_journals', 'ledger_journals.id', 'ledger_postings.journal_id')
      .select('ledger_postings.amount')
      .where('ledger_journals.kind', '=', kind)
      .where('ledger_postings.account_id', '=', account)
      .execute()
  ).map((r) => Number(r.amount));
const wallet = (userId: string, channel = 'CRZR') => balanceOf(db(), memberAccount(userId, 'venue', 'CNY', channel));
const betting = (code: string) => bettingRound(h, code);

describe('a baccarat round, end to end', () => {
  it('commits the seed before the window, takes bets as holds, draws from the seed, settles once, reveals the seed', async () => {
    const { dealer, pushes } = testDealer(h, ['BAC1'], { speed: 4 });
    const p = await tablePlayer(h, 100_000);
    await tickUntil(dealer, async () => !!(await betting('BAC1')));
    const r = (await betting('BAC1'))!;
    expect(r.seed_hash).toBe(seedCommitment(r.server_seed));
    const info = ok(await tableCall(h, p, 'tableInfo', { gameCode: 'BAC1' })).data;
    expect(info).toMatchObject({
      kind: 'baccarat',
      liveDealer: false,
      variant: 'commission',
      state: { status: 'betting', seedHash: r.seed_hash, serverSeed: null },
    });
    expect(info.betTypes.find((b: { key: string }) => b.key === 'banker')).toMatchObject({ odds: '1.95', group: 'main' });
    const bet = ok(
      await tableCall(h, p, 'tableBet', {
        gameCode: 'BAC1',
        seq: Number(r.seq),
        bets: [
          { type: 'banker', amount: '100' },
          { type: 'tie', amount: '20' },
          { type: 'playerPair', amount: '10' },
        ],
        idempotencyKey: betKey(),
      }),
    ).data;
    expect(bet.balance).toBe('870.00');
    expect(bet.bets.map((b: { typeName: string }) => b.typeName)).toEqual(['庄', '和', '闲对']);
    await tickUntil(dealer, async () => (await round('BAC1', Number(r.seq))).status === 'settled');
    const done = await round('BAC1', Number(r.seq));
    const shoe = done.shoe_before === null ? null : (JSON.parse(done.shoe_before) as ShoeState | null);
    const drawn = drawTableRound('baccarat', tableRoundSeeds(done.server_seed, 'BAC1', Number(done.seq)), shoe);
    expect(JSON.parse(done.outcome!)).toEqual(drawn.outcome);
    const t = tableConfig('BAC1')!;
    const payout = [
      ['banker', 10_000],
      ['tie', 2_000],
      ['playerPair', 1_000],
    ].reduce((a, [type, amount]) => a + judge(t, drawn.outcome, { bet_type: type as string, amount: amount as number }).payout, 0);
    expect(await wallet(p.userId)).toBe(87_000 + payout);
    const rows = await db().selectFrom('casino_rounds').selectAll().where('id', '=', `${done.id}:${p.userId}`).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ category: 'ZR', game_code: 'BAC1', bet: 13_000, win: payout });
    // The member's bet record (真人) shows the round: its number, the bets by name; its seed is the shoe's, kept
    // secret until the shoe ends (shoe.ts, reveal.ts).
    const rec = ok(await h.call('/game/api/v1/record/betRecordList', { category: 'ZR' }, { token: p.token })).data.list;
    expect(rec[0]).toMatchObject({
      ticket_id: `${done.id}:${p.userId}`,
      betAmount: '130.00',
      round: {
        gameName: '百家乐 1号桌',
        table: {
          bets: [{ name: '庄', amount: '100.00' }, { name: '和' }, { name: '闲对' }],
          seedHash: done.seed_hash,
          serverSeed: null,
        },
      },
    });
    // The pushes: the window (seed hash only), the reveal step by step, then the result with the seed.
    await tickUntil(dealer, () => pushes.some((s) => s.seq === Number(r.seq) && s.status === 'settled'));
    const mine = pushes.filter((s) => s.seq === Number(r.seq));
    expect(mine[0]).toMatchObject({ status: 'betting', serverSeed: null });
    const versions = mine.map((s) => s.version);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    expect(mine.filter((s) => s.status === 'revealing').map((s) => s.steps.length)).toEqual(
      expect.arrayContaining(
        [1, 2, 3, 4].map((n) => n + (drawn.steps[0]!.kind === 'burn' ? 1 : 0) - (drawn.steps[0]!.kind === 'burn' ? 1 : 0)),
      ),
    );
    expect(mine.at(-1)).toMatchObject({ status: 'settled', serverSeed: null, outcome: drawn.outcome });
    await dealer.stop();
  });

  it('refuses a bet after close (6007 本局已停止下注), an unknown bet type and stakes outside the table limits', async () => {
    const { dealer } = testDealer(h, ['BAC2'], { speed: 4 });
    const p = await tablePlayer(h, 10_000_000, 'BAC2');
    await tickUntil(dealer, async () => !!(await betting('BAC2')));
    const r = (await betting('BAC2'))!;
    const place = (bets: unknown[], seq = Number(r.seq)) =>
      tableCall(h, p, 'tableBet', { gameCode: 'BAC2', seq, bets, idempotencyKey: betKey() });
    expectFail(await place([{ type: 'dragon', amount: '10' }]), 6007, '该投注项不可用');
    expectFail(await place([{ type: 'banker', amount: '5' }]), 6007, '单项投注需在 10.00–50000.00 元之间');
    expectFail(await place([{ type: 'tie', amount: '5001' }]), 6007, '单项投注需在 10.00–5000.00 元之间');
    ok(await place([{ type: 'tie', amount: '4000' }]));
    // The limit counts what the member already has on the round.
    expectFail(await place([{ type: 'bankerPair', amount: '1001' }]), 6007, '单项投注需在 10.00–5000.00 元之间');
    expectFail(await place([{ type: 'banker', amount: '10' }], Number(r.seq) + 5), 6007, '本局已停止下注，请等待下一局');
    await sleep(Math.max(0, Number(r.closes_at) - Date.now() + 5));
    expectFail(await place([{ type: 'banker', amount: '10' }]), 6007, '本局已停止下注，请等待下一局');
    expect(await wallet(p.userId)).toBe(10_000_000 - 400_000);
    await dealer.stop();
  });

  it('a retried bet (same key) is placed once; the member cancels before close and gets every stake back', async () => {
    const { dealer } = testDealer(h, ['BAC3'], { speed: 4 });
    const p = await tablePlayer(h, 50_000, 'BAC3');
    await tickUntil(dealer, async () => !!(await betting('BAC3')));
    const r = (await betting('BAC3'))!;
    const key = betKey();
    const body = { gameCode: 'BAC3', seq: Number(r.seq), bets: [{ type: 'player', amount: '50' }], idempotencyKey: key };
    const a = ok(await tableCall(h, p, 'tableBet', body)).data;
    const b = ok(await tableCall(h, p, 'tableBet', body)).data;
    expect(b.bets.map((x: { betId: string }) => x.betId)).toEqual(a.bets.map((x: { betId: string }) => x.betId));
    expect(await wallet(p.userId)).toBe(45_000);
    const c = ok(await tableCall(h, p, 'tableCancel', { gameCode: 'BAC3', seq: Number(r.seq), idempotencyKey: betKey() })).data;
    expect(c.bets[0]).toMatchObject({ status: 'refunded', amount: '50.00' });
    expect(await wallet(p.userId)).toBe(50_000);
    expectFail(
      await tableCall(h, p, 'tableCancel', { gameCode: 'BAC3', seq: Number(r.seq), idempotencyKey: betKey() }),
      6004,
      '本局没有可取消的注单',
    );
    // A table this venue does not have: 6004 with the table's own words (not a slot's).
    expectFail(await tableCall(h, p, 'tableInfo', { gameCode: 'BAC9' }), 6004, '未找到该桌台');
    await dealer.stop();
  });
});

describe('crashes and several nodes', () => {
  it('a node that dies between the outcome and the settlement is replaced: the round settles once, from its committed seed', async () => {
    const a = testDealer(h, ['DT1'], { speed: 4, nodeId: 'node-a', leaseTtlMs: 300 });
    const p = await tablePlayer(h, 100_000, 'DT1');
    await tickUntil(a.dealer, async () => !!(await betting('DT1')));
    const r = (await betting('DT1'))!;
    ok(
      await tableCall(h, p, 'tableBet', {
        gameCode: 'DT1',
        seq: Number(r.seq),
        bets: [{ type: 'dragon', amount: '100' }],
        idempotencyKey: betKey(),
      }),
    );
    await tickUntil(a.dealer, async () => (await round('DT1', Number(r.seq))).status === 'drawn');
    a.dealer.halt(); // dies holding the lease, the round drawn and not settled
    const b = testDealer(h, ['DT1'], { speed: 10, nodeId: 'node-b', leaseTtlMs: 300 });
    await b.dealer.tick();
    expect(b.dealer.owns('DT1')).toBe(false); // the lease is still a's
    await sleep(350);
    await tickUntil(b.dealer, async () => (await round('DT1', Number(r.seq))).status === 'settled');
    const done = await round('DT1', Number(r.seq));
    const drawn = drawTableRound('dragonTiger', tableRoundSeeds(done.server_seed, 'DT1', Number(done.seq)), JSON.parse(done.shoe_before!));
    expect(JSON.parse(done.outcome!)).toEqual(drawn.outcome);
    const w = (drawn.outcome as { hand: { winner: string } }).hand.winner;
    expect(await wallet(p.userId)).toBe(90_000 + (w === 'dragon' ? 20_000 : w === 'tie' ? 5_000 : 0));
    // The round's batch journal paid the member's wallet once (nothing when the tiger won).
    const wins = await postingsIn('casino.table', `member:${p.userId}:venue:CRZR:CNY`);
    expect(wins.filter((x) => x > 0).length).toBe(w === 'tiger' ? 0 : 1);
    await b.dealer.stop();
  });

  it('two nodes dealing at once: one holds each table, no round is created, drawn or settled twice', async () => {
    const a = testDealer(h, ['SB1', 'RL1'], { speed: 20, nodeId: 'node-1' });
    const b = testDealer(h, ['SB1', 'RL1'], { speed: 20, nodeId: 'node-2' });
    const p = await tablePlayer(h, 1_000_000, 'SB1');
    const start = Date.now();
    let placed = 0;
    while (Date.now() - start < 4_000) {
      await Promise.all([a.dealer.tick(), b.dealer.tick()]);
      expect(a.dealer.owns('SB1') && b.dealer.owns('SB1')).toBe(false);
      const r = await betting('SB1');
      if (r && placed < Number(r.seq) && Date.now() < Number(r.closes_at) - 100) {
        ok(
          await tableCall(h, p, 'tableBet', {
            gameCode: 'SB1',
            seq: Number(r.seq),
            bets: [{ type: 'big', amount: '10' }],
            idempotencyKey: betKey(),
          }),
        );
        placed = Number(r.seq);
      }
      await sleep(15);
    }
    const stats = [a.dealer.stats, b.dealer.stats];
    const rounds = await db().selectFrom('table_rounds').select(['seq', 'status']).where('table_code', 'in', ['SB1', 'RL1']).execute();
    expect(stats[0]!.created + stats[1]!.created).toBe(rounds.length);
    expect(stats[0]!.drawn + stats[1]!.drawn).toBeGreaterThanOrEqual(rounds.filter((r) => r.status !== 'betting').length);
    // Each of the member's holds was posted once: one stake line (from the locked account) per settled round's batch.
    const bets = await db().selectFrom('table_bets').select(['hold_id', 'status']).where('member_id', '=', p.userId).execute();
    const stakes = await postingsIn('casino.table', `member:${p.userId}:locked::CNY`);
    expect(stakes.filter((x) => x < 0).length).toBe(bets.filter((x) => x.status !== 'pending').length);
    expect(
      await db().selectFrom('ledger_holds').select('id').where('member_id', '=', p.userId).where('status', '=', 'pending').execute(),
    ).toHaveLength(bets.filter((x) => x.status === 'pending').length);
    expect(bets.length).toBeGreaterThan(1);
    await Promise.all([a.dealer.stop(), b.dealer.stop()]);
  });

  it('an operator cancels a round: every bet is refunded and the seed revealed', async () => {
    const { dealer } = testDealer(h, ['RL1'], { speed: 5 });
    const p = await tablePlayer(h, 20_000, 'RL1');
    await tickUntil(dealer, async () => !!(await betting('RL1')));
    const r = (await betting('RL1'))!;
    ok(
      await tableCall(h, p, 'tableBet', {
        gameCode: 'RL1',
        seq: Number(r.seq),
        bets: [
          { type: 'red', amount: '50' },
          { type: 'in:0-1-2-3', amount: '10' },
        ],
        idempotencyKey: betKey(),
      }),
    );
    expectFail(
      await tableCall(h, p, 'tableBet', {
        gameCode: 'RL1',
        seq: Number(r.seq),
        bets: [{ type: 'in:1-5', amount: '10' }],
        idempotencyKey: betKey(),
      }),
      6007,
      '该投注项不可用',
    );
    expect(await wallet(p.userId)).toBe(14_000);
    expect(await cancelRound(db(), r.id, 'staff:1')).toBe(2);
    expect(await cancelRound(db(), r.id, 'staff:1')).toBeNull();
    expect(await wallet(p.userId)).toBe(20_000);
    await tickUntil(
      dealer,
      async () =>
        Number(
          (
            await db()
              .selectFrom('table_rounds')
              .select((eb) => eb.fn.max('seq').as('m'))
              .where('table_code', '=', 'RL1')
              .executeTakeFirstOrThrow()
          ).m,
        ) > Number(r.seq),
    );
    const s = (await h.s.tables.snapshot('RL1'))!;
    expect(s.seq).toBe(Number(r.seq) + 1);
    const hist = await h.s.tables.historyOf(tableConfig('RL1')!, 1, 5);
    expect(hist.list[0]).toMatchObject({ seq: Number(r.seq), status: 'cancelled', outcome: null, serverSeed: r.server_seed });
    await dealer.stop();
  });
});

describe('lottery draws', () => {
  it('draw on the clock; a multi-draw plan holds every stake and stops on a win, refunding the rest', async () => {
    const { dealer, pushes } = testDealer(h, ['K3'], { speed: 50 }); // a draw every 1.2 s, bets closing 0.1 s before
    const p = await lotteryPlayer(h, 100_000);
    await tickUntil(dealer, async () => {
      const r = await betting('K3');
      return !!r && Date.now() < Number(r.closes_at) - 300;
    });
    const r = (await betting('K3'))!;
    expect(Number(r.draw_at) % 1200).toBe(0);
    // Every sum 3–18: one always wins.
    const bets = Array.from({ length: 16 }, (_, i) => ({ type: `sum${i + 3}`, amount: '2' }));
    const c = ok(
      await tableCall(
        h,
        p,
        'lotteryChase',
        { gameCode: 'K3', seq: Number(r.seq), bets, draws: 3, stopOnWin: true, idempotencyKey: betKey() },
        'crcp',
      ),
    ).data;
    expect(c).toMatchObject({ draws: 3, stopOnWin: true, status: 'running', perDraw: '32.00', totalStake: '96.00', balance: '904.00' });
    await tickUntil(
      dealer,
      async () =>
        (await db().selectFrom('table_chases').select('status').where('id', '=', c.chaseId).executeTakeFirstOrThrow()).status !== 'running',
    );
    const chase = ok(await tableCall(h, p, 'chases', { gameCode: 'K3' }, 'crcp')).data.list[0];
    expect(chase).toMatchObject({ status: 'won', drawsDone: 1, totalStake: '32.00' });
    const left = await db()
      .selectFrom('table_bets')
      .select('status')
      .where('chase_id', '=', c.chaseId)
      .where('seq', '>', Number(r.seq))
      .execute();
    expect(left.every((b) => b.status === 'refunded')).toBe(true);
    expect(await wallet(p.userId, 'CRCP')).toBe(100_000 - 3_200 + Number(chase.totalPayout) * 100);
    // The lottery's state carries the draw taking bets and the last one being shown.
    const lastShown = () => pushes.find((s) => s.last && s.last.seq === Number(r.seq) && s.last.status === 'settled');
    await tickUntil(dealer, () => !!lastShown());
    const withLast = lastShown();
    expect(withLast).toMatchObject({ seq: Number(r.seq) + 1, status: 'betting' });
    // History lists a draw once its reveal is over (here paced at the service's own speed).
    const history = async () => ok(await tableCall(h, p, 'tableHistory', { gameCode: 'K3', pageSize: 5 }, 'crcp')).data;
    await tickUntil(dealer, async () => (await history()).list.length > 0);
    const hist = await history();
    expect(hist.list[0].issue).toMatch(/^\d{8}-\d{4}$/);
    await dealer.stop();
  });

  it('a plan stopped by the member refunds the draws not yet closed', async () => {
    const { dealer } = testDealer(h, ['RC10'], { speed: 50 });
    const p = await lotteryPlayer(h, 10_000, 'RC10');
    await tickUntil(dealer, async () => {
      const r = await betting('RC10');
      return !!r && Date.now() < Number(r.closes_at) - 300;
    });
    const r = (await betting('RC10'))!;
    const c = ok(
      await tableCall(
        h,
        p,
        'lotteryChase',
        {
          gameCode: 'RC10',
          seq: Number(r.seq),
          bets: [{ type: 'p0c1', amount: '2' }],
          draws: 5,
          stopOnWin: false,
          idempotencyKey: betKey(),
        },
        'crcp',
      ),
    ).data;
    expect(await wallet(p.userId, 'CRCP')).toBe(9_000);
    const stopped = ok(await tableCall(h, p, 'chaseCancel', { chaseId: c.chaseId }, 'crcp')).data;
    expect(stopped.status).toBe('cancelled');
    expect(await wallet(p.userId, 'CRCP')).toBe(10_000);
    await dealer.stop();
  });
});
