/**
 * Rally-point set sports: volleyball (VB: sets to 25, the fifth to 15, best of 5) and table tennis
 * (TT: games to 11, best of 5 or 7), every set won by two. The home side wins each rally with one
 * chance for the match (an even rally shifted by strength); rallies take a drawn few seconds (volleyball
 * timeouts and substitutions included), with a break between sets.
 *
 * Live state: sets in sc_set_H/A (and sc_FT_H/C), points of the current set in sc_game_H/A, se_now
 * 'S1'…. Prices (sets.ts): the exact race chain from the current points (deuce in closed form), so the
 * money line, set handicap and total sets move with every rally.
 */
import { strength } from './catalog.ts';
import type { SportEngine } from './engine.ts';
import { playSets, setChance, setSportEngine, type SetPlan, type SetRule } from './sets.ts';

export interface RallyPlan extends SetPlan {
  /** P(home wins a rally). */
  rally: number;
}

interface RallySport {
  gameType: 'VB' | 'TT';
  bestOf: (leagueId: string) => number;
  rule: (set: number) => SetRule;
  /** Rally chance = 1/2 + edge × strength difference + home advantage. */
  edge: number;
  homeEdge: number;
  /** A rally's length: from min to min + spread ms (uniform). */
  rallyMs: [min: number, spread: number];
  setBreakMs: number;
  slotMs: number;
  horizonMs: number;
  durationMs: number;
  overrunMs: number;
  names: { handicap: string; total: string };
}

function rallyEngine(r: RallySport): SportEngine<RallyPlan> {
  return setSportEngine<RallyPlan>({
    gameType: r.gameType,
    slotMs: r.slotMs,
    horizonMs: r.horizonMs,
    durationMs: r.durationMs,
    overrunMs: r.overrunMs,
    names: r.names,
    rule: (_p, set) => r.rule(set),
    unitP: (p) => p.rally,
    plan(f, rng) {
      const rally = 0.5 + r.edge * (strength(f.league, f.team_h) - strength(f.league, f.team_c)) + r.homeEdge;
      const need = (r.bestOf(f.league.id) + 1) / 2;
      const draw = () => ({ home: rng() < rally, ms: r.rallyMs[0] + Math.floor(rng() * r.rallyMs[1]) });
      const played = playSets(need, r.rule, draw, r.setBreakMs, r.durationMs + r.overrunMs);
      const fresh = Array.from({ length: 2 * need - 1 }, (_, i) => setChance(r.rule(i + 1), 0, 0, () => rally));
      return { need, rally, fresh, ...played };
    },
  });
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/** Volleyball: ~25 s a rally with the stoppages, 3 minutes between sets; a match every 25 minutes, 1½–2 hours long. */
export const volleyballSim = rallyEngine({
  gameType: 'VB',
  bestOf: () => 5,
  rule: (set) => ({ target: set === 5 ? 15 : 25 }),
  edge: 0.05,
  homeEdge: 0.005,
  rallyMs: [16 * SECOND, 18 * SECOND],
  setBreakMs: 3 * MINUTE,
  slotMs: 25 * MINUTE,
  horizonMs: 3 * 86_400_000,
  durationMs: 2 * 60 * MINUTE,
  overrunMs: 40 * MINUTE,
  names: { handicap: '让局', total: '总局数' },
});

/** Table tennis: ~14 s a point, a minute between games; men best of 7, women best of 5; a match every 8 minutes, 20–45 minutes long. */
export const tableTennisSim = rallyEngine({
  gameType: 'TT',
  bestOf: (id) => (id === 'WTTM' ? 7 : 5),
  rule: () => ({ target: 11 }),
  edge: 0.06,
  homeEdge: 0,
  rallyMs: [9 * SECOND, 10 * SECOND],
  setBreakMs: MINUTE,
  slotMs: 8 * MINUTE,
  horizonMs: 2 * 86_400_000,
  durationMs: 45 * MINUTE,
  overrunMs: 20 * MINUTE,
  names: { handicap: '让局', total: '总局数' },
});
