/** 追号 inside the fairness commitment: every draw a plan spans had its seed committed before. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_LIMITS } from '@portal/contract';
import { seedCommitment, seedMatchesChain } from '@portal/games';
import { verifyLedger } from '../../ledger/verify.ts';
import { expectFail, ok } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import type { PublicChain } from './seedChains.ts';
import { betKey, lotteryPlayer, tableCall, testDealer, tickUntil } from './tableKit.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  await h?.close();
});

const db = () => h.s.handle.db;
const bettingRound = () =>
  db()
    .selectFrom('table_rounds')
    .selectAll()
    .where('table_code', '=', 'K3')
    .where('status', '=', 'betting')
    .orderBy('seq', 'desc')
    .executeTakeFirst();
const chains = async (): Promise<PublicChain[]> => {
  const res = await h.app.inject({ method: 'GET', url: '/fair/chains/K3' });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ chains: PublicChain[] }>();
  expect(JSON.stringify(body)).not.toMatch(/tail/);
  return body.chains;
};

describe('追号 and the seed commitment', () => {
  it('every draw a plan spans has its seed committed (a published chain) before the plan is accepted; each revealed seed hashes to it', async () => {
    const { dealer } = testDealer(h, ['K3'], { speed: 50 });
    const p = await lotteryPlayer(h, 100_000);
    await tickUntil(dealer, async () => {
      const r = await bettingRound();
      return !!r && Date.now() < Number(r.closes_at) - 300;
    });
    const r = (await bettingRound())!;
    const start = Number(r.seq);
    // Already before the plan: chains reach as far as any plan started now can (CHASE_DRAWS_MAX draws).
    const before = await chains();
    expect(Math.max(...before.map((c) => c.toSeq))).toBeGreaterThanOrEqual(start + TABLE_LIMITS.CHASE_DRAWS_MAX - 1);
    const bets = [{ type: 'big', amount: '2' }];
    const c = ok(
      await tableCall(
        h,
        p,
        'lotteryChase',
        { gameCode: 'K3', seq: start, bets, draws: 4, stopOnWin: false, idempotencyKey: betKey() },
        'crcp',
      ),
    ).data;
    const chase = await db().selectFrom('table_chases').selectAll().where('id', '=', c.chaseId).executeTakeFirstOrThrow();
    const holds = await db().selectFrom('table_bets').select(['seq', 'created_at']).where('chase_id', '=', c.chaseId).execute();
    expect(holds.map((b) => Number(b.seq)).sort()).toEqual([start, start + 1, start + 2, start + 3]);
    await tickUntil(
      dealer,
      async () => {
        const rows = await db()
          .selectFrom('table_rounds')
          .select('status')
          .where('table_code', '=', 'K3')
          .where('seq', '=', start + 3)
          .execute();
        return rows[0]?.status === 'settled';
      },
      20_000,
    );
    await dealer.stop();
    for (let seq = start; seq < start + 4; seq++) {
      const row = await db().selectFrom('table_rounds').selectAll().where('id', '=', `K3-${seq}`).executeTakeFirstOrThrow();
      const chain = before.find((x) => x.fromSeq <= seq && seq <= x.toSeq)!;
      // Committed before the plan (and so before every stake it holds), published before it, and the seed is the chain's.
      expect(chain.committedAt).toBeLessThanOrEqual(Number(chase.created_at));
      expect(holds.every((b) => Number(b.created_at) >= chain.committedAt)).toBe(true);
      expect(seedMatchesChain(row.server_seed, seq, chain)).toBe(true);
      expect(row.seed_hash).toBe(seedCommitment(row.server_seed));
      if (seq > start) {
        const prev = await db()
          .selectFrom('table_rounds')
          .select('server_seed')
          .where('id', '=', `K3-${seq - 1}`)
          .executeTakeFirstOrThrow();
        expect(seedCommitment(row.server_seed)).toBe(prev.server_seed);
      }
    }
    expect(
      seedMatchesChain(
        '0'.repeat(64),
        start,
        before.find((x) => x.fromSeq <= start && start <= x.toSeq)!,
      ),
    ).toBe(false);
  });

  it('refuses a plan reaching past the published chains (no stake taken)', async () => {
    const { dealer } = testDealer(h, ['K3'], { speed: 50 });
    const p = await lotteryPlayer(h, 10_000);
    await tickUntil(dealer, async () => {
      const r = await bettingRound();
      return !!r && Date.now() < Number(r.closes_at) - 300;
    });
    const seq = Number((await bettingRound())!.seq);
    await dealer.stop();
    // A house that had not committed far enough: the chains end two draws on.
    await db().deleteFrom('table_seed_chains').where('table_code', '=', 'K3').where('from_seq', '>', seq).execute();
    await db()
      .updateTable('table_seed_chains')
      .set({ to_seq: seq + 2 })
      .where('table_code', '=', 'K3')
      .where('from_seq', '<=', seq)
      .execute();
    const bets = [{ type: 'small', amount: '2' }];
    const refused = await tableCall(
      h,
      p,
      'lotteryChase',
      { gameCode: 'K3', seq, bets, draws: 5, stopOnWin: false, idempotencyKey: betKey() },
      'crcp',
    );
    expectFail(refused, 6007, '追号期数超出已公布种子的期数，请减少期数');
    expect(await db().selectFrom('table_bets').select('id').where('member_id', '=', p.userId).execute()).toEqual([]);
    ok(await tableCall(h, p, 'lotteryChase', { gameCode: 'K3', seq, bets, draws: 3, stopOnWin: false, idempotencyKey: betKey() }, 'crcp'));
  });
});
