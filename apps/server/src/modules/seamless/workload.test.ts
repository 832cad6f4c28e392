/**
 * Randomized workload: many rounds from the sandbox aggregator with drops, lost answers, duplicates and
 * rollbacks sent before their bets, several players at once. Every answer equals an independent model's,
 * every player's balance equals the model's, nothing stays locked, every closed round with a stake is recorded
 * once with the model's stake and win (casino_rounds) and counted once in turnover, and the books balance. The run is
 * reproducible by its seed (SEAMLESS_SEED).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SeamlessStatus } from '@portal/contract';
import { verifyLedger } from '../../ledger/verify.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { turnoverRepository } from '../turnover/repository.ts';
import { SANDBOX_AGGREGATOR } from './aggregators.ts';
import type { RoundPlan, RoundResult } from './sandboxAggregator.ts';
import { central, fundedPlayer, locked, sandboxAggregator, seeded } from './testKit.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const SEED = Number(process.env.SEAMLESS_SEED ?? 20261126);
const PLAYERS = 6;
const ROUNDS = 25;
const START = 10_000;

type Plan = Omit<RoundPlan, 'token' | 'playerId'>;

function plans(random: () => number): Plan[] {
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  return Array.from({ length: ROUNDS }, () => {
    const bets = Array.from({ length: int(1, 3) }, () => int(1, 4_000));
    return { bets, ...(random() < 0.4 ? { rollback: int(0, bets.length - 1) } : {}), win: random() < 0.5 ? 0 : int(1, 6_000) };
  });
}

/** The model: the statuses a correct wallet answers to the round as sent, and the balance it leaves. */
function model(balance: number, plan: Plan, reordered: boolean): { balance: number; statuses: SeamlessStatus[]; stake: number } {
  const statuses: SeamlessStatus[] = [];
  const accepted = new Set<number>();
  if (reordered) statuses.push('OK');
  plan.bets.forEach((amount, j) => {
    if (reordered && j === plan.rollback) statuses.push('BET_ALREADY_ROLLED_BACK');
    else if (balance >= amount) {
      balance -= amount;
      accepted.add(j);
      statuses.push('OK');
    } else statuses.push('INSUFFICIENT_FUNDS');
  });
  if (plan.rollback !== undefined && !reordered) {
    if (accepted.has(plan.rollback)) {
      balance += plan.bets[plan.rollback]!;
      accepted.delete(plan.rollback);
    }
    statuses.push('OK');
  }
  statuses.push('OK');
  // The stake the close posts: the accepted bets not rolled back (the round's record and turnover).
  const stake = [...accepted].reduce((s, j) => s + plan.bets[j]!, 0);
  return { balance: balance + plan.win, statuses, stake };
}

it('a chaotic workload leaves every balance as the model says and the books balanced', async () => {
  const random = seeded(SEED);
  const aggregator = sandboxAggregator(h, { dropRate: 0.1, lostAnswerRate: 0.25, duplicateRate: 0.25, reorderRate: 0.5, random });
  const players = await Promise.all(Array.from({ length: PLAYERS }, () => fundedPlayer(h, START)));
  const work = players.map((p) => ({ p, plans: plans(random) }));
  const results = await Promise.all(
    work.map(async ({ p, plans }) => {
      const rounds: RoundResult[] = [];
      for (const plan of plans) rounds.push(await aggregator.playRound({ ...plan, token: p.token, playerId: p.playerId }));
      return rounds;
    }),
  );
  for (const [k, { p, plans }] of work.entries()) {
    let balance = START;
    const expected: Array<{ id: string; bet: number; win: number }> = [];
    for (const [r, plan] of plans.entries()) {
      const sent = results[k]![r]!;
      const m = model(balance, plan, sent.answers[0]?.reordered === true);
      expect(
        sent.answers.map((a) => a.status),
        `seed ${SEED}, player ${k}, round ${r}`,
      ).toEqual(m.statuses);
      balance = m.balance;
      // A closed round with a stake is recorded once (duplicated and lost closing wins included); one with none is not.
      if (m.stake > 0) expected.push({ id: `${SANDBOX_AGGREGATOR}:${sent.roundId}`, bet: m.stake, win: plan.win });
    }
    expect(await central(h, p.userId), `seed ${SEED}, player ${k}`).toBe(balance);
    expect(await locked(h, p.userId)).toBe(0);
    const recorded = await h.s.handle.db
      .selectFrom('casino_rounds')
      .select(['id', 'bet', 'win', 'valid'])
      .where('member_id', '=', p.userId)
      .execute();
    const sortById = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
    expect(sortById(recorded.map((r) => ({ id: r.id, bet: Number(r.bet), win: Number(r.win) }))), `seed ${SEED}, player ${k}`).toEqual(
      sortById(expected),
    );
    const stakes = expected.reduce((s, r) => s + r.bet, 0);
    expect((await turnoverRepository.get(h.s.handle.db, p.userId)).done, `seed ${SEED}, player ${k}`).toBe(stakes);
  }
  expect(aggregator.anomalies).toEqual([]);
  // The chaos happened: every kind of misbehaviour was exercised.
  for (const n of [aggregator.stats.dropped, aggregator.stats.lostAnswers, aggregator.stats.duplicates, aggregator.stats.reordered])
    expect(n).toBeGreaterThan(5);
  expect(await verifyLedger(h.s.handle.db)).toEqual([]);
}, 120_000);
