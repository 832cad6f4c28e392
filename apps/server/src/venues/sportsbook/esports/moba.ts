/**
 * A MOBA map (EL, EK, ED): gold is the score. Kills come as a Poisson stream (`killsPerMin`), each the home
 * side's with its share q (team ratings and the map's side/draft advantage); towers likewise after the laning
 * phase; dragons on their timer. Gold lead = 300 a kill + 500 a tower + farm (a drifting random walk). The map
 * runs 0.8–1.2 of the title's mean length and the side ahead on gold at the end wins it.
 *
 * Prices come from the same model: the lead at the end is the lead now plus the drift and spread of the
 * minutes left (a normal law; the minutes left a mixture over the map's length still possible), kills left are
 * Poisson (home's thinned by q), so the kill total and the kill difference are Poisson and Skellam mixtures.
 */
import { normalCdf, poissonDraw, type Rng } from '../rng.ts';
import type { MobaRules } from './titles.ts';

export const KILL_GOLD = 300;
export const TOWER_GOLD = 500;
const FARM_SIGMA = 350; // gold per √minute
/** Quadrature points of the map length still possible (uniform on what is left of 0.8–1.2 of the mean). */
const LENGTH_POINTS = 5;

/** Event kinds of a map. */
export const Ev = { Kill: 0, Tower: 1, Dragon: 2 } as const;
export type Ev = (typeof Ev)[keyof typeof Ev];

export interface MobaMapPlan {
  /** Home's share of kills and objectives on this map. */
  q: number;
  /** Farm gold a minute (home − away). */
  drift: number;
  lenSec: number;
  /** In time order: [second of the map, Ev, side (0 home, 1 away)]. */
  events: Array<[number, Ev, number]>;
  /** Farm gold lead at each whole minute (index = minute). */
  farm: number[];
  winner: 0 | 1;
}

const gauss = (rng: Rng) => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());

/** Gold lead at `sec` given the kills and towers so far (farm interpolated between whole minutes). */
export function goldAt(p: MobaMapPlan, sec: number, killDiff: number, towerDiff: number): number {
  const m = Math.min(Math.floor(sec / 60), p.farm.length - 1);
  return Math.round(KILL_GOLD * killDiff + TOWER_GOLD * towerDiff + p.farm[m]!);
}

export function planMobaMap(rng: Rng, rules: MobaRules, q: number): MobaMapPlan {
  const lenSec = Math.round(rules.minutes * 60 * (0.8 + 0.4 * rng()));
  const drift = 120 * (2 * q - 1);
  const events: Array<[number, Ev, number]> = [];
  const farm = [0];
  for (let m = 1; m <= Math.ceil(lenSec / 60); m++) farm.push(farm[m - 1]! + drift + FARM_SIGMA * gauss(rng));
  for (let s = 0; s < lenSec; s += 30) {
    const minute = s / 60;
    const kills = poissonDraw(rng, rules.killsPerMin / 2);
    for (let i = 0; i < kills; i++) events.push([s + Math.floor(rng() * 30), Ev.Kill, rng() < q ? 0 : 1]);
    if (minute >= rules.towerFrom) {
      const towers = poissonDraw(rng, rules.towersPerMin / 2);
      for (let i = 0; i < towers; i++) events.push([s + Math.floor(rng() * 30), Ev.Tower, rng() < q ? 0 : 1]);
    }
    if (s > 0 && s % (rules.dragonEvery * 60) === 0) events.push([s, Ev.Dragon, rng() < q ? 0 : 1]);
  }
  events.sort((a, b) => a[0] - b[0]);
  const diff = (ev: Ev) => events.reduce((d, [, e, side]) => d + (e === ev ? (side === 0 ? 1 : -1) : 0), 0);
  const lead = goldAt({ q, drift, lenSec, events, farm, winner: 0 }, lenSec, diff(Ev.Kill), diff(Ev.Tower));
  return { q, drift, lenSec, events, farm, winner: lead > 0 ? 0 : lead < 0 ? 1 : rng() < 0.5 ? 0 : 1 };
}

/** Minutes left at `sec`, as LENGTH_POINTS equally likely values (the map ends uniformly in 0.8–1.2 of the mean, after now). */
export function minutesLeft(rules: MobaRules, sec: number): number[] {
  const now = sec / 60;
  const from = Math.max(now, 0.8 * rules.minutes);
  const to = Math.max(from + 0.5, 1.2 * rules.minutes);
  return Array.from({ length: LENGTH_POINTS }, (_, i) => from + ((i + 0.5) * (to - from)) / LENGTH_POINTS - now);
}

/** Per minute: drift and variance of the gold lead (kills, towers once the laning phase is over, farm). */
function goldStep(rules: MobaRules, q: number, drift: number, towers: boolean) {
  const t = towers ? rules.towersPerMin : 0;
  return {
    m: (2 * q - 1) * (rules.killsPerMin * KILL_GOLD + t * TOWER_GOLD) + drift,
    v: rules.killsPerMin * KILL_GOLD ** 2 + t * TOWER_GOLD ** 2 + FARM_SIGMA ** 2,
  };
}

/** P(home wins the map) with lead `gold` at `sec`. */
export function mobaMapChance(rules: MobaRules, q: number, drift: number, sec: number, gold: number): number {
  const step = goldStep(rules, q, drift, sec / 60 >= rules.towerFrom);
  const left = minutesLeft(rules, sec);
  return left.reduce((s, r) => s + normalCdf((gold + step.m * r) / Math.sqrt(step.v * r + 1)), 0) / left.length;
}

/** Poisson(λ) probabilities 0..n. */
function pmf(lambda: number, n: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= n; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
}

/** Distributions of the final kill total and kill difference (home − away): Map value → probability. */
export function killOutcomes(rules: MobaRules, q: number, sec: number, killsH: number, killsC: number) {
  const total = new Map<number, number>();
  const diff = new Map<number, number>();
  const left = minutesLeft(rules, sec);
  const w = 1 / left.length;
  const add = (m: Map<number, number>, k: number, p: number) => m.set(k, (m.get(k) ?? 0) + p);
  for (const r of left) {
    const lh = rules.killsPerMin * q * r;
    const lc = rules.killsPerMin * (1 - q) * r;
    const nh = Math.ceil(lh + 8 * Math.sqrt(lh) + 8);
    const nc = Math.ceil(lc + 8 * Math.sqrt(lc) + 8);
    const ph = pmf(lh, nh);
    const pc = pmf(lc, nc);
    pmf(lh + lc, nh + nc).forEach((p, k) => add(total, killsH + killsC + k, p * w));
    for (let a = 0; a <= nh; a++) for (let b = 0; b <= nc; b++) add(diff, killsH - killsC + a - b, ph[a]! * pc[b]! * w);
  }
  return { total, diff };
}
