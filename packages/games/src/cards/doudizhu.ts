/**
 * 斗地主: three players, one 54-card deck (the 52 cards and two jokers), 17 cards each and 3 bottom cards (底牌).
 * Pure rules, shared by the server's player-versus-player tables, the practice tables, the web and the tests.
 *
 * Cards: 0..51 as every table (rank = c % 13, A 0 … K 12; suit = ⌊c / 13⌋ ♠ ♥ ♣ ♦), 52 the small joker (小王), 53 the big
 * joker (大王). A card's 斗地主 value: 3 … K = 3 … 13, A 14, 2 15, 小王 16, 大王 17.
 *
 * A hand: the deal (`dealDoudizhu`: cards 0–16 to seat 0, 17–33 seat 1, 34–50 seat 2, 51–53 the bottom), bidding from
 * the first bidder round the table once — each bids more than the last bid (1–3 points) or passes, a 3 ends it — the
 * highest bidder is the landlord (地主) and takes the bottom cards; when all three pass the deal is void (`redeal`).
 * The landlord leads; each in turn plays a combination that beats the last one, or passes; two passes in a row give
 * the lead back to the last player. The first to shed every card wins for their side (the landlord alone, or both
 * farmers).
 *
 * Play types: 单 对 三 三带一 三带二 顺子 (5+ singles 3…A) 连对 (3+ pairs 3…A) 飞机 (2+ consecutive triples 3…A, bare,
 * with as many single wings or as many pair wings) 四带二 (four and two singles, or four and two pairs) 炸弹 王炸.
 * A play beats the last one when it is the same type and length with a higher main value; a 炸弹 beats any non-bomb,
 * a higher 炸弹; 王炸 beats everything. Wings never hold both jokers.
 *
 * The multiple: the bid × 2 per 炸弹 or 王炸 played × 2 for a spring (春天: the landlord wins and no farmer played a
 * card) or an anti-spring (反春: the farmers win and the landlord played only their first lead), capped by the table.
 * Points: the landlord wins or loses 2 × 底分 × multiple, each farmer 底分 × multiple.
 */
import type { Rng } from '../rng/rng.ts';
import { shuffle, type Card } from '../tables/cards.ts';

export const DDZ_SMALL_JOKER = 52;
export const DDZ_BIG_JOKER = 53;
export const DDZ_DECK_SIZE = 54;
export const DDZ_SEATS = 3;

/** 3 … K = 3 … 13, A 14, 2 15, 小王 16, 大王 17. */
export function ddzValue(c: Card): number {
  if (c === DDZ_SMALL_JOKER) return 16;
  if (c === DDZ_BIG_JOKER) return 17;
  const r = c % 13;
  if (r === 0) return 14;
  if (r === 1) return 15;
  return r + 1;
}

export const DDZ_VALUE_NAMES: Record<number, string> = {
  3: '3',
  4: '4',
  5: '5',
  6: '6',
  7: '7',
  8: '8',
  9: '9',
  10: '10',
  11: 'J',
  12: 'Q',
  13: 'K',
  14: 'A',
  15: '2',
  16: '小王',
  17: '大王',
};

export type DdzPlayType =
  | 'single'
  | 'pair'
  | 'triple'
  | 'triple1'
  | 'triple2'
  | 'straight'
  | 'pairStraight'
  | 'plane'
  | 'plane1'
  | 'plane2'
  | 'four2'
  | 'four2pairs'
  | 'bomb'
  | 'rocket';

export const DDZ_TYPE_NAMES: Record<DdzPlayType, string> = {
  single: '单张',
  pair: '对子',
  triple: '三张',
  triple1: '三带一',
  triple2: '三带二',
  straight: '顺子',
  pairStraight: '连对',
  plane: '飞机',
  plane1: '飞机带翅膀',
  plane2: '飞机带对',
  four2: '四带二',
  four2pairs: '四带两对',
  bomb: '炸弹',
  rocket: '王炸',
};

export interface DdzPlay {
  type: DdzPlayType;
  /** The main value: the single's, the pair's, the triple's, a chain's highest, the four's. */
  key: number;
  /** A chain's length (顺子 cards, 连对 pairs, 飞机 triples); 1 for the rest. */
  len: number;
  cards: Card[];
}

/** The highest value a chain may reach: A (2 and the jokers never sit in a chain). */
const CHAIN_TOP = 14;

function countValues(cards: readonly Card[]): number[] {
  const counts = new Array<number>(18).fill(0);
  for (const c of cards) counts[ddzValue(c)]! += 1;
  return counts;
}

const bothJokers = (counts: readonly number[]): boolean => counts[16]! > 0 && counts[17]! > 0;
const allEven = (counts: readonly number[]): boolean => counts.every((n) => n % 2 === 0);
const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/**
 * Every reading of a set of cards as one combination (most sets have one or none; 333444555666 is a bare 飞机 of four
 * and a 飞机 of three with wings). Invalid → []. Duplicated or out-of-range cards → [].
 */
export function classifyPlay(cards: readonly Card[]): DdzPlay[] {
  const n = cards.length;
  if (n === 0) return [];
  if (new Set(cards).size !== n || cards.some((c) => !Number.isInteger(c) || c < 0 || c >= DDZ_DECK_SIZE)) return [];
  const counts = countValues(cards);
  const out: DdzPlay[] = [];
  const play = (type: DdzPlayType, key: number, len = 1) => out.push({ type, key, len, cards: [...cards] });
  const distinct: number[] = [];
  for (let v = 3; v <= 17; v++) if (counts[v]! > 0) distinct.push(v);
  const top = distinct[distinct.length - 1]!;
  const only = distinct.length === 1;

  if (n === 2 && bothJokers(counts)) play('rocket', 17);
  if (only && n === 4) play('bomb', top);
  if (only && n === 1) play('single', top);
  if (only && n === 2 && top < 16) play('pair', top);
  if (only && n === 3) play('triple', top);
  if (n === 4 && distinct.length === 2) {
    const t = distinct.find((v) => counts[v] === 3);
    if (t !== undefined) play('triple1', t);
  }
  if (n === 5 && distinct.length === 2) {
    const t = distinct.find((v) => counts[v] === 3);
    const p = distinct.find((v) => counts[v] === 2);
    if (t !== undefined && p !== undefined && p < 16) play('triple2', t);
  }
  const consecutive = distinct.length > 1 && top <= CHAIN_TOP && top - distinct[0]! === distinct.length - 1;
  if (n >= 5 && consecutive && distinct.every((v) => counts[v] === 1)) play('straight', top, n);
  if (n >= 6 && consecutive && distinct.every((v) => counts[v] === 2)) play('pairStraight', top, n / 2);
  // 飞机: every run of at least two consecutive triples (3…A) with the rest as wings.
  for (let len = 2; len * 3 <= n; len++) {
    for (let hi = 3 + len - 1; hi <= CHAIN_TOP; hi++) {
      let ok = true;
      for (let v = hi - len + 1; v <= hi; v++) if (counts[v]! < 3) ok = false;
      if (!ok) continue;
      const rest = counts.slice();
      for (let v = hi - len + 1; v <= hi; v++) rest[v]! -= 3;
      const left = sum(rest);
      if (left === 0) play('plane', hi, len);
      else if (left === len && !bothJokers(rest)) play('plane1', hi, len);
      else if (left === 2 * len && allEven(rest) && rest[16] === 0 && rest[17] === 0) play('plane2', hi, len);
    }
  }
  // 四带二: a four and two singles (never both jokers), or a four and two pairs.
  for (const v of distinct) {
    if (counts[v] !== 4 || n === 4) continue;
    const rest = counts.slice();
    rest[v] = 0;
    if (n === 6 && !bothJokers(rest)) play('four2', v);
    if (n === 8 && allEven(rest) && rest[16] === 0 && rest[17] === 0) play('four2pairs', v);
  }
  return out;
}

const isBomb = (p: DdzPlay): boolean => p.type === 'bomb' || p.type === 'rocket';

/** Whether `play` beats `last` (the combination on the table). */
export function beats(play: DdzPlay, last: DdzPlay): boolean {
  if (play.type === 'rocket') return last.type !== 'rocket';
  if (last.type === 'rocket') return false;
  if (play.type === 'bomb') return last.type !== 'bomb' || play.key > last.key;
  if (last.type === 'bomb') return false;
  return play.type === last.type && play.len === last.len && play.key > last.key;
}

/** The reading of `cards` to play: the one that beats `last` (or, leading, the first reading). null = not allowed. */
export function readPlay(cards: readonly Card[], last: DdzPlay | null, as?: DdzPlayType): DdzPlay | null {
  const readings = classifyPlay(cards).filter((p) => as === undefined || p.type === as);
  if (last === null) return readings[0] ?? null;
  return readings.find((p) => beats(p, last)) ?? null;
}

// ---- generating plays (hints, auto-play, computer players) ----

/** The hand's cards of each value, lowest suit first. */
function byValue(hand: readonly Card[]): Card[][] {
  const groups: Card[][] = Array.from({ length: 18 }, () => []);
  for (const c of [...hand].sort((a, b) => a - b)) groups[ddzValue(c)]!.push(c);
  return groups;
}

/** Multisets of `k` values from `avail` (value → how many may be taken, each taken `unit` at a time), ascending. */
function pickValues(avail: readonly number[], k: number, unit: number, from = 3): number[][] {
  if (k === 0) return [[]];
  const out: number[][] = [];
  for (let v = from; v <= 17; v++) {
    if (avail[v]! < unit) continue;
    const next = avail.slice();
    next[v]! -= unit;
    for (const tail of pickValues(next, k - 1, unit, v)) out.push([v, ...tail]);
  }
  return out;
}

/**
 * Every distinct combination the hand can play (by values; the cards taken lowest suit first), ordered by type as
 * `classifyPlay` reads them, then by main value. A hand of 20 cards has at most a few thousand.
 */
export function allPlays(hand: readonly Card[]): DdzPlay[] {
  const groups = byValue(hand);
  const counts = groups.map((g) => g.length);
  const out: DdzPlay[] = [];
  const take = (values: readonly number[]): Card[] => {
    const used = new Array<number>(18).fill(0);
    return values.map((v) => groups[v]![used[v]!++]!);
  };
  const add = (type: DdzPlayType, key: number, len: number, values: number[]) => out.push({ type, key, len, cards: take(values) });
  const rep = (v: number, k: number) => new Array<number>(k).fill(v);

  for (let v = 3; v <= 17; v++) {
    if (counts[v]! >= 1) add('single', v, 1, [v]);
    if (counts[v]! >= 2 && v < 16) add('pair', v, 1, rep(v, 2));
    if (counts[v]! >= 3) add('triple', v, 1, rep(v, 3));
    if (counts[v]! >= 3) {
      for (let w = 3; w <= 17; w++) {
        if (w === v) continue;
        if (counts[w]! >= 1) add('triple1', v, 1, [...rep(v, 3), w]);
        if (counts[w]! >= 2 && w < 16) add('triple2', v, 1, [...rep(v, 3), ...rep(w, 2)]);
      }
    }
  }
  const chains = (width: number, minLen: number, type: DdzPlayType) => {
    for (let lo = 3; lo <= CHAIN_TOP; lo++) {
      for (let hi = lo; hi <= CHAIN_TOP && counts[hi]! >= width; hi++) {
        const len = hi - lo + 1;
        if (len < minLen) continue;
        const values: number[] = [];
        for (let v = lo; v <= hi; v++) values.push(...rep(v, width));
        if (type !== 'plane') {
          add(type, hi, len, values);
          continue;
        }
        add('plane', hi, len, values);
        const rest = counts.slice();
        for (let v = lo; v <= hi; v++) rest[v]! -= 3;
        for (const wings of pickValues(rest, len, 1)) {
          if (wings.includes(16) && wings.includes(17)) continue;
          add('plane1', hi, len, [...values, ...wings]);
        }
        const pairRest = rest.map((n, v) => (v >= 16 ? 0 : n));
        for (const wings of pickValues(pairRest, len, 2)) add('plane2', hi, len, [...values, ...wings.flatMap((w) => rep(w, 2))]);
      }
    }
  };
  chains(1, 5, 'straight');
  chains(2, 3, 'pairStraight');
  chains(3, 2, 'plane');
  for (let v = 3; v <= 15; v++) {
    if (counts[v]! < 4) continue;
    const rest = counts.slice();
    rest[v] = 0;
    for (const wings of pickValues(rest, 2, 1)) if (!(wings[0] === 16 && wings[1] === 17)) add('four2', v, 1, [...rep(v, 4), ...wings]);
    const pairRest = rest.map((n, w) => (w >= 16 ? 0 : n));
    for (const wings of pickValues(pairRest, 2, 2)) add('four2pairs', v, 1, [...rep(v, 4), ...wings.flatMap((w) => rep(w, 2))]);
    add('bomb', v, 1, rep(v, 4));
  }
  if (counts[16]! > 0 && counts[17]! > 0) add('rocket', 17, 1, [16, 17]);
  return out;
}

/** The smallest play of `hand` that beats `last` (non-bombs before bombs, then the lowest main value); null = none. */
export function smallestBeating(hand: readonly Card[], last: DdzPlay): DdzPlay | null {
  let best: DdzPlay | null = null;
  const weight = (p: DdzPlay) => (p.type === 'rocket' ? 200 : p.type === 'bomb' ? 100 + p.key : p.key);
  for (const p of allPlays(hand)) if (beats(p, last) && (best === null || weight(p) < weight(best))) best = p;
  return best;
}

/** The smallest lead: the lowest single. */
export function smallestLead(hand: readonly Card[]): DdzPlay {
  const v = Math.min(...hand.map(ddzValue));
  const card = [...hand].sort((a, b) => a - b).find((c) => ddzValue(c) === v)!;
  return { type: 'single', key: v, len: 1, cards: [card] };
}

// ---- a hand, as a state machine ----

export type DdzPhase = 'bidding' | 'playing' | 'done' | 'redeal';

export interface DdzTurn {
  seat: number;
  /** null = 不出 (pass). */
  play: DdzPlay | null;
  /** Played by the disclosed auto-play (the seat timed out or was away). */
  auto: boolean;
}

export interface DdzState {
  phase: DdzPhase;
  hands: Card[][];
  bottom: Card[];
  firstBidder: number;
  /** Whose move it is (bidding or playing). */
  turn: number;
  bids: { seat: number; bid: number; auto: boolean }[];
  /** The highest bid so far (0 none). */
  bid: number;
  landlord: number | null;
  /** The combination to beat and its player; null when the player to move leads. */
  last: { seat: number; play: DdzPlay } | null;
  turns: DdzTurn[];
  /** Plays (not passes) per seat. */
  played: number[];
  bombs: number;
  winner: number | null;
}

/** A fresh deck shuffled by the stream (Fisher–Yates): the order the hand deals. */
export function shuffleDoudizhu(rng: Rng): Card[] {
  return shuffle(
    Array.from({ length: DDZ_DECK_SIZE }, (_, i) => i),
    rng,
  );
}

/** Deals a shuffled 54-card deck: 0–16 seat 0, 17–33 seat 1, 34–50 seat 2, 51–53 the bottom. */
export function dealDoudizhu(deck: readonly Card[], firstBidder: number): DdzState {
  if (deck.length !== DDZ_DECK_SIZE || new Set(deck).size !== DDZ_DECK_SIZE) throw new RangeError('斗地主 needs one 54-card deck');
  const sortHand = (cs: Card[]) => cs.sort((a, b) => ddzValue(a) - ddzValue(b) || a - b);
  return {
    phase: 'bidding',
    hands: [0, 1, 2].map((s) => sortHand(deck.slice(s * 17, s * 17 + 17))),
    bottom: deck.slice(51),
    firstBidder,
    turn: firstBidder,
    bids: [],
    bid: 0,
    landlord: null,
    last: null,
    turns: [],
    played: [0, 0, 0],
    bombs: 0,
    winner: null,
  };
}

export type DdzRefusal = 'phase' | 'notYourTurn' | 'badBid' | 'notHeld' | 'illegal' | 'cannotBeat' | 'mustLead';

/** Bids (1–3, more than the last bid) or passes (0). Mutates the state; a refusal changes nothing. */
export function applyBid(s: DdzState, seat: number, bid: number, auto = false): DdzRefusal | null {
  if (s.phase !== 'bidding') return 'phase';
  if (seat !== s.turn) return 'notYourTurn';
  if (!Number.isInteger(bid) || bid < 0 || bid > 3 || (bid > 0 && bid <= s.bid)) return 'badBid';
  s.bids.push({ seat, bid, auto });
  if (bid > 0) {
    s.bid = bid;
    s.landlord = seat;
  }
  if (bid === 3 || s.bids.length === DDZ_SEATS) {
    if (s.landlord === null) {
      s.phase = 'redeal';
      return null;
    }
    s.phase = 'playing';
    s.hands[s.landlord] = [...s.hands[s.landlord]!, ...s.bottom].sort((a, b) => ddzValue(a) - ddzValue(b) || a - b);
    s.turn = s.landlord;
    return null;
  }
  s.turn = (seat + 1) % DDZ_SEATS;
  return null;
}

/**
 * Plays `cards` (or passes with []). Refusals: not playing, not this seat's turn, a card not in the hand, not a
 * combination, not beating the last one, a pass when leading. Mutates the state only when accepted.
 */
export function applyPlay(s: DdzState, seat: number, cards: readonly Card[], auto = false, as?: DdzPlayType): DdzRefusal | null {
  if (s.phase !== 'playing') return 'phase';
  if (seat !== s.turn) return 'notYourTurn';
  const hand = s.hands[seat]!;
  if (cards.length === 0) {
    if (s.last === null) return 'mustLead';
    s.turns.push({ seat, play: null, auto });
    s.turn = (seat + 1) % DDZ_SEATS;
    if (s.last.seat === s.turn) s.last = null;
    return null;
  }
  if (new Set(cards).size !== cards.length || cards.some((c) => !hand.includes(c))) return 'notHeld';
  const readings = classifyPlay(cards);
  if (readings.length === 0) return 'illegal';
  const play = readPlay(cards, s.last?.play ?? null, as);
  if (play === null) return s.last === null ? 'illegal' : 'cannotBeat';
  s.hands[seat] = hand.filter((c) => !cards.includes(c));
  s.turns.push({ seat, play, auto });
  s.played[seat]! += 1;
  if (isBomb(play)) s.bombs += 1;
  s.last = { seat, play };
  if (s.hands[seat]!.length === 0) {
    s.phase = 'done';
    s.winner = seat;
    return null;
  }
  s.turn = (seat + 1) % DDZ_SEATS;
  return null;
}

/** The disclosed auto-play: bidding → pass; following → pass; leading → the smallest single. */
export function autoMove(s: DdzState): { bid: number } | { cards: Card[] } {
  if (s.phase === 'bidding') return { bid: 0 };
  if (s.last !== null) return { cards: [] };
  return { cards: smallestLead(s.hands[s.turn]!).cards };
}

/** Plays the auto move for the seat to move (marked auto). */
export function applyAuto(s: DdzState): void {
  const m = autoMove(s);
  const r = 'bid' in m ? applyBid(s, s.turn, m.bid, true) : applyPlay(s, s.turn, m.cards, true);
  if (r !== null) throw new Error(`auto-play refused: ${r}`);
}

/** A hint for the seat to move: the smallest beating play, or the smallest lead; null = only a pass. */
export function hintFor(s: DdzState): DdzPlay | null {
  const hand = s.hands[s.turn]!;
  return s.last === null ? smallestLead(hand) : smallestBeating(hand, s.last.play);
}

export interface DdzResult {
  landlordWins: boolean;
  spring: boolean;
  antiSpring: boolean;
  /** The bid × 2^(bombs) × 2 (spring / anti-spring), before the cap. */
  rawMultiple: number;
  multiple: number;
  /** Units of 底分 won (+) or lost (−) per seat; they sum to zero. */
  units: number[];
}

/** The hand's result once done: who won, spring / anti-spring, the multiple (capped), each seat's units of 底分. */
export function ddzResult(s: DdzState, cap: number): DdzResult {
  if (s.phase !== 'done' || s.landlord === null || s.winner === null) throw new Error('the hand is not over');
  const landlord = s.landlord;
  const landlordWins = s.winner === landlord;
  const farmers = [0, 1, 2].filter((x) => x !== landlord);
  const spring = landlordWins && farmers.every((f) => s.played[f] === 0);
  const antiSpring = !landlordWins && s.played[landlord] === 1;
  const rawMultiple = s.bid * 2 ** s.bombs * (spring || antiSpring ? 2 : 1);
  const multiple = Math.min(rawMultiple, cap);
  const sign = landlordWins ? 1 : -1;
  const units = [0, 1, 2].map((x) => (x === landlord ? 2 * sign * multiple : -sign * multiple));
  return { landlordWins, spring, antiSpring, rawMultiple, multiple, units };
}

/** Cards as text: '3♠ 3♥ 小王'. */
export function ddzCardName(c: Card): string {
  if (c === DDZ_SMALL_JOKER) return '小王';
  if (c === DDZ_BIG_JOKER) return '大王';
  return `${DDZ_VALUE_NAMES[ddzValue(c)]}${'♠♥♣♦'[Math.floor(c / 13)]}`;
}
