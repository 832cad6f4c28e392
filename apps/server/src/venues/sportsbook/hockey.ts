/**
 * Ice hockey (OP, "other"): NHL and KHL. Three periods of 20 minutes (a game minute takes 1¾ real
 * minutes with the stoppages; 18-minute intermissions); goals of each side Poisson over the 60
 * minutes like football (football.ts drawGoals). Level after 60: a 5-minute sudden-death overtime
 * (3-on-3: goals come 1.8 times as often) and, still level, a shootout; the winner's final score
 * counts one more goal.
 *
 * Live state: se_now 'P1' 'P2' 'P3' 'OT' 'SO', re_time 'P2^12'' (period and its minute), t_count the
 * seconds left on the period clock, HalfTime 1 in intermissions; goals in sc_FT_H/C. Markets: 1X2,
 * handicap, total and odd/even on regulation time, from football's Poisson score grid (pricing.ts)
 * with the hockey minute on its 90-minute clock, suspended for the minute of a goal; money line
 * including overtime and shootout = P(home wins in regulation) + P(level) × P(home wins after).
 * The result carries the regulation score (what 1X2, handicap and total settle on) and the winner
 * (what the money line settles on, markets.ts).
 */
import type { FeedMarket } from '../../providers/oddsFeed.ts';
import { memoPrices, moneyLine } from './book.ts';
import { strength } from './catalog.ts';
import { emptyScores, gameStatusOf, statusAt, type Fixture, type MatchView, type SportEngine } from './engine.ts';
import { drawGoals, goalMarkets } from './football.ts';
import { MATCH_MINUTES, priceFootball, scoreGrid, sumGrid } from './pricing.ts';
import type { Rng } from './rng.ts';

export interface HockeyPlan {
  /** Expected regulation goals. */
  lambdaHome: number;
  lambdaAway: number;
  /** Game minute (1..60) of each regulation goal. */
  homeGoals: number[];
  awayGoals: number[];
  /** Level after 60: who wins, and the overtime second of the winning goal (null: the shootout decides). */
  decider: { winner: 'H' | 'C'; otSecond: number | null } | null;
}

const SECOND = 1_000;
const GAME_MINUTE_MS = 105 * SECOND;
const PERIOD_MINUTES = 20;
const PERIOD_MS = PERIOD_MINUTES * GAME_MINUTE_MS;
const INTERMISSION_MS = 18 * 60 * SECOND;
const REGULATION_MS = 3 * PERIOD_MS + 2 * INTERMISSION_MS;
const OT_MINUTES = 5;
const OT_START_MS = REGULATION_MS + 2 * 60 * SECOND;
const SO_START_MS = OT_START_MS + OT_MINUTES * GAME_MINUTE_MS + 2 * 60 * SECOND;
const SO_MS = 5 * 60 * SECOND;
const GAME_MINUTES = 3 * PERIOD_MINUTES;
/** 3-on-3 overtime: goals per minute this many times the match rate. */
const OT_FACTOR = 1.8;

/** P(home wins after a level regulation): the overtime goal, else the shootout (a smaller edge). */
function afterRegulation(p: HockeyPlan, otMinutesLeft: number): number {
  const share = p.lambdaHome / (p.lambdaHome + p.lambdaAway);
  const noGoal = Math.exp(-((p.lambdaHome + p.lambdaAway) / GAME_MINUTES) * OT_FACTOR * otMinutesLeft);
  return (1 - noGoal) * share + noGoal * (0.5 + (share - 0.5) / 2);
}

function plan(f: Fixture, rng: Rng): HockeyPlan {
  const ratio = strength(f.league, f.team_h) / strength(f.league, f.team_c);
  const lambdaHome = 3.15 * ratio ** 0.3;
  const lambdaAway = 2.85 * ratio ** -0.3;
  const p: HockeyPlan = {
    lambdaHome,
    lambdaAway,
    homeGoals: drawGoals(rng, lambdaHome, GAME_MINUTES),
    awayGoals: drawGoals(rng, lambdaAway, GAME_MINUTES),
    decider: null,
  };
  if (p.homeGoals.length === p.awayGoals.length) {
    const rate = ((lambdaHome + lambdaAway) / GAME_MINUTES) * OT_FACTOR; // goals per game minute
    const at = -Math.log(1 - rng()) / rate; // minutes to the first overtime goal
    const share = lambdaHome / (lambdaHome + lambdaAway);
    p.decider =
      at < OT_MINUTES
        ? { winner: rng() < share ? 'H' : 'C', otSecond: Math.floor(at * 60) }
        : { winner: rng() < 0.5 + (share - 0.5) / 2 ? 'H' : 'C', otSecond: null };
  }
  return p;
}

const endOf = (p: HockeyPlan) =>
  p.decider === null
    ? REGULATION_MS
    : p.decider.otSecond === null
      ? SO_START_MS + SO_MS
      : OT_START_MS + (p.decider.otSecond + 1) * (GAME_MINUTE_MS / 60);

/** Where the clock is: the phase, regulation minutes played, the period's minute and seconds left. */
function clockAt(elapsed: number) {
  if (elapsed < REGULATION_MS) {
    const period = Math.min(2, Math.floor(elapsed / (PERIOD_MS + INTERMISSION_MS)));
    const into = elapsed - period * (PERIOD_MS + INTERMISSION_MS);
    const se = `P${period + 1}`;
    if (into >= PERIOD_MS) return { se, interval: true, played: (period + 1) * PERIOD_MINUTES, minuteOf: PERIOD_MINUTES, leftS: 0 };
    const minuteOf = Math.floor(into / GAME_MINUTE_MS);
    return {
      se,
      interval: false,
      played: period * PERIOD_MINUTES + minuteOf,
      minuteOf,
      leftS: Math.ceil((PERIOD_MS - into) / (GAME_MINUTE_MS / 60)),
    };
  }
  if (elapsed < OT_START_MS) return { se: 'P3', interval: true, played: GAME_MINUTES, minuteOf: PERIOD_MINUTES, leftS: 0 };
  if (elapsed < SO_START_MS) {
    const into = Math.min(elapsed - OT_START_MS, OT_MINUTES * GAME_MINUTE_MS);
    return {
      se: 'OT',
      interval: into >= OT_MINUTES * GAME_MINUTE_MS,
      played: GAME_MINUTES,
      minuteOf: Math.floor(into / GAME_MINUTE_MS),
      leftS: Math.ceil((OT_MINUTES * GAME_MINUTE_MS - into) / (GAME_MINUTE_MS / 60)),
    };
  }
  return { se: 'SO', interval: false, played: GAME_MINUTES, minuteOf: 0, leftS: 0 };
}

function priced(f: Fixture, p: HockeyPlan, scH: number, scC: number, played: number, otMinutesLeft: number, margin: number): FeedMarket[] {
  return memoPrices(`${f.gameId}|${scH}|${scC}|${played}|${otMinutesLeft}|${margin}`, () => {
    const after = afterRegulation(p, otMinutesLeft);
    if (played >= GAME_MINUTES) return [moneyLine(f, after, margin, '胜负(含加时及点球)')];
    // Betting closes for the last minute of regulation (the sport's closing time).
    if (played >= GAME_MINUTES - 1) return [];
    // The hockey minute on the football model's 90-minute clock: the same share of the match is left.
    const s = {
      lambdaHome: p.lambdaHome,
      lambdaAway: p.lambdaAway,
      scoreHome: scH,
      scoreAway: scC,
      minute: (played * MATCH_MINUTES) / GAME_MINUTES,
    };
    const grid = scoreGrid(s);
    const pHome = sumGrid(grid, (h, a) => h > a) + sumGrid(grid, (h, a) => h === a) * after;
    return [...goalMarkets(f, priceFootball(s, margin), '独赢(常规时间)'), moneyLine(f, pHome, margin, '胜负(含加时及点球)')];
  });
}

/** A game every 30 minutes: 2 h 21 min with the intermissions, up to 20 more for overtime and a shootout. */
export const hockeySim: SportEngine<HockeyPlan> = {
  gameType: 'OP',
  slotMs: 30 * 60 * SECOND,
  horizonMs: 3 * 86_400_000,
  durationMs: REGULATION_MS,
  overrunMs: SO_START_MS + SO_MS - REGULATION_MS,
  plan,
  view(f, p, now, margin): MatchView {
    const elapsed = now - f.startAt;
    const end = endOf(p);
    const status = statusAt(elapsed, end);
    const c = clockAt(Math.max(0, Math.min(elapsed, end)));
    const upTo = (goals: number[]) => (status === 'scheduled' ? 0 : goals.filter((g) => g <= c.played).length);
    const regH = upTo(p.homeGoals);
    const regC = upTo(p.awayGoals);
    const won = status === 'finished' && p.decider ? p.decider.winner : null;
    const scH = regH + (won === 'H' ? 1 : 0);
    const scC = regC + (won === 'C' ? 1 : 0);
    const live = status === 'live';
    const inPlay = live && !c.interval && c.se !== 'SO';
    const se = status === 'scheduled' ? '' : status === 'finished' ? 'FT' : c.se;
    const otLeft = c.se === 'OT' ? c.leftS / 60 : c.se === 'SO' ? 0 : OT_MINUTES;
    return {
      status,
      // A goal closes betting for the minute it is scored in.
      suspended: inPlay && c.se.startsWith('P') && [...p.homeGoals, ...p.awayGoals].includes(c.played),
      step: status === 'scheduled' ? 1 : 2 + Math.floor(Math.min(elapsed, end) / GAME_MINUTE_MS) + (status === 'finished' ? 1 : 0),
      data: {
        ...emptyScores,
        se_now: se,
        re_time: !live ? '' : c.interval ? 'INT' : c.se === 'SO' ? 'SO' : `${c.se}^${c.minuteOf + 1}'`,
        t_count: inPlay ? c.leftS : 0,
        HalfTime: live && c.interval ? 1 : 0,
        gameStatus: gameStatusOf(status, live && c.interval),
        sc_FT_H: scH,
        sc_FT_C: scC,
        sc_FT_A: `${scH}-${scC}`,
        isLive: live,
      },
      markets: () => (status === 'finished' ? [] : priced(f, p, regH, regC, c.played, Math.ceil(otLeft), margin)),
      result:
        status === 'finished'
          ? { gameId: f.gameId, scoreH: regH, scoreC: regC, htH: null, htC: null, winner: scH > scC ? 'H' : 'C' }
          : null,
    };
  },
};
