/**
 * Tennis (TN) simulation: each player wins a point on serve with a fixed chance (tour base, shifted
 * by strength), points played one by one into games (deuce, advantage) and tiebreaks at 6-6 (to 7 by
 * two, serve changing every two points); serve alternates game by game through the match. Sets of
 * the best of 3 (ATP, WTA) or 5 (Grand Slam men); a point takes 22-32 s (the rally and the time
 * between points), changeovers 90 s after odd games, 2 minutes between sets.
 *
 * Live state: sets in sc_set_H/A (and sc_FT_H/C), games of the current set in sc_game_H/A, se_now 'S1'….
 * Prices (sets.ts): a game is held with the closed-form chance of the server's point chance, a
 * tiebreak and a set are exact Markov chains with the server of each game known from the match's
 * first server, so every game moves the money line, the set handicap and the total sets.
 */
import { strength } from './catalog.ts';
import type { Fixture } from './engine.ts';
import type { Rng } from './rng.ts';
import { playSets, setChance, setSportEngine, type SetPlan, type SetRule } from './sets.ts';

export interface TennisPlan extends SetPlan {
  /** 0 when home serves the first game. */
  firstServer: 0 | 1;
  /** P(server holds): home serving, away serving. */
  hold: [number, number];
  /** P(home wins a tiebreak): home serving first, away serving first. */
  tiebreak: [number, number];
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const SET: SetRule = { target: 6, cap: 7 };
const TIEBREAK: SetRule = { target: 7 };
/** Serve points won by an average player (men's tour serve more strongly). */
const SERVE_BASE: Record<string, number> = { ATP: 0.64, GSM: 0.64, WTA: 0.565 };
const BEST_OF: Record<string, number> = { GSM: 5 };

/** P(the server wins a game) when winning each point with p: to 4 by two, deuce decided by two in a row. */
export function holdChance(p: number): number {
  const q = 1 - p;
  return p ** 4 * (1 + 4 * q + 10 * q * q) + 20 * p ** 3 * q ** 3 * ((p * p) / (1 - 2 * p * q));
}

/** Serve order in a tiebreak: the first server serves point 0, then two each. */
const tiebreakServer = (first: 0 | 1, k: number): 0 | 1 => (((k + 1) >> 1) % 2 === 0 ? first : ((1 - first) as 0 | 1));

/** P(home wins a unit): home's and away's serve-point chances. */
const pointChance = (serve: [number, number], server: 0 | 1) => (server === 0 ? serve[0] : 1 - serve[1]);

function playGame(rng: Rng, p: number): { won: boolean; points: number } {
  let a = 0;
  let b = 0;
  while (!((a >= 4 || b >= 4) && Math.abs(a - b) >= 2)) {
    if (rng() < p) a++;
    else b++;
  }
  return { won: a > b, points: a + b };
}

function playTiebreak(rng: Rng, serve: [number, number], first: 0 | 1): { home: boolean; points: number } {
  let h = 0;
  let c = 0;
  for (let k = 0; !((h >= 7 || c >= 7) && Math.abs(h - c) >= 2); k++) {
    if (rng() < pointChance(serve, tiebreakServer(first, k))) h++;
    else c++;
  }
  return { home: h > c, points: h + c };
}

const serverOf = (p: Pick<TennisPlan, 'firstServer'>, u: number): 0 | 1 => ((p.firstServer + u) % 2) as 0 | 1;

function unitP(p: TennisPlan, u: number, k: number): number {
  const server = serverOf(p, u);
  if (k === 12) return p.tiebreak[server];
  return server === 0 ? p.hold[0] : 1 - p.hold[1];
}

function plan(f: Fixture, rng: Rng): TennisPlan {
  const base = SERVE_BASE[f.league.id] ?? 0.62;
  const edge = 0.045 * (strength(f.league, f.team_h) - strength(f.league, f.team_c));
  const serve: [number, number] = [base + edge, base - edge];
  const firstServer = (rng() < 0.5 ? 0 : 1) as 0 | 1;
  const tbChance = (first: 0 | 1) => setChance(TIEBREAK, 0, 0, (k) => pointChance(serve, tiebreakServer(first, k)));
  const p: TennisPlan = {
    need: ((BEST_OF[f.league.id] ?? 3) + 1) / 2,
    won: [],
    ends: [],
    fresh: [],
    firstServer,
    hold: [holdChance(serve[0]), holdChance(serve[1])],
    tiebreak: [tbChance(0), tbChance(1)],
  };
  const pointMs = () => 22 * SECOND + Math.floor(rng() * 10 * SECOND);
  const draw = (u: number, k: number) => {
    const server = serverOf(p, u);
    let home: boolean;
    let points: number;
    if (k === 12) ({ home, points } = playTiebreak(rng, serve, server));
    else {
      const g = playGame(rng, serve[server]);
      home = g.won === (server === 0);
      points = g.points;
    }
    let ms = k % 2 === 0 ? 90 * SECOND : 20 * SECOND; // changeover after the set's odd games
    for (let i = 0; i < points; i++) ms += pointMs();
    return { home, ms };
  };
  Object.assign(
    p,
    playSets(p.need, () => SET, draw, 2 * MINUTE, tennisSim.durationMs + tennisSim.overrunMs),
  );
  // A set not yet started: who serves first in it depends on the games before it, so an even mix.
  const freshSet = (first: 0 | 1) => setChance(SET, 0, 0, (k) => unitP({ ...p, firstServer: first }, k, k));
  const fresh = (freshSet(0) + freshSet(1)) / 2;
  p.fresh = Array.from({ length: 2 * p.need - 1 }, () => fresh);
  return p;
}

/** A match every 25 minutes: best of 3 take about 1½ hours, best of 5 about 2½ (4–5 for the longest). */
export const tennisSim = setSportEngine<TennisPlan>({
  gameType: 'TN',
  slotMs: 25 * MINUTE,
  horizonMs: 3 * 86_400_000,
  durationMs: 3 * 60 * MINUTE,
  overrunMs: 2 * 60 * MINUTE,
  names: { handicap: '让盘', total: '总盘数' },
  rule: () => SET,
  plan,
  unitP,
});
