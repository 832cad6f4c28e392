/**
 * Snooker (SK) simulation: a race to `need` frames (best of 7 in ranking events, 11 at the Masters).
 * A frame is visits to the table, the breaker alternating frame by frame: a visit scores nothing or a
 * break (1 + geometric; the stronger player misses less and breaks bigger), never more than the points
 * left on the table (147 at the start of a frame, less every point scored). The frame ends when the
 * points left cannot close the gap (the trailing player concedes) or none are left; level at the end,
 * a re-spotted black is 7 to one of them. A visit takes 20 s plus 6 s a point, 90 s between frames.
 *
 * Live state: frames in sc_set_H/A (and sc_FT_H/C), points of the current frame in sc_game_H/A, se_now
 * 'F1'…. Prices: the frame's point difference runs as a random walk over the points left (drift and
 * variance of a pair of visits from the break model), so P(frame) = Φ((lead + drift) / spread), certain
 * once the lead exceeds the points left; the frames race (sets.ts) gives the final frame scores, priced
 * as money line, frame handicap and total frames.
 */
import { memoPrices } from './book.ts';
import { strength } from './catalog.ts';
import { statusAt, type Fixture, type MatchView, type SportEngine } from './engine.ts';
import { normalCdf, type Rng } from './rng.ts';
import { fitWithin, matchOutcomes, raceMarkets, raceView, unitsBy } from './sets.ts';

/** One player's visit: P(scoring nothing) and the mean break when scoring. */
interface Visit {
  miss: number;
  mean: number;
}

export interface SnookerPlan {
  need: number;
  visits: [Visit, Visit];
  /** Per visit: 0 home, 1 away at the table; points; ms from the start when it ended. */
  who: number[];
  pts: number[];
  ends: number[];
  /** Per frame: its first visit (one more entry: the number of visits). */
  frameStart: number[];
  /** Per frame: 1 when home won it. */
  frameWon: number[];
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const TABLE_POINTS = 147;
/** A safety battle that never ends is cut: the frame is over after this many visits. */
const MAX_VISITS = 80;
const BEST_OF: Record<string, number> = { SMS: 11 };

/** Mean and variance of one visit's points. */
function moments(v: Visit): { m: number; v: number } {
  const g = v.mean - 1; // the geometric part of a scoring visit
  const m = (1 - v.miss) * v.mean;
  return { m, v: (1 - v.miss) * (g * (1 + g) + v.mean * v.mean) - m * m };
}

/** P(home wins the frame) with a lead of `lead` points and `left` points on the table. */
export function frameChance(visits: [Visit, Visit], lead: number, left: number): number {
  if (lead > left) return 1;
  if (-lead > left) return 0;
  const h = moments(visits[0]);
  const c = moments(visits[1]);
  const pairs = left / (h.m + c.m);
  return normalCdf((lead + pairs * (h.m - c.m)) / Math.sqrt(pairs * (h.v + c.v) + 1));
}

function visitPoints(rng: Rng, v: Visit, left: number): number {
  if (rng() < v.miss) return 0;
  const rho = (v.mean - 1) / v.mean;
  return Math.min(left, 1 + Math.floor(Math.log(1 - rng()) / Math.log(rho)));
}

function playFrame(rng: Rng, visits: [Visit, Visit], breaker: number): Array<[who: number, pts: number]> {
  const out: Array<[number, number]> = [];
  const score = [0, 0];
  let left = TABLE_POINTS;
  for (let who = breaker; left > 0 && Math.abs(score[0]! - score[1]!) <= left && out.length < MAX_VISITS; who = 1 - who) {
    const pts = visitPoints(rng, visits[who]!, left);
    score[who]! += pts;
    left -= pts;
    out.push([who, pts]);
  }
  if (score[0] === score[1]) out.push([rng() < 0.5 ? 0 : 1, 7]); // the re-spotted black
  return out;
}

/** Frames won, the current frame's points and what is left on its table after n visits. */
function replay(p: SnookerPlan, n: number) {
  const frames = [0, 0];
  const cur = [0, 0];
  let frame = 0;
  while (frame < p.frameWon.length && p.frameStart[frame + 1]! <= n) frames[1 - p.frameWon[frame++]!]!++;
  const over = frame === p.frameWon.length;
  if (!over) for (let i = p.frameStart[frame]!; i < n; i++) cur[p.who[i]!]! += p.pts[i]!;
  return { frames, cur, frame: frame + 1, over, left: Math.max(0, TABLE_POINTS - cur[0]! - cur[1]!) };
}

function plan(f: Fixture, rng: Rng): SnookerPlan {
  const visit = (s: number): Visit => ({ miss: 0.52 - 0.08 * (s - 1), mean: 26 + 14 * (s - 1) });
  const need = ((BEST_OF[f.league.id] ?? 7) + 1) / 2;
  const p: SnookerPlan = {
    need,
    visits: [visit(strength(f.league, f.team_h)), visit(strength(f.league, f.team_c))],
    who: [],
    pts: [],
    ends: [],
    frameStart: [],
    frameWon: [],
  };
  const firstBreak = rng() < 0.5 ? 0 : 1;
  const won = [0, 0];
  let t = 0;
  for (let frame = 0; won[0]! < need && won[1]! < need; frame++) {
    if (frame > 0) t += 90 * SECOND;
    p.frameStart.push(p.who.length);
    const score = [0, 0];
    for (const [who, pts] of playFrame(rng, p.visits, (firstBreak + frame) % 2)) {
      p.who.push(who);
      p.pts.push(pts);
      score[who]! += pts;
      t += 20 * SECOND + pts * 6 * SECOND;
      p.ends.push(t);
    }
    const home = score[0]! > score[1]! ? 1 : 0;
    p.frameWon.push(home);
    won[1 - home]!++;
  }
  p.frameStart.push(p.who.length);
  p.ends = fitWithin(p.ends, snookerSim.durationMs + snookerSim.overrunMs);
  return p;
}

/** A match every 40 minutes: frames of about a quarter of an hour, best of 7 in 1½–2 hours, best of 11 up to 3½. */
export const snookerSim: SportEngine<SnookerPlan> = {
  gameType: 'SK',
  slotMs: 40 * MINUTE,
  horizonMs: 3 * 86_400_000,
  durationMs: 3 * 60 * MINUTE,
  overrunMs: 90 * MINUTE,
  plan,
  view(f, p, now, margin): MatchView {
    const elapsed = now - f.startAt;
    const status = statusAt(elapsed, p.ends[p.ends.length - 1]!);
    const n = status === 'scheduled' ? 0 : unitsBy(p.ends, elapsed);
    const s = replay(p, n);
    const se = status === 'scheduled' ? '' : s.over ? 'FT' : `F${s.frame}`;
    const markets = () =>
      status === 'finished'
        ? []
        : memoPrices(`${f.gameId}|${n}|${margin}`, () => {
            const fresh = frameChance(p.visits, 0, TABLE_POINTS);
            const outcomes = matchOutcomes(
              p.need,
              s.frames[0]!,
              s.frames[1]!,
              frameChance(p.visits, s.cur[0]! - s.cur[1]!, s.left),
              () => fresh,
            );
            return raceMarkets(f, p.need, outcomes, margin, { handicap: '让局', total: '总局数' });
          });
    return raceView(f, status, n, se, s.frames, s.cur, markets);
  },
};
