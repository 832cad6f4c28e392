/**
 * One round of a shared table or a lottery draw, as a pure function of its committed seed: the
 * server's round engine draws it, the web re-computes it once the seed is revealed, the RTP harness checks it.
 *
 * Fairness: a round's numbers come from `fairRng({serverSeed: the round's seed, clientSeed: '<table>:<seq>',
 * nonce: 0})`. The seed's SHA-256 is shown before the betting window opens, the seed after the round: anyone can
 * re-draw it. The card tables keep a shoe across rounds; each round deals from what the shoe has left (its
 * composition, public: the new shoe less every revealed card), uniformly without replacement — the same odds as
 * dealing off a shuffled shoe, but every round verifiable on its own. A new shoe (first round, or after the cut
 * card came out) burns the first card's value in cards and places the cut card 60–80 cards from the end.
 */
import { fairRng, type FairRoundSeeds } from '../rng/fair.ts';
import type { Rng } from '../rng/rng.ts';
import { NIUNIU_GAME, PAI28_GAME, SANGONG_GAME } from '../cards/games.ts';
import { dealSangong, SANGONG_RETURN, SANGONG_SPOTS, SANGONG_SPOT_NAMES, type SangongRound } from '../cards/sangong.ts';
import { dealNiuniu, niuniuReturn, NIUNIU_SPOTS, NIUNIU_SPOT_NAMES, type NiuniuRound } from '../cards/niuniu.ts';
import { dealPai28, PAI28_RETURN, PAI28_SPOTS, PAI28_SPOT_NAMES, type Pai28Round } from '../cards/pai28.ts';
import { baccaratReturn, dealBaccarat, type BaccaratHand, type BaccaratVariant } from './baccarat.ts';
import { rankOf, type Card } from './cards.ts';
import { SHOE_CARDS, shoeDeal } from './shoe.ts';
import { SICBO, rollDice, type Dice } from './dice.ts';
import { DRAGON_TIGER, dealDragonTiger, type DragonTigerHand } from './dragonTiger.ts';
import { DIGIT5, K3, RACE10, drawDigits, drawRace } from './lottery.ts';
import type { TableBet } from './paytable.ts';
import type { CoupResult } from './roads.ts';
import { ROULETTE_OUTSIDE, insideBet, isLayoutBet, spinWheel } from './roulette.ts';

export const TABLE_KINDS = [
  'baccarat',
  'dragonTiger',
  'sicbo',
  'roulette',
  'k3',
  'digit5',
  'race10',
  'niuniu',
  'pai28',
  'sangong',
] as const;
export type TableKind = (typeof TABLE_KINDS)[number];
export const CARD_KINDS: readonly TableKind[] = ['baccarat', 'dragonTiger'];
export const LOTTERY_KINDS: readonly TableKind[] = ['k3', 'digit5', 'race10'];
export const isLotteryKind = (k: TableKind): boolean => LOTTERY_KINDS.includes(k);

export const SHOE_DECKS = 8;

/** A shoe between rounds: what is left of it (public once the rounds that dealt from it are revealed). */
export interface ShoeState {
  shoeNo: number;
  /** Coups dealt from this shoe. */
  hand: number;
  /** Cards left of each of the 52 faces. */
  counts: number[];
  left: number;
  /** The cut card: once `left` is at or below it, the shoe ends (a new one starts with the next round). */
  cutLeft: number;
  /** Dealt from a shoe committed as a whole (shoe.ts); a shoe from before (per-round draws) is not continued. */
  committed?: boolean;
}

export type TableStep =
  | { kind: 'burn'; value: Card; hidden: number }
  | { kind: 'card'; side: 'player' | 'banker' | 'dragon' | 'tiger'; value: Card }
  | { kind: 'die' | 'pocket' | 'digit' | 'car'; value: number }
  /** 棋牌 tables (cards/): a whole hand shown at once — five cards (牛牛) or two tiles (二八杠). */
  | { kind: 'hand'; side: string; cards: number[] };

export type TableOutcome =
  | { kind: 'baccarat'; hand: BaccaratHand }
  | { kind: 'dragonTiger'; hand: DragonTigerHand }
  | { kind: 'sicbo' | 'k3'; dice: Dice }
  | { kind: 'roulette'; pocket: number }
  | { kind: 'digit5'; digits: number[] }
  | { kind: 'race10'; order: number[] }
  | { kind: 'niuniu'; round: NiuniuRound }
  | { kind: 'pai28'; round: Pai28Round }
  | { kind: 'sangong'; round: SangongRound };

export interface DrawnRound {
  outcome: TableOutcome;
  /** What the table reveals, in order (a burn first on a new shoe). */
  steps: TableStep[];
  /** The shoe after the round (card tables), null otherwise. */
  shoe: ShoeState | null;
  /** Cards burned unseen at a new shoe (they are part of the record: verification re-draws them). */
  burned: Card[];
}

/** The public seeds of a table round: the round's own seed, the table and the round number. */
export const tableRoundSeeds = (serverSeed: string, tableCode: string, seq: number): FairRoundSeeds => ({
  serverSeed,
  clientSeed: `${tableCode}:${seq}`,
  nonce: 0,
});

export function newShoeState(rng: Rng, shoeNo: number, decks = SHOE_DECKS): { shoe: ShoeState; burnShown: Card; burned: Card[] } {
  const shoe: ShoeState = { shoeNo, hand: 0, counts: Array.from({ length: 52 }, () => decks), left: 52 * decks, cutLeft: 60 + rng.int(21) };
  const burnShown = drawFromShoe(shoe, rng);
  const burned: Card[] = [];
  for (let i = 0; i < Math.min(10, rankOf(burnShown) + 1); i++) burned.push(drawFromShoe(shoe, rng));
  return { shoe, burnShown, burned };
}

/** One card uniformly from what the shoe has left (mutates the shoe). */
export function drawFromShoe(shoe: ShoeState, rng: Rng): Card {
  if (shoe.left <= 0) throw new RangeError('empty shoe');
  let r = rng.int(shoe.left);
  for (let c = 0; c < 52; c++) {
    const n = shoe.counts[c]!;
    if (r < n) {
      shoe.counts[c] = n - 1;
      shoe.left -= 1;
      return c;
    }
    r -= n;
  }
  throw new RangeError('shoe counts out of step');
}

export const shoeFinished = (s: ShoeState | null): boolean => !s || s.left <= s.cutLeft;
/** The next hand continues this shoe: a committed shoe (shoe.ts) not past its cut card. */
export const shoeContinues = (s: ShoeState | null): boolean => !!s && s.committed === true && !shoeFinished(s);

/** What the shoe has left of each face once `pos` cards of its order are out. */
function fillCounts(shoe: ShoeState, order: readonly Card[], pos: number): void {
  for (let i = 0; i < pos; i++) shoe.counts[order[i]!]! -= 1;
}

/**
 * Draws a round: a pure function of the seeds and (card tables) the shoe before it. Card tables: `serverSeed` is
 * the shoe's seed and only shoeNo, hand and left of the shoe before matter (shoe.ts); other tables draw from the
 * round's own stream (clientSeed `<table>:<seq>`).
 */
export function drawTableRound(kind: TableKind, seeds: FairRoundSeeds, shoeBefore: ShoeState | null): DrawnRound {
  const rng = fairRng(seeds);
  switch (kind) {
    case 'baccarat':
    case 'dragonTiger': {
      // The shoe is committed as a whole (shoe.ts): its seed is this round's server seed, the hand starts where the
      // last hand of the shoe stopped.
      const steps: TableStep[] = [];
      const fresh = !shoeContinues(shoeBefore);
      const shoeNo = fresh ? (shoeBefore?.shoeNo ?? 0) + 1 : shoeBefore!.shoeNo;
      const deal = shoeDeal(seeds.serverSeed, shoeNo);
      let pos = fresh ? deal.firstHand : SHOE_CARDS - shoeBefore!.left;
      const burned: Card[] = fresh ? [...deal.burned] : [];
      if (fresh) steps.push({ kind: 'burn', value: deal.burnShown, hidden: deal.burned.length });
      const counts = Array.from({ length: 52 }, () => SHOE_DECKS);
      const shoe: ShoeState = {
        shoeNo,
        hand: fresh ? 0 : shoeBefore!.hand,
        counts,
        left: SHOE_CARDS - pos,
        cutLeft: deal.cutLeft,
        committed: true,
      };
      const dealt: Card[] = [];
      const draw = () => {
        if (pos >= SHOE_CARDS) throw new RangeError('empty shoe');
        const c = deal.order[pos++]!;
        dealt.push(c);
        shoe.left = SHOE_CARDS - pos;
        return c;
      };
      shoe.hand += 1;
      if (kind === 'baccarat') {
        const hand = dealBaccarat(draw);
        // Dealing order: P B P B, then the player's third, then the banker's.
        const order: TableStep[] = [
          { kind: 'card', side: 'player', value: hand.player[0]! },
          { kind: 'card', side: 'banker', value: hand.banker[0]! },
          { kind: 'card', side: 'player', value: hand.player[1]! },
          { kind: 'card', side: 'banker', value: hand.banker[1]! },
        ];
        if (hand.player[2] !== undefined) order.push({ kind: 'card', side: 'player', value: hand.player[2] });
        if (hand.banker[2] !== undefined) order.push({ kind: 'card', side: 'banker', value: hand.banker[2] });
        fillCounts(shoe, deal.order, pos);
        return { outcome: { kind, hand }, steps: [...steps, ...order], shoe, burned };
      }
      const hand = dealDragonTiger(draw);
      steps.push({ kind: 'card', side: 'dragon', value: hand.dragon }, { kind: 'card', side: 'tiger', value: hand.tiger });
      fillCounts(shoe, deal.order, pos);
      return { outcome: { kind, hand }, steps, shoe, burned };
    }
    case 'sicbo':
    case 'k3': {
      const dice = rollDice(rng);
      return { outcome: { kind, dice }, steps: dice.map((value) => ({ kind: 'die', value })), shoe: null, burned: [] };
    }
    case 'roulette': {
      const pocket = spinWheel(rng);
      return { outcome: { kind, pocket }, steps: [{ kind: 'pocket', value: pocket }], shoe: null, burned: [] };
    }
    case 'digit5': {
      const digits = [...drawDigits(rng)];
      return { outcome: { kind, digits }, steps: digits.map((value) => ({ kind: 'digit', value })), shoe: null, burned: [] };
    }
    case 'race10': {
      const order = [...drawRace(rng)];
      return { outcome: { kind, order }, steps: order.map((value) => ({ kind: 'car', value })), shoe: null, burned: [] };
    }
    case 'niuniu': {
      // The spots' hands one by one, the banker's last.
      const round = dealNiuniu(rng);
      const steps: TableStep[] = NIUNIU_SPOTS.map((side) => ({ kind: 'hand', side, cards: round.spots[side].cards }));
      steps.push({ kind: 'hand', side: 'banker', cards: round.banker.cards });
      return { outcome: { kind, round }, steps, shoe: null, burned: [] };
    }
    case 'pai28': {
      const round = dealPai28(rng);
      const steps: TableStep[] = PAI28_SPOTS.map((side) => ({ kind: 'hand', side, cards: round.spots[side].tiles }));
      steps.push({ kind: 'hand', side: 'banker', cards: round.banker.tiles });
      return { outcome: { kind, round }, steps, shoe: null, burned: [] };
    }
    case 'sangong': {
      const round = dealSangong(rng);
      const steps: TableStep[] = SANGONG_SPOTS.map((side) => ({ kind: 'hand', side, cards: round.spots[side].cards }));
      steps.push({ kind: 'hand', side: 'banker', cards: round.banker.cards });
      return { outcome: { kind, round }, steps, shoe: null, burned: [] };
    }
  }
}

// ---- bets ----

/** A bet type's limit group: tables set a min and max stake per group (e.g. baccarat's main bets vs its pairs). */
export function betGroup(kind: TableKind, key: string): string {
  switch (kind) {
    case 'baccarat':
      return key === 'banker' || key === 'player' ? 'main' : 'side';
    case 'dragonTiger':
      return key === 'tie' ? 'side' : 'main';
    case 'sicbo':
      return ['big', 'small', 'odd', 'even'].includes(key) ? 'main' : 'side';
    case 'roulette':
      return key.startsWith('in:') ? 'inside' : 'outside';
    default:
      return 'main';
  }
}

const BACCARAT_NAMES: Record<string, string> = { banker: '庄', player: '闲', tie: '和', playerPair: '闲对', bankerPair: '庄对' };

/** The bet types a table offers (roulette's inside bets are any layout set: `in:<numbers>`, see `tableBet`). */
export function tableBetTypes(kind: TableKind, variant: BaccaratVariant = 'commission'): TableBet<TableOutcome>[] {
  const lift = <O>(bets: readonly TableBet<O>[], pick: (o: TableOutcome) => O): TableBet<TableOutcome>[] =>
    bets.map((b) => ({ key: b.key, name: b.name, returns: (o: TableOutcome) => b.returns(pick(o)) }));
  switch (kind) {
    case 'baccarat':
      return Object.entries(BACCARAT_NAMES).map(([key, name]) => ({
        key,
        name,
        returns: (o: TableOutcome) => baccaratReturn(key as never, (o as { hand: BaccaratHand }).hand, variant),
      }));
    case 'dragonTiger':
      return lift(DRAGON_TIGER.bets, (o) => (o as { hand: DragonTigerHand }).hand.winner);
    case 'sicbo':
      return lift(SICBO.bets, (o) => (o as { dice: Dice }).dice);
    case 'roulette':
      return lift(ROULETTE_OUTSIDE, (o) => (o as { pocket: number }).pocket);
    case 'k3':
      return lift(K3.bets, (o) => (o as { dice: Dice }).dice);
    case 'digit5':
      return lift(DIGIT5.bets, (o) => (o as { digits: number[] }).digits);
    case 'race10':
      return lift(RACE10.bets, (o) => (o as { order: number[] }).order);
    case 'niuniu':
      return NIUNIU_SPOTS.map((key, i) => ({
        key,
        name: NIUNIU_SPOT_NAMES[key],
        returns: (o: TableOutcome) => {
          const r = (o as { round: NiuniuRound }).round.results[i]!;
          return niuniuReturn(r.win, r.multiple);
        },
      }));
    case 'pai28':
      return PAI28_SPOTS.map((key, i) => ({
        key,
        name: PAI28_SPOT_NAMES[key],
        returns: (o: TableOutcome) => ((o as { round: Pai28Round }).round.results[i]!.win ? PAI28_RETURN : 0),
      }));
    case 'sangong':
      return SANGONG_SPOTS.map((key, i) => ({
        key,
        name: SANGONG_SPOT_NAMES[key],
        returns: (o: TableOutcome) => ((o as { round: SangongRound }).round.results[i]!.win ? SANGONG_RETURN : 0),
      }));
  }
}

const betTypeCache = new Map<string, Map<string, TableBet<TableOutcome>>>();

/** A bet type of a table by key, or null: roulette's `in:<n>-<n>…` is any set the layout offers. */
export function tableBet(kind: TableKind, variant: BaccaratVariant, key: string): TableBet<TableOutcome> | null {
  if (kind === 'roulette' && key.startsWith('in:')) {
    const nums = key.slice(3).split('-').map(Number);
    if (nums.length === 0 || nums.length > 6 || !isLayoutBet(nums)) return null;
    const b = insideBet(nums);
    if (b.key !== key) return null; // canonical form only (sorted, no repeats)
    return { key, name: b.name, returns: (o) => b.returns((o as { pocket: number }).pocket) };
  }
  const ck = `${kind}:${variant}`;
  let m = betTypeCache.get(ck);
  if (!m) betTypeCache.set(ck, (m = new Map(tableBetTypes(kind, variant).map((b) => [b.key, b]))));
  return m.get(key) ?? null;
}

/** The road entry of a card-table round (dragon tiger on the same roads: dragon as banker's red, tiger as player's blue). */
export function coupResultOf(o: TableOutcome): CoupResult | null {
  if (o.kind === 'baccarat')
    return { winner: o.hand.winner, playerPair: o.hand.playerPair, bankerPair: o.hand.bankerPair, natural: o.hand.natural };
  if (o.kind === 'dragonTiger') return { winner: o.hand.winner === 'dragon' ? 'banker' : o.hand.winner === 'tiger' ? 'player' : 'tie' };
  return null;
}

const GAME_OF: Partial<Record<TableKind, { outcomes(): Iterable<readonly [unknown, number]>; bets: readonly TableBet<never>[] }>> = {
  dragonTiger: DRAGON_TIGER as never,
  sicbo: SICBO as never,
  roulette: { outcomes: () => Array.from({ length: 37 }, (_, n) => [n, 1] as const), bets: ROULETTE_OUTSIDE as never },
  k3: K3 as never,
  digit5: DIGIT5 as never,
  race10: RACE10 as never,
  niuniu: NIUNIU_GAME as never,
  pai28: PAI28_GAME as never,
  sangong: SANGONG_GAME as never,
};
const oddsCache = new Map<string, Record<string, number>>();

/**
 * Each bet type's largest return per unit staked (stake included), as the layout prints it: 1.95 banker (2 without
 * commission), 9 tie, 12 pairs, 61 a sic bo total of 4 … Enumerated over the game's outcomes, once per table kind.
 */
export function tableOdds(kind: TableKind, variant: BaccaratVariant = 'commission'): Record<string, number> {
  const key = `${kind}:${variant}`;
  const have = oddsCache.get(key);
  if (have) return have;
  let out: Record<string, number>;
  if (kind === 'baccarat') out = { banker: variant === 'commission' ? 1.95 : 2, player: 2, tie: 9, playerPair: 12, bankerPair: 12 };
  else {
    const g = GAME_OF[kind]!;
    out = Object.fromEntries(g.bets.map((b) => [b.key, 0]));
    for (const [o] of g.outcomes()) for (const b of g.bets) out[b.key] = Math.max(out[b.key]!, b.returns(o as never));
  }
  oddsCache.set(key, out);
  return out;
}
