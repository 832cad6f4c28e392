/** The table page's pure rules: newest state wins, chips (add, double, repeat) in integer fen, placed stakes, payouts, the roads' results, odds text. */
import { describe, expect, test } from 'vitest';
import {
  addStake,
  doubled,
  historyWith,
  mergeBets,
  newerState,
  placedStakes,
  repeated,
  roundPayoutFen,
  settledBets,
  shoeResultsOf,
  spotsOf,
} from './model.ts';
import { oddsText } from './Spot.tsx';
import { restingTurn } from './RevealWheel.tsx';
import { bet, coups, state } from './testKit.tsx';

describe('table model', () => {
  test('a state replaces the current one only with a newer version of the same table', () => {
    const a = state({ version: 1203 });
    expect(newerState(null, a)).toBe(a);
    expect(newerState(a, state({ version: 1202 }))).toBe(a);
    expect(newerState(a, state({ version: 1203 }))).toBe(a);
    const b = state({ version: 1204 });
    expect(newerState(a, b)).toBe(b);
    expect(newerState(a, undefined)).toBe(a);
  });

  test('chips in fen: add, double (placed counts once more as unsent), repeat, the spots sent', () => {
    let s = addStake({}, 'banker', 10_000);
    s = addStake(s, 'banker', 1_000);
    expect(s).toEqual({ banker: 11_000 });
    expect(doubled(s, { banker: 5_000, tie: 1_000 })).toEqual({ banker: 27_000, tie: 1_000 });
    expect(repeated({ tie: 100 }, { tie: 1_000, player: 5_000 })).toEqual({ tie: 1_100, player: 5_000 });
    expect(spotsOf({ banker: 11_050, tie: 0 })).toEqual([{ type: 'banker', amount: '110.50' }]);
  });

  test('placed stakes of a round leave out refunds; the payout waits for every bet to settle', () => {
    const bets = [
      bet({ type: 'banker', amount: '100.00', status: 'won', payout: '195.00' }),
      bet({ type: 'banker', amount: '50.00', status: 'lost' }),
      bet({ type: 'tie', amount: '10.00', status: 'refunded' }),
      bet({ seq: 11, type: 'player', amount: '20.00', status: 'pending' }),
    ];
    expect(placedStakes(bets, 12)).toEqual({ banker: 15_000 });
    expect(roundPayoutFen(bets, 12)).toBe(19_500);
    expect(roundPayoutFen(bets, 11)).toBeNull();
    expect(roundPayoutFen(bets, 9)).toBeNull();
  });

  test('merged bets only move forward: a pending copy never replaces a settled one', () => {
    const pending = bet({ betId: 'X1' });
    const won = { ...pending, status: 'won' as const, payout: '195.00' };
    expect(mergeBets([won], [pending])).toEqual([won]);
    expect(mergeBets([pending], [won])).toEqual([won]);
    expect(mergeBets([], [pending]).map((b) => b.betId)).toEqual(['X1']);
  });

  test("the roads' results: the answer's, then each pushed coup once; a newer shoe starts again", () => {
    const info = { shoeResults: coups('BP'), state: state({ seq: 12, coup: null }) };
    const pushed = new Map([
      [12, state({ seq: 12, coup: { winner: 'tie' } })],
      [13, state({ seq: 13, coup: { winner: 'banker' } })],
    ]);
    expect(shoeResultsOf(info, pushed).map((c) => c.winner)).toEqual(['banker', 'player', 'tie', 'banker']);
    // The answer already carries round 12's coup: it is not added twice.
    expect(shoeResultsOf({ ...info, state: state({ seq: 12, coup: { winner: 'tie' } }) }, pushed)).toHaveLength(3);
    pushed.set(14, state({ seq: 14, coup: { winner: 'player' }, shoe: { shoeNo: 2, hand: 1, left: 400 } }));
    expect(shoeResultsOf(info, pushed).map((c) => c.winner)).toEqual(['player']);
    expect(shoeResultsOf(undefined, pushed)).toEqual([]);
  });

  test('odds text from the return per unit: 1:0.95, 1:1, 1:8, 1:0.5', () => {
    expect(oddsText('1.95')).toBe('1:0.95');
    expect(oddsText('2')).toBe('1:1');
    expect(oddsText('9.00')).toBe('1:8');
    expect(oddsText('1.50')).toBe('1:0.5');
    expect(oddsText('1.05')).toBe('1:0.05');
    expect(oddsText(undefined)).toBe('');
  });

  test('the wheel comes to rest with the pocket under the marker after whole turns forward', () => {
    const t1 = restingTurn(0, 0);
    expect(t1 % 360).toBe(0);
    expect(t1).toBeGreaterThanOrEqual(4 * 360);
    const t2 = restingTurn(t1, 32); // 32 is next to 0 on the wheel: one pocket back
    expect(t2).toBeGreaterThan(t1 + 4 * 360 - 1);
    expect(Math.round((t2 % 360) * 37)).toBe(Math.round((360 - 360 / 37) * 37));
  });
});

describe('pushed settlements', () => {
  test('settledBets: the bets the push names take their status and payout; others and settled ones stay', () => {
    const a = bet({ status: 'pending' });
    const b = bet({ status: 'pending' });
    const c = bet({ status: 'lost', payout: '0.00' });
    const out = settledBets([a, b, c], {
      bets: [
        { betId: a.betId, status: 'won', payout: '195.00' },
        { betId: c.betId, status: 'won', payout: '9.00' },
      ],
    });
    expect(out.map((x) => [x.status, x.payout])).toEqual([
      ['won', '195.00'],
      ['pending', b.payout],
      ['lost', '0.00'],
    ]);
  });

  test('historyWith: a settled round with its seed joins the front once; unrevealed or open rounds do not', () => {
    const s1 = state({ seq: 12, status: 'settled', serverSeed: 'ab'.repeat(32), version: 1209 });
    const once = historyWith([], s1, 20);
    expect(once.map((h) => [h.seq, h.status, h.serverSeed])).toEqual([[12, 'settled', 'ab'.repeat(32)]]);
    expect(historyWith(once, s1, 20)).toBe(once);
    expect(historyWith(once, state({ seq: 13, status: 'settled', serverSeed: null }), 20)).toBe(once);
    expect(historyWith(once, state({ seq: 13, status: 'betting', serverSeed: null }), 20)).toBe(once);
    const full = historyWith(once, state({ seq: 13, status: 'cancelled', serverSeed: 'cd'.repeat(32) }), 1);
    expect(full.map((h) => h.seq)).toEqual([13]);
  });
});
