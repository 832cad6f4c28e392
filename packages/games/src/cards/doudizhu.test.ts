import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng/seeded.ts';
import {
  allPlays,
  applyAuto,
  applyBid,
  applyPlay,
  beats,
  classifyPlay,
  dealDoudizhu,
  ddzResult,
  ddzValue,
  hintFor,
  readPlay,
  shuffleDoudizhu,
  smallestBeating,
  type DdzPlay,
  type DdzState,
} from './doudizhu.ts';

// A card of 斗地主 value v (3 … 15) in suit s (0 ♠ 1 ♥ 2 ♣ 3 ♦): rank = v − 1 for 3 … K, A 0, 2 1.
const c = (v: number, s = 0): number => s * 13 + (v === 14 ? 0 : v === 15 ? 1 : v - 1);
const SJ = 52;
const BJ = 53;
/** Cards from values, suits given out in turn so repeated values are distinct cards. */
const cards = (...vs: number[]): number[] => {
  const used = new Map<number, number>();
  return vs.map((v) => {
    if (v === 16) return SJ;
    if (v === 17) return BJ;
    const s = used.get(v) ?? 0;
    used.set(v, s + 1);
    return c(v, s);
  });
};
const types = (...vs: number[]) => classifyPlay(cards(...vs)).map((p) => `${p.type}:${p.key}:${p.len}`);
const one = (...vs: number[]): DdzPlay => {
  const r = classifyPlay(cards(...vs));
  expect(r.length).toBeGreaterThan(0);
  return r[0]!;
};

describe('斗地主 cards', () => {
  it('values: 3 … K, A, 2, 小王, 大王', () => {
    expect([c(3), c(13), c(14), c(15), SJ, BJ].map(ddzValue)).toEqual([3, 13, 14, 15, 16, 17]);
  });
});

describe('斗地主 play types (worked examples)', () => {
  it('单 对 三 三带一 三带二', () => {
    expect(types(15)).toEqual(['single:15:1']);
    expect(types(16)).toEqual(['single:16:1']);
    expect(types(9, 9)).toEqual(['pair:9:1']);
    expect(types(7, 7, 7)).toEqual(['triple:7:1']);
    expect(types(7, 7, 7, 3)).toEqual(['triple1:7:1']);
    expect(types(7, 7, 7, 16)).toEqual(['triple1:7:1']);
    expect(types(7, 7, 7, 14, 14)).toEqual(['triple2:7:1']);
  });
  it('顺子 (5+ singles 3…A), 连对 (3+ pairs)', () => {
    expect(types(3, 4, 5, 6, 7)).toEqual(['straight:7:5']);
    expect(types(10, 11, 12, 13, 14)).toEqual(['straight:14:5']);
    expect(types(3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14)).toEqual(['straight:14:12']);
    expect(types(5, 5, 6, 6, 7, 7)).toEqual(['pairStraight:7:3']);
    expect(types(12, 12, 13, 13, 14, 14, 11, 11)).toEqual(['pairStraight:14:4']);
  });
  it('飞机: bare, with single wings, with pair wings', () => {
    expect(types(3, 3, 3, 4, 4, 4)).toEqual(['plane:4:2']);
    expect(types(3, 3, 3, 4, 4, 4, 9, 16)).toEqual(['plane1:4:2']);
    expect(types(3, 3, 3, 4, 4, 4, 9, 9)).toEqual(['plane1:4:2']); // a pair may be the two single wings
    expect(types(3, 3, 3, 4, 4, 4, 9, 9, 10, 10)).toEqual(['plane2:4:2']);
    expect(types(5, 5, 5, 6, 6, 6, 7, 7, 7, 10, 10, 12, 12, 15, 15)).toEqual(['plane2:7:3']);
    // 333444555666: a bare 飞机 of four, or a 飞机 of three with a single-card wing from the other end.
    expect(types(3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6).sort()).toEqual(['plane1:5:3', 'plane1:6:3', 'plane:6:4'].sort());
  });
  it('四带二 (two singles or two pairs), 炸弹, 王炸', () => {
    expect(types(8, 8, 8, 8, 3, 5)).toEqual(['four2:8:1']);
    expect(types(8, 8, 8, 8, 3, 3)).toEqual(['four2:8:1']);
    expect(types(8, 8, 8, 8, 3, 3, 5, 5)).toEqual(['four2pairs:8:1']);
    expect(types(15, 15, 15, 15)).toEqual(['bomb:15:1']);
    expect(types(16, 17)).toEqual(['rocket:17:1']);
  });
  it('illegal combinations', () => {
    expect(types()).toEqual([]);
    expect(types(3, 4)).toEqual([]); // two singles
    expect(types(16, 16)).toEqual([]); // one small joker only exists once
    expect(classifyPlay([SJ, SJ])).toEqual([]); // the same card twice
    expect(types(3, 4, 5, 6)).toEqual([]); // a straight of four
    expect(types(11, 12, 13, 14, 15)).toEqual([]); // 2 is never in a chain
    expect(types(3, 3, 4, 4)).toEqual([]); // two pairs are no 连对
    expect(types(14, 14, 15, 15, 3, 3)).toEqual([]); // A A 2 2 3 3 does not wrap
    expect(types(7, 7, 7, 3, 4)).toEqual([]); // a triple with two singles
    expect(types(14, 14, 14, 15, 15, 15)).toEqual([]); // AAA222: 2 is no chain
    expect(types(3, 3, 3, 5, 5, 5)).toEqual([]); // not consecutive
    expect(types(3, 3, 3, 4, 4, 4, 16, 17)).toEqual([]); // wings never hold both jokers
    expect(types(8, 8, 8, 8, 16, 17)).toEqual([]); // nor the 四带二's
    expect(types(8, 8, 8, 8, 3)).toEqual([]);
    expect(types(7, 7, 7, 16, 17)).toEqual([]); // the jokers are no pair
    expect(classifyPlay([54])).toEqual([]);
  });
});

describe('斗地主 compare', () => {
  it('same type and length, higher main value', () => {
    expect(beats(one(4), one(3))).toBe(true);
    expect(beats(one(3), one(4))).toBe(false);
    expect(beats(one(15), one(14))).toBe(true);
    expect(beats(one(17), one(16))).toBe(true);
    expect(beats(one(9, 9, 9, 3), one(8, 8, 8, 14))).toBe(true); // the wing never counts
    expect(beats(one(4, 5, 6, 7, 8), one(3, 4, 5, 6, 7))).toBe(true);
    expect(beats(one(4, 5, 6, 7, 8, 9), one(3, 4, 5, 6, 7))).toBe(false); // a longer straight does not beat
    expect(beats(one(9, 9), one(8, 8, 8))).toBe(false); // another type
  });
  it('炸弹 beats any non-bomb and smaller bombs; 王炸 beats everything', () => {
    expect(beats(one(3, 3, 3, 3), one(15, 15))).toBe(true);
    expect(beats(one(3, 3, 3, 3), one(10, 11, 12, 13, 14))).toBe(true);
    expect(beats(one(4, 4, 4, 4), one(3, 3, 3, 3))).toBe(true);
    expect(beats(one(3, 3, 3, 3), one(4, 4, 4, 4))).toBe(false);
    expect(beats(one(16, 17), one(15, 15, 15, 15))).toBe(true);
    expect(beats(one(15, 15, 15, 15), one(16, 17))).toBe(false);
    expect(beats(one(9, 9), one(16, 17))).toBe(false);
  });
  it('reads an ambiguous set the way that beats the last play', () => {
    const last = one(7, 7, 7, 8, 8, 8, 3, 4);
    const p = readPlay(cards(8, 8, 8, 9, 9, 9, 3, 3), last);
    expect(p?.type).toBe('plane1');
    expect(readPlay(cards(8, 8, 8, 9, 9, 9, 3, 3), null)?.type).toBe('plane1');
    const twelve = cards(3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6);
    expect(readPlay(twelve, null, 'plane')).toMatchObject({ type: 'plane', len: 4 });
    expect(readPlay(twelve, one(7, 7, 7, 8, 8, 8, 9, 9, 9, 3, 4, 5))).toBeNull();
    expect(readPlay(twelve, one(3, 3, 3, 4, 4, 4, 5, 5, 5, 7, 8, 9))).toMatchObject({ type: 'plane1', key: 6 });
  });
});

describe('斗地主 generating plays', () => {
  it('every generated play classifies as itself', () => {
    const rng = seededRng('ddz-7');
    for (let i = 0; i < 5; i++) {
      const hand = shuffleDoudizhu(rng).slice(0, 20);
      const plays = allPlays(hand);
      expect(plays.length).toBeGreaterThan(10);
      for (const p of plays) {
        expect(p.cards.every((x) => hand.includes(x))).toBe(true);
        expect(classifyPlay(p.cards).some((r) => r.type === p.type && r.key === p.key && r.len === p.len)).toBe(true);
      }
    }
  });
  it('the smallest beating play: lowest same-type first, bombs last', () => {
    const hand = cards(5, 9, 9, 12, 12, 4, 4, 4, 4);
    expect(smallestBeating(hand, one(8, 8))?.key).toBe(9);
    expect(smallestBeating(hand, one(13, 13))?.type).toBe('bomb');
    expect(smallestBeating(cards(5, 6), one(13, 13))).toBeNull();
  });
});

/** Plays a scripted hand: the deck is laid out so seat 0 holds `a`, seat 1 `b`, seat 2 `c`, bottom `bot`. */
function deckOf(a: number[], b: number[], cc: number[], bot: number[]): number[] {
  const deck = [...a, ...b, ...cc, ...bot];
  expect(new Set(deck).size).toBe(54);
  return deck;
}

describe('斗地主 a hand', () => {
  const all = Array.from({ length: 54 }, (_, i) => i);
  const deck = shuffleDoudizhu(seededRng('ddz-11'));

  it('deals 17/17/17 and 3 bottom cards, every card once', () => {
    const s = dealDoudizhu(deck, 1);
    expect(s.hands.map((h) => h.length)).toEqual([17, 17, 17]);
    expect(s.bottom).toHaveLength(3);
    expect([...s.hands.flat(), ...s.bottom].sort((x, y) => x - y)).toEqual(all);
    expect(s.turn).toBe(1);
  });

  it('bidding: 1–3 points, each more than the last; a 3 ends it; the landlord takes the bottom', () => {
    const s = dealDoudizhu(deck, 0);
    expect(applyBid(s, 1, 1)).toBe('notYourTurn');
    expect(applyBid(s, 0, 4)).toBe('badBid');
    expect(applyBid(s, 0, 2)).toBeNull();
    expect(applyBid(s, 1, 2)).toBe('badBid');
    expect(applyBid(s, 1, 0)).toBeNull();
    expect(applyBid(s, 2, 3)).toBeNull();
    expect(s.phase).toBe('playing');
    expect(s.landlord).toBe(2);
    expect(s.bid).toBe(3);
    expect(s.hands[2]).toHaveLength(20);
    expect(s.turn).toBe(2);
    const t = dealDoudizhu(deck, 2);
    applyBid(t, 2, 1);
    applyBid(t, 0, 0);
    applyBid(t, 1, 0);
    expect([t.landlord, t.bid, t.phase]).toEqual([2, 1, 'playing']);
  });

  it('all three pass: the deal is void (redeal)', () => {
    const s = dealDoudizhu(deck, 0);
    for (const seat of [0, 1, 2]) applyBid(s, seat, 0);
    expect(s.phase).toBe('redeal');
    expect(s.landlord).toBeNull();
  });

  it('refuses forged plays and changes nothing', () => {
    const s = dealDoudizhu(deck, 0);
    applyBid(s, 0, 3);
    const before = JSON.stringify(s);
    expect(applyPlay(s, 1, [s.hands[1]![0]!])).toBe('notYourTurn');
    expect(applyPlay(s, 0, [s.hands[1]![0]!])).toBe('notHeld');
    expect(applyPlay(s, 0, [])).toBe('mustLead');
    const h = s.hands[0]!;
    const lo = h.find((x) => ddzValue(x) === ddzValue(h[0]!))!;
    const hi = h.find((x) => ddzValue(x) !== ddzValue(lo))!;
    expect(applyPlay(s, 0, [lo, hi])).toBe('illegal');
    expect(applyPlay(s, 0, [lo, lo])).toBe('notHeld');
    expect(JSON.stringify(s)).toBe(before);
    expect(applyPlay(s, 0, [lo])).toBeNull();
    const small = s.hands[1]!.find((x) => ddzValue(x) <= ddzValue(lo));
    if (small !== undefined) expect(applyPlay(s, 1, [small])).toBe('cannotBeat');
  });

  it('two passes give the lead back; the auto-play passes when following and leads the smallest single', () => {
    const s = dealDoudizhu(deck, 0);
    applyBid(s, 0, 3);
    applyAuto(s); // leads
    expect(s.turns[0]!.auto).toBe(true);
    expect(s.turns[0]!.play?.type).toBe('single');
    expect(s.turns[0]!.play?.key).toBe(Math.min(...[...s.hands[0]!, ...s.turns[0]!.play!.cards].map(ddzValue)));
    applyAuto(s);
    applyAuto(s);
    expect(s.turns.slice(1).map((t) => t.play)).toEqual([null, null]);
    expect(s.last).toBeNull();
    expect(s.turn).toBe(0);
  });

  it('plays to the end on auto-play: the landlord sheds every card, spring (×2)', () => {
    const s = dealDoudizhu(deck, 0);
    applyBid(s, 0, 2);
    applyBid(s, 1, 0);
    applyBid(s, 2, 0);
    let guard = 0;
    while (s.phase === 'playing' && guard++ < 200) applyAuto(s);
    expect(s.phase).toBe('done');
    expect(s.winner).toBe(0);
    const r = ddzResult(s, 64);
    expect(r.spring).toBe(true);
    expect(r.multiple).toBe(2 * 2);
    expect(r.units).toEqual([8, -4, -4]);
  });

  it('bombs ×2 each, anti-spring ×2, the cap, units sum to zero', () => {
    // Seat 0: the landlord with 3s and a bomb of 4s; seat 1 the rocket and a long hand; scripted.
    const a = cards(3, 4, 4, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 15);
    const rest = Array.from({ length: 54 }, (_, i) => i).filter((x) => !a.includes(x));
    const b = [SJ, BJ, ...rest.filter((x) => x < 52).slice(0, 15)];
    const others = rest.filter((x) => !b.includes(x));
    const s: DdzState = dealDoudizhu(deckOf(a, b, others.slice(0, 17), others.slice(17)), 0);
    applyBid(s, 0, 1);
    applyBid(s, 1, 0);
    applyBid(s, 2, 0);
    // Landlord leads 3, farmer 1 answers with the rocket, then sheds the rest as singles while the others pass.
    expect(applyPlay(s, 0, [c(3)])).toBeNull();
    expect(applyPlay(s, 1, [SJ, BJ])).toBeNull();
    expect(applyPlay(s, 2, [])).toBeNull();
    expect(applyPlay(s, 0, cards(4, 4, 4, 4))).toBe('cannotBeat');
    expect(applyPlay(s, 0, [])).toBeNull();
    while (s.phase === 'playing') {
      if (s.turn === 1) {
        const h = s.hands[1]!;
        const hint = hintFor(s);
        expect(applyPlay(s, 1, s.last === null ? [h[0]!] : (hint?.cards ?? []))).toBeNull();
      } else expect(applyPlay(s, s.turn, [])).toBeNull();
    }
    expect(s.winner).toBe(1);
    const r = ddzResult(s, 64);
    expect(r.landlordWins).toBe(false);
    expect(r.antiSpring).toBe(true);
    expect(r.rawMultiple).toBe(1 * 2 * 2); // bid 1, one 王炸, anti-spring
    expect(r.units).toEqual([-8, 4, 4]);
    expect(ddzResult(s, 3).units).toEqual([-6, 3, 3]);
    expect(r.units.reduce((x, y) => x + y, 0)).toBe(0);
  });
});
