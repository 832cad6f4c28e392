/**
 * The resource proxy's answers against the contract (packages/contract api/resource.ts): every method of every house
 * venue — slots, tables, lottery, sportsbook — is called for real and its answer must parse with that method's schema
 * and lose nothing in the parse (a field the schema does not name would be dropped, and the comparison fails).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceAnswers, tablesApi, type ResourceAnswers, type ResourceMethod } from '@portal/contract';
import { verifyLedger } from '../../ledger/verify.ts';
import { ok } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { item, key, manualClock, player, prematch, resource, selection } from '../sport/testKit.ts';
import { betKey, bettingRound, lotteryPlayer, tableCall, tablePlayer, testDealer, tickUntil } from '../tables/tableKit.ts';
import { slotCall, slotPlayer, spinKey } from './slotKit.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  await h?.close();
});

const checked = new Set<ResourceMethod>();

/** The answer is a success and exactly what the method's schema describes; answers its data. */
function answer<M extends ResourceMethod>(method: M, r: { status_code: number; data: unknown }) {
  ok(r);
  const parsed = resourceAnswers.shape[method].safeParse(r.data);
  expect(parsed.error, `${method}: ${JSON.stringify(r.data)}`).toBeUndefined();
  expect(parsed.data, `${method} answers a field its schema does not name`).toEqual(r.data);
  checked.add(method);
  return r.data as ResourceAnswers[M];
}

const betting = (code: string) => bettingRound(h, code);

describe('every resource method answers its contract schema', () => {
  it('house slots', async () => {
    const p = await slotPlayer(h, 100_000);
    const info = answer('slotInfo', await slotCall(h, p, 'slotInfo', { gameCode: 'H5001' }));
    const spin = answer('spin', await slotCall(h, p, 'spin', { gameCode: 'H5001', bet: info?.betLevels[0], idempotencyKey: spinKey() }));
    // A round not yet shown comes back with the title's figures.
    expect(answer('slotInfo', await slotCall(h, p, 'slotInfo', { gameCode: 'H5001' }))?.unshown?.roundId).toBe(spin?.round.roundId);
    answer('ack', await slotCall(h, p, 'ack', { roundId: spin?.round.roundId }));
    answer('rounds', await slotCall(h, p, 'rounds', { gameCode: 'H5001' }));
    answer('seeds', await slotCall(h, p, 'seeds'));
    answer('clientSeed', await slotCall(h, p, 'clientSeed', { clientSeed: 'typed-answers' }));
    answer('rotateSeed', await slotCall(h, p, 'rotateSeed'));
    // Rotated out: the round carries its server seed now.
    expect(answer('round', await slotCall(h, p, 'round', { roundId: spin?.round.roundId }))?.fairness.serverSeed).toMatch(/^[0-9a-f]+$/);
    answer('balance', await slotCall(h, p, 'balance'));
  });

  it('house tables', async () => {
    const { dealer } = testDealer(h, ['BAC1'], { speed: 4 });
    const p = await tablePlayer(h, 100_000);
    await tickUntil(dealer, async () => !!(await betting('BAC1')));
    const r = (await betting('BAC1'))!;
    answer('tableInfo', await tableCall(h, p, 'tableInfo', { gameCode: 'BAC1' }));
    const spots = [{ type: 'banker', amount: '100' }];
    answer('tableBet', await tableCall(h, p, 'tableBet', { gameCode: 'BAC1', seq: Number(r.seq), bets: spots, idempotencyKey: betKey() }));
    answer('tableBets', await tableCall(h, p, 'tableBets', { gameCode: 'BAC1' }));
    answer('tableCancel', await tableCall(h, p, 'tableCancel', { gameCode: 'BAC1', seq: Number(r.seq), idempotencyKey: betKey() }));
    answer('balance', await tableCall(h, p, 'balance'));
    await dealer.stop();
  });

  // PvP card tables (issue 31): join a level's queue and leave it.
  it('house PvP card tables', async () => {
    const p = await tablePlayer(h, 100_000, 'NN1', 'CRQP');
    answer('pvpJoin', await tableCall(h, p, 'pvpJoin', { level: 'DDZ5', idempotencyKey: betKey() }, 'crqp'));
    answer('pvpLeave', await tableCall(h, p, 'pvpLeave', { idempotencyKey: betKey() }, 'crqp'));
  });

  it('house lottery: plans, history, the state with the last draw', async () => {
    const { dealer } = testDealer(h, ['K3'], { speed: 50 });
    const p = await lotteryPlayer(h, 100_000);
    const open = async () => {
      const r = await betting('K3');
      return !!r && Date.now() < Number(r.closes_at) - 300;
    };
    await tickUntil(dealer, open);
    const r = (await betting('K3'))!;
    const bets = [{ type: 'sum10', amount: '2' }];
    const chase = { gameCode: 'K3', seq: Number(r.seq), bets, draws: 3, stopOnWin: false, idempotencyKey: betKey() };
    const c = answer('lotteryChase', await tableCall(h, p, 'lotteryChase', chase, 'crcp'));
    answer('chases', await tableCall(h, p, 'chases', { gameCode: 'K3' }, 'crcp'));
    const history = () => tableCall(h, p, 'tableHistory', { gameCode: 'K3', pageSize: 5 }, 'crcp');
    await tickUntil(dealer, async () => ((await history()).data?.list.length ?? 0) > 0);
    answer('tableHistory', await history());
    await tickUntil(dealer, open);
    const info = answer('tableInfo', await tableCall(h, p, 'tableInfo', { gameCode: 'K3' }, 'crcp'));
    expect(info?.state.last).toBeTruthy();
    answer('chaseCancel', await tableCall(h, p, 'chaseCancel', { chaseId: c?.chaseId }, 'crcp'));
    answer('tableBets', await tableCall(h, p, 'tableBets', {}, 'crcp'));
    const lobby = ok(await h.call('/game/api/v1/tableLobby', { category: 'CP' })).data;
    expect(tablesApi.tableLobby.response.parse(lobby)).toEqual(lobby);
    await dealer.stop();
  });

  it('house sportsbook', async () => {
    const clock = manualClock(h);
    const p = await player(h, 50_000);
    answer('leagues', await resource(h, p, 'leagues', { gameType: 'FT' }));
    answer('games', await resource(h, p, 'games', { gameType: 'FT', showType: 'RB' }));
    answer('games', await resource(h, p, 'games', { gameType: 'BK', showType: 'FT' }));
    answer('champion', await resource(h, p, 'champion', {}));
    const e = prematch(clock.sim);
    answer('game', await resource(h, p, 'game', { gameId: e.gameId }));
    const s = selection(e, '1X2');
    const bet = { mode: 'single', items: [item(e, s.w, s.r)], stake: '100', idempotencyKey: key() };
    const placed = answer('bet', await resource(h, p, 'bet', bet));
    answer('ticket', await resource(h, p, 'ticket', { ticketId: placed?.ticket_id }));
    answer('balance', await resource(h, p, 'balance'));
  });

  it('covered every method of the contract', () => {
    expect([...checked].sort()).toEqual(Object.keys(resourceAnswers.shape).sort());
  });
});
