/**
 * Basketball (BK) simulation: points per played minute drawn once per match (2s, 3s and free throws
 * as Poisson counts, scaled by team strength), 5-minute overtimes until someone leads. Live state:
 * quarter (se_now), t_count = seconds left in the quarter (shown mm:ss by @portal/rules basketballClock).
 * Prices: normal approximation of the remaining points — money line, handicap and total on half
 * lines (no push), odd/even — with the margin, moving with the score and the clock.
 */
import type { FeedMarket } from '../../providers/oddsFeed.ts';
import { moneyLine, sel } from './book.ts';
import { strength } from './catalog.ts';
import { emptyScores, type Fixture, type MatchView, type SportEngine } from './engine.ts';
import { priceOf } from './pricing.ts';
import { normalCdf, poissonDraw, signedLine, type Rng } from './rng.ts';

export interface BasketballPlan {
  quarterMin: number;
  /** Points per played minute, regulation then overtime minutes. */
  home: number[];
  away: number[];
  rateHome: number;
  rateAway: number;
}

const MINUTE = 60_000;
const OT_MIN = 5;
/** Markets close with this many minutes of regulation left (and stay closed in overtime). */
const CLOSE_MINUTES_LEFT = 1;
/** Per minute for an average side: 2-pointers, 3-pointers, free throws (≈ 2.36 points, variance ≈ 5.2). */
const TWO = 0.6,
  THREE = 0.27,
  FT = 0.35;
const MEAN = 2 * TWO + 3 * THREE + FT;
const VAR = 4 * TWO + 9 * THREE + FT;
/** Breaks after quarters 1, 2 (half time) and 3, and before each overtime. */
const BREAKS_MS = [2 * MINUTE, 10 * MINUTE, 2 * MINUTE];
const OT_BREAK_MS = 2 * MINUTE;

function minutePoints(rng: Rng, f: number): number {
  return 2 * poissonDraw(rng, TWO * f) + 3 * poissonDraw(rng, THREE * f) + poissonDraw(rng, FT * f);
}

const sum = (a: number[], n: number) => a.slice(0, n).reduce((s, x) => s + x, 0);

/** Timeline of periods: [startMs, minutes] relative to tip-off. */
function periods(plan: BasketballPlan): Array<{ start: number; minutes: number; name: string }> {
  const out: Array<{ start: number; minutes: number; name: string }> = [];
  let t = 0;
  for (let q = 0; q < 4; q++) {
    out.push({ start: t, minutes: plan.quarterMin, name: `Q${q + 1}` });
    t += plan.quarterMin * MINUTE + (BREAKS_MS[q] ?? 0);
  }
  const ots = (plan.home.length - 4 * plan.quarterMin) / OT_MIN;
  t -= BREAKS_MS[3] ?? 0;
  for (let o = 0; o < ots; o++) {
    t += OT_BREAK_MS;
    out.push({ start: t, minutes: OT_MIN, name: 'OT' });
    t += OT_MIN * MINUTE;
  }
  return out;
}

function priced(f: Fixture, p: BasketballPlan, scH: number, scC: number, minutesLeft: number, margin: number): FeedMarket[] {
  const muH = MEAN * p.rateHome * minutesLeft;
  const muC = MEAN * p.rateAway * minutesLeft;
  const sigma = Math.sqrt(VAR * (p.rateHome + p.rateAway) * minutesLeft + 1);
  const diff = scH - scC + muH - muC;
  const total = scH + scC + muH + muC;
  const pHome = normalCdf(diff / sigma);
  const line = -(Math.floor(diff) + 0.5); // home's handicap, a half line
  const pCover = normalCdf((diff + line) / sigma);
  const ouLine = Math.floor(total) + 0.5;
  const pOver = 1 - normalCdf((ouLine - total) / sigma);
  return [
    moneyLine(f, pHome, margin),
    {
      type: 'AH',
      name: '让分',
      kind: 'main',
      selections: [
        ...sel(`AH:H:${line}`, `${f.team_h} ${signedLine(line)}`, priceOf(pCover, margin)),
        ...sel(`AH:C:${-line}`, `${f.team_c} ${signedLine(-line)}`, priceOf(1 - pCover, margin)),
      ],
    },
    {
      type: 'OU',
      name: '大小',
      kind: 'main',
      selections: [
        ...sel(`OU:O:${ouLine}`, `大 ${ouLine}`, priceOf(pOver, margin)),
        ...sel(`OU:U:${ouLine}`, `小 ${ouLine}`, priceOf(1 - pOver, margin)),
      ],
    },
    {
      type: 'OE',
      name: '单双',
      kind: 'main',
      selections: [...sel('OE:O', '单', priceOf(0.5, margin)), ...sel('OE:E', '双', priceOf(0.5, margin))],
    },
  ];
}

export const basketballSim: SportEngine<BasketballPlan> = {
  gameType: 'BK',
  slotMs: 20 * MINUTE,
  horizonMs: 3 * 86_400_000,
  durationMs: 48 * MINUTE + 14 * MINUTE,
  overrunMs: 4 * (OT_BREAK_MS + OT_MIN * MINUTE),
  plan(f, rng) {
    const quarterMin = f.league.id === 'NBA' ? 12 : 10;
    const rateHome = 1.03 * (strength(f.league, f.team_h) / strength(f.league, f.team_c)) ** 0.15;
    const rateAway = 0.97 * (strength(f.league, f.team_c) / strength(f.league, f.team_h)) ** 0.15;
    const home: number[] = [];
    const away: number[] = [];
    for (let m = 0; m < 4 * quarterMin; m++) {
      home.push(minutePoints(rng, rateHome));
      away.push(minutePoints(rng, rateAway));
    }
    for (let ot = 0; ot < 4 && sum(home, home.length) === sum(away, away.length); ot++) {
      for (let m = 0; m < OT_MIN; m++) {
        home.push(minutePoints(rng, rateHome));
        away.push(minutePoints(rng, rateAway));
      }
    }
    // Still level after four overtimes (vanishingly rare): the home side's last free throw.
    if (sum(home, home.length) === sum(away, away.length)) home[home.length - 1]! += 1;
    return { quarterMin, home, away, rateHome, rateAway };
  },
  view(f, p, now, margin): MatchView {
    const elapsed = now - f.startAt;
    const ps = periods(p);
    const last = ps[ps.length - 1]!;
    const end = last.start + last.minutes * MINUTE;
    let played = 0; // whole minutes played
    let se = '';
    let tCount = 0;
    let halfTime: 0 | 1 = 0;
    if (elapsed >= end) {
      played = p.home.length;
      se = 'FT';
    } else if (elapsed >= 0) {
      let before = 0;
      for (const [i, per] of ps.entries()) {
        const into = elapsed - per.start;
        if (into < 0) {
          // in the break before this period
          if (i === 2) halfTime = 1;
          se = ps[i - 1]!.name;
          tCount = 0;
          played = before;
          break;
        }
        if (into < per.minutes * MINUTE) {
          se = per.name;
          played = before + Math.floor(into / MINUTE);
          tCount = Math.ceil((per.minutes * MINUTE - into) / 1000);
          break;
        }
        before += per.minutes;
      }
    }
    const status = elapsed < 0 ? ('scheduled' as const) : elapsed >= end ? ('finished' as const) : ('live' as const);
    const scH = sum(p.home, played);
    const scC = sum(p.away, played);
    const regulation = 4 * p.quarterMin;
    const minutesLeft = Math.max(played < regulation ? regulation - played : 0, 0.5);
    return {
      status,
      suspended: false,
      step: status === 'scheduled' ? 1 : 2 + Math.floor(Math.min(elapsed, end) / MINUTE) + (status === 'finished' ? 1 : 0),
      data: {
        ...emptyScores,
        re_time: status === 'live' ? se : '',
        t_count: tCount,
        se_now: se,
        HalfTime: halfTime,
        gameStatus: status === 'scheduled' ? 'NOT_STARTED' : status === 'finished' ? 'FINISHED' : halfTime ? 'HALF_TIME' : 'LIVE',
        sc_FT_H: scH,
        sc_FT_C: scC,
        sc_FT_A: `${scH}-${scC}`,
        isLive: status === 'live',
      },
      // Betting closes for the last minute of regulation and in overtime (the closing time of a basketball book).
      markets: () => (status === 'finished' || minutesLeft <= CLOSE_MINUTES_LEFT ? [] : priced(f, p, scH, scC, minutesLeft, margin)),
      result:
        status === 'finished'
          ? {
              gameId: f.gameId,
              scoreH: scH,
              scoreC: scC,
              htH: sum(p.home, 2 * p.quarterMin),
              htC: sum(p.away, 2 * p.quarterMin),
              winner: null,
            }
          : null,
    };
  },
};
