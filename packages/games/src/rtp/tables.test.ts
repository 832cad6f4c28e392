import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng/seeded.ts';
import { checkAllTables, checkTable } from './tables.ts';

describe('the tables’ RTP harness', () => {
  it('every bet of every table: the exact RTP lies inside the simulated interval, and under 100%', () => {
    const checks = checkAllTables(seededRng('tables-harness'), 40_000);
    const failed = checks.flatMap((c) => c.bets.filter((b) => !b.ok).map((b) => `${c.code} ${b.key} ${b.exact} [${b.low}, ${b.high}]`));
    expect(failed).toEqual([]);
    expect(checks.map((c) => c.code)).toEqual([
      'baccarat-commission',
      'baccarat-noCommission',
      'dragontiger',
      'sicbo',
      'roulette',
      'k3',
      'digit5',
      'race10',
    ]);
  }, 120_000);

  it('catches a wrong paytable: a bet claimed at 97% that pays 2:1 on a coin flip', () => {
    const rng = seededRng('wrong');
    const bets = [{ key: 'flip', name: 'flip', returns: (o: number) => (o === 1 ? 3 : 0) }];
    const c = checkTable('flip', 'flip', bets, { flip: 0.97 }, () => rng.int(2), 20_000);
    expect(c.bets[0]!.ok).toBe(false);
  });
});
