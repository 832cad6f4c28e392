/**
 * Long-run figures a player is shown: per game and per bet, the RTP, the hit frequency,
 * the volatility class and the largest payout, all from the exact math (enumeration, not simulation).
 *
 * Display rule: an RTP is shown as its exact value ROUNDED DOWN to 0.01% (basis points of a percent, `floorBp`):
 * never better than the truth. Where a game's bets return differently, each bet carries its own figure and the
 * lobby shows the range (lowest–highest). Hit frequency is rounded down too. Volatility class: the standard
 * deviation of one round's return per unit staked, on the slots' bounds (volatility.ts).
 */
import { baccaratCounts, pairProbability } from './tables/baccaratRtp.ts';
import { BACCARAT_BETS, type BaccaratVariant } from './tables/baccarat.ts';
import { DRAGON_TIGER } from './tables/dragonTiger.ts';
import { SICBO } from './tables/dice.ts';
import { DIGIT5, K3, RACE10 } from './tables/lottery.ts';
import type { TableGame } from './tables/paytable.ts';
import { ROULETTE } from './tables/roulette.ts';
import { NIUNIU_GAME, PAI28_GAME, SANGONG_GAME } from './cards/games.ts';
import type { TableKind } from './tables/rounds.ts';
import { volatilityClassOf } from './slots/volatility.ts';
import type { VolatilityClass } from './slots/types.ts';

/** An exact fraction shown in hundredths of a percent, rounded down: 0.954908 → 9549 (95.49%). */
export const floorBp = (x: number): number => Math.floor(x * 10_000);
/** Hundredths of a percent as the page prints them: 9549 → '95.49'. */
export const bpText = (bp: number): string => (bp / 100).toFixed(2);

export interface BetFigures {
  key: string;
  name: string;
  /** The exact RTP (a fraction) and its display figure, rounded down. */
  rtp: number;
  rtpBp: number;
  /** P(the bet returns more than its stake), rounded down to 0.01%. */
  hitBp: number;
  sd: number;
  volatility: VolatilityClass;
  /** Largest payout per unit staked (stake included for tables; a slot's largest single-spin win ÷ bet). */
  maxPayX: number;
}

export interface GameFigures {
  code: string;
  /** Lowest and highest bet RTP (equal when every bet returns the same). */
  rtpMinBp: number;
  rtpMaxBp: number;
  /** The game's headline bet (a table's main bet; a slot's only one). */
  main: BetFigures;
  bets: BetFigures[];
}

/** Running moments of one bet's return over weighted outcomes. */
class Moments {
  total = 0;
  mean = 0;
  square = 0;
  hit = 0;
  max = 0;
  add(r: number, p: number): void {
    this.total += p;
    this.mean += p * r;
    this.square += p * r * r;
    if (r > 1) this.hit += p;
    if (p > 0 && r > this.max) this.max = r;
  }
  figures(key: string, name: string): BetFigures {
    const [mean, square, hit] = [this.mean / this.total, this.square / this.total, this.hit / this.total];
    const sd = Math.sqrt(Math.max(0, square - mean * mean));
    return { key, name, rtp: mean, rtpBp: floorBp(mean), hitBp: floorBp(hit), sd, volatility: volatilityClassOf(sd), maxPayX: this.max };
  }
}

/** Figures of one bet from its return distribution: [return per unit stake, probability][]. */
export function betFigures(key: string, name: string, dist: Iterable<readonly [number, number]>): BetFigures {
  const m = new Moments();
  for (const [r, p] of dist) m.add(r, p);
  return m.figures(key, name);
}

export function gameFigures(code: string, bets: BetFigures[], mainKey: string): GameFigures {
  const bps = bets.map((b) => b.rtpBp);
  return { code, rtpMinBp: Math.min(...bps), rtpMaxBp: Math.max(...bps), main: bets.find((b) => b.key === mainKey)!, bets };
}

function tableGameBets<O>(g: TableGame<O>): BetFigures[] {
  const moments = g.bets.map(() => new Moments());
  for (const [o, w] of g.outcomes()) for (let b = 0; b < g.bets.length; b++) moments[b]!.add(g.bets[b]!.returns(o), w);
  return g.bets.map((b, i) => moments[i]!.figures(b.key, b.name));
}

const BACCARAT_NAMES: Record<string, string> = { banker: '庄', player: '闲', tie: '和', playerPair: '闲对', bankerPair: '庄对' };

/** Baccarat from the shoe's exact counts (8 decks): a tie pushes banker and player bets. */
function baccaratBets(variant: BaccaratVariant): BetFigures[] {
  const c = baccaratCounts(8);
  const [pB, pP, pT, p6] = [c.banker / c.total, c.player / c.total, c.tie / c.total, c.bankerWinsWith6 / c.total];
  const pair = pairProbability(8);
  const banker: [number, number][] =
    variant === 'commission'
      ? [
          [1.95, pB],
          [1, pT],
          [0, pP],
        ]
      : [
          [2, pB - p6],
          [1.5, p6],
          [1, pT],
          [0, pP],
        ];
  const dist: Record<string, [number, number][]> = {
    banker,
    player: [
      [2, pP],
      [1, pT],
      [0, pB],
    ],
    tie: [
      [9, pT],
      [0, 1 - pT],
    ],
    playerPair: [
      [12, pair],
      [0, 1 - pair],
    ],
    bankerPair: [
      [12, pair],
      [0, 1 - pair],
    ],
  };
  return BACCARAT_BETS.map((key) => betFigures(key, BACCARAT_NAMES[key]!, dist[key]!));
}

const MAIN_BET: Record<TableKind, string> = {
  baccarat: 'banker',
  dragonTiger: 'dragon',
  sicbo: 'big',
  roulette: 'red',
  k3: 'big',
  digit5: 'sumBig',
  race10: 'top2big',
  niuniu: 'tian',
  pai28: 'tian',
  sangong: 'tian',
};

const cache = new Map<string, GameFigures>();

/** Every bet's figures of a table kind (the RTP harness and the lobby read the same numbers). */
export function tableFigures(kind: TableKind, variant: BaccaratVariant = 'commission'): GameFigures {
  const key = `${kind}:${variant}`;
  let found = cache.get(key);
  if (!found) {
    const games: Partial<Record<TableKind, TableGame<never>>> = {
      dragonTiger: DRAGON_TIGER as never,
      sicbo: SICBO as never,
      roulette: ROULETTE as never,
      k3: K3 as never,
      digit5: DIGIT5 as never,
      race10: RACE10 as never,
      niuniu: NIUNIU_GAME as never,
      pai28: PAI28_GAME as never,
      sangong: SANGONG_GAME as never,
    };
    const bets = kind === 'baccarat' ? baccaratBets(variant) : tableGameBets(games[kind]!);
    found = gameFigures(kind === 'baccarat' ? `baccarat-${variant}` : kind, bets, MAIN_BET[kind]);
    cache.set(key, found);
  }
  return found;
}
