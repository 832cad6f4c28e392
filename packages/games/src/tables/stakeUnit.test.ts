import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng/seeded.ts';
import { baccaratReturn, dealBaccarat } from './baccarat.ts';
import { freshShoe } from './cards.ts';
import { payoutFen } from './paytable.ts';
import { ROULETTE } from './roulette.ts';
import { TABLE_KINDS, tableBetTypes } from './rounds.ts';
import { stakeUnitFen, unitOfReturn } from './stakeUnit.ts';
import { DRAGON_TIGER } from './dragonTiger.ts';
import { SICBO } from './dice.ts';
import { DIGIT5, K3, RACE10 } from './lottery.ts';
import { NIUNIU_GAME, PAI28_GAME, SANGONG_GAME } from '../cards/games.ts';

const GAMES = {
  dragonTiger: DRAGON_TIGER,
  sicbo: SICBO,
  roulette: ROULETTE,
  k3: K3,
  digit5: DIGIT5,
  race10: RACE10,
  niuniu: NIUNIU_GAME,
  pai28: PAI28_GAME,
  sangong: SANGONG_GAME,
} as const;

describe('stakes that pay exactly (issue 28 item 7)', () => {
  it('banker takes 0.20-yuan steps (1.95 × 10.01 is not whole fen); dragon 0.02; a 1.93 lottery bet 1 yuan', () => {
    expect(stakeUnitFen('baccarat', 'commission', 'banker')).toBe(20);
    expect(stakeUnitFen('baccarat', 'noCommission', 'banker')).toBe(2);
    expect(stakeUnitFen('baccarat', 'commission', 'tie')).toBe(1);
    expect(stakeUnitFen('dragonTiger', 'commission', 'dragon')).toBe(2);
    expect(stakeUnitFen('digit5', 'commission', 'sumBig')).toBe(100);
    expect(stakeUnitFen('roulette', 'commission', 'in:1-2')).toBe(1);
    expect(stakeUnitFen('baccarat', 'commission', 'nope')).toBeNull();
    expect(unitOfReturn(1.95) * 1.95).toBeCloseTo(39, 9);
  });

  it('every bet of every game: each possible return × its unit (and any multiple) is whole fen — no rounding ever', () => {
    // Every return each bet can give: enumerated outcomes; baccarat from 5,000 dealt hands (banker wins with 6 among them).
    const rng = seededRng('stake-units');
    const hands = Array.from({ length: 5000 }, () => dealBaccarat(() => freshShoe(8)[rng.int(416)]!));
    let checked = 0;
    for (const kind of TABLE_KINDS) {
      for (const variant of kind === 'baccarat' ? (['commission', 'noCommission'] as const) : (['commission'] as const)) {
        const bets = tableBetTypes(kind, variant);
        const returns = bets.map(() => new Set<number>());
        if (kind === 'baccarat') for (const h of hands) bets.forEach((b, i) => returns[i]!.add(baccaratReturn(b.key as never, h, variant)));
        else {
          const g = GAMES[kind] as {
            outcomes(): Iterable<readonly [unknown, number]>;
            bets: readonly { key: string; returns(o: unknown): number }[];
          };
          const own = bets.map((b) => g.bets.find((x) => x.key === b.key)!);
          for (const [o] of g.outcomes()) own.forEach((b, i) => returns[i]!.add(b.returns(o)));
        }
        bets.forEach((b, i) => {
          const unit = stakeUnitFen(kind, variant, b.key)!;
          for (const r of returns[i]!) {
            for (const k of [1, 7, 501])
              expect(Number.isInteger((Math.round(r * 10_000) * unit * k) / 10_000), `${kind} ${b.key} ${r}`).toBe(true);
            expect(payoutFen(r, unit * 501)).toBe(Math.round(r * unit * 501));
            checked++;
          }
        });
      }
    }
    expect(checked).toBeGreaterThan(300);
  });
});
