/**
 * Football (FT) and virtual football (VF) simulation: goals and red cards drawn once per match from the in-play
 * model (footballModel.ts: more goals late in each half, a red card moving both sides' rates), the same model the
 * prices come from (pricing.ts); live state by the clock; every market priced from the current score, minute and
 * red cards, suspended for the minute a goal is scored.
 */
import type { FeedMarket } from '../../providers/oddsFeed.ts';
import { balancedPair } from './band.ts';
import { memoPrices, sel } from './book.ts';
import { strength } from './catalog.ts';
import { emptyScores, type Fixture, type MatchView, type SportEngine } from './engine.ts';
import { minuteAt, RED_CARD_OPPONENT, RED_CARD_OWN, RED_CARDS_PER_SIDE, remainingShare } from './footballModel.ts';
import { HALF_MINUTES, MATCH_MINUTES, priceFirstHalf, priceFootball, type FootballPrices } from './pricing.ts';
import { poissonDraw, signedLine, type Rng } from './rng.ts';

export interface FootballPlan {
  lambdaHome: number;
  lambdaAway: number;
  /** Minute (1..90) of each goal. */
  homeGoals: number[];
  awayGoals: number[];
  /** Minute (1..89) of each red card shown to a side. */
  homeReds: number[];
  awayReds: number[];
}

const MINUTE = 60_000;
/** Betting closes for the match's last minute (the simulator's stoppage time): no price is fair once the result is all but known. */
export const CLOSE_MINUTE = MATCH_MINUTES - 1;

/**
 * 1X2, handicap, total and odd/even of the Poisson goals model's prices (football; hockey's regulation time). A
 * handicap or total line that leans past the band's ratio is left out whole (band.ts balancedPair); an empty
 * market is dropped by the band (offeredMarkets).
 */
export function goalMarkets(f: Fixture, fp: FootballPrices, name1x2 = '独赢'): FeedMarket[] {
  const [home, away] = balancedPair(fp.handicap.home, fp.handicap.away);
  const [over, under] = balancedPair(fp.total.over, fp.total.under);
  return [
    {
      type: '1X2',
      name: name1x2,
      kind: 'main',
      selections: [...sel('1X2:H', f.team_h, fp.h2h[0]), ...sel('1X2:N', '和局', fp.h2h[1]), ...sel('1X2:C', f.team_c, fp.h2h[2])],
    },
    {
      type: 'AH',
      name: '让球',
      kind: 'main',
      selections: [
        ...sel(`AH:H:${fp.handicap.line}`, `${f.team_h} ${signedLine(fp.handicap.line)}`, home),
        ...sel(`AH:C:${-fp.handicap.line}`, `${f.team_c} ${signedLine(-fp.handicap.line)}`, away),
      ],
    },
    {
      type: 'OU',
      name: '大小',
      kind: 'main',
      selections: [
        ...sel(`OU:O:${fp.total.line}`, `大 ${fp.total.line}`, over),
        ...sel(`OU:U:${fp.total.line}`, `小 ${fp.total.line}`, under),
      ],
    },
    { type: 'OE', name: '单双', kind: 'main', selections: [...sel('OE:O', '单', fp.oddEven.odd), ...sel('OE:E', '双', fp.oddEven.even)] },
  ];
}

interface Live {
  scoreHome: number;
  scoreAway: number;
  minute: number;
  redHome: number;
  redAway: number;
}

function markets(f: Fixture, p: FootballPlan, l: Live, margin: number): FeedMarket[] {
  return memoPrices(`${f.gameId}|${l.scoreHome}|${l.scoreAway}|${l.minute}|${l.redHome}|${l.redAway}|${margin}`, () => {
    const s = { lambdaHome: p.lambdaHome, lambdaAway: p.lambdaAway, ...l };
    const fp = priceFootball(s, margin);
    const out: FeedMarket[] = [
      ...goalMarkets(f, fp),
      {
        type: 'CS',
        name: '波胆',
        kind: 'correctScore',
        selections: Object.entries(fp.correctScore).flatMap(([k, r]) => sel(`CS:${k}`, k === 'other' ? '其他' : k, r)),
      },
    ];
    const half = priceFirstHalf(s, margin);
    if (half)
      out.push({
        type: 'HT1X2',
        name: '半场独赢',
        kind: 'main',
        selections: [...sel('HT1X2:H', f.team_h, half[0]), ...sel('HT1X2:N', '和局', half[1]), ...sel('HT1X2:C', f.team_c, half[2])],
      });
    return out;
  });
}

/** Minutes (1..90) of a Poisson(λ) number of goals, spread as the in-play model spreads them (footballModel.ts). */
export function footballGoals(rng: Rng, lambda: number): number[] {
  const n = poissonDraw(rng, lambda);
  return Array.from({ length: n }, () => minuteAt(rng())).sort((a, b) => a - b);
}

/**
 * Red cards (at most two a side), and their effect on the goals drawn: after a side's card each of its later goals
 * stays with chance RED_CARD_OWN (a thinned process runs at that rate), and its opponent scores the extra
 * (RED_CARD_OPPONENT − 1) of its current rate for the rest of the match — so the goals follow the rates the prices assume.
 */
export function drawRedCards(rng: Rng, p: Pick<FootballPlan, 'lambdaHome' | 'lambdaAway' | 'homeGoals' | 'awayGoals'>) {
  const reds = (n: number) =>
    Array.from({ length: Math.min(2, n) }, () => 1 + Math.floor(rng() * (MATCH_MINUTES - 1))).sort((a, b) => a - b);
  const homeReds = reds(poissonDraw(rng, RED_CARDS_PER_SIDE));
  const awayReds = reds(poissonDraw(rng, RED_CARDS_PER_SIDE));
  const goals = { home: [...p.homeGoals], away: [...p.awayGoals] };
  const rate = { home: p.lambdaHome, away: p.lambdaAway };
  const cards = [...homeReds.map((m) => ({ m, side: 'home' as const })), ...awayReds.map((m) => ({ m, side: 'away' as const }))].sort(
    (a, b) => a.m - b.m,
  );
  for (const { m, side } of cards) {
    const other = side === 'home' ? 'away' : 'home';
    goals[side] = goals[side].filter((g) => g <= m || rng() < RED_CARD_OWN);
    rate[side] *= RED_CARD_OWN;
    const extra = poissonDraw(rng, rate[other] * (RED_CARD_OPPONENT - 1) * remainingShare(m));
    for (let i = 0; i < extra; i++) goals[other].push(minuteAt(rng(), m));
    rate[other] *= RED_CARD_OPPONENT;
  }
  return { homeReds, awayReds, homeGoals: goals.home.sort((a, b) => a - b), awayGoals: goals.away.sort((a, b) => a - b) };
}

/** Minutes (1..minutes) of a Poisson(λ) number of goals, uniform (hockey's regulation time). */
export function drawGoals(rng: Rng, lambda: number, minutes = MATCH_MINUTES): number[] {
  const n = poissonDraw(rng, lambda);
  return Array.from({ length: n }, () => 1 + Math.floor(rng() * minutes)).sort((a, b) => a - b);
}

function footballEngine(
  gameType: 'FT' | 'VF',
  minuteMs: number,
  breakMs: number,
  slotMs: number,
  horizonMs: number,
): SportEngine<FootballPlan> {
  const halfMs = HALF_MINUTES * minuteMs;
  return {
    gameType,
    slotMs,
    horizonMs,
    durationMs: 2 * halfMs + breakMs,
    overrunMs: 0,
    plan(f, rng) {
      const sh = strength(f.league, f.team_h);
      const sa = strength(f.league, f.team_c);
      // Top against bottom of a league is about 2.4 against 0.7 expected goals, not 3.4 against 0.5 (so
      // a 1–0 lead at 53' is a 1.4–1.6 price for most matches, not 1.06).
      const lambdaHome = 1.45 * (sh / sa) ** 0.55;
      const lambdaAway = 1.15 * (sa / sh) ** 0.55;
      const goals = { lambdaHome, lambdaAway, homeGoals: footballGoals(rng, lambdaHome), awayGoals: footballGoals(rng, lambdaAway) };
      return { lambdaHome, lambdaAway, ...drawRedCards(rng, goals) };
    },
    view(f, p, now, margin): MatchView {
      const elapsed = now - f.startAt;
      const total = 2 * halfMs + breakMs;
      let minute = 0;
      let phase: 'pre' | '1H' | 'HT' | '2H' | 'end' = 'pre';
      if (elapsed >= total) {
        phase = 'end';
        minute = MATCH_MINUTES;
      } else if (elapsed >= halfMs + breakMs) {
        phase = '2H';
        minute = HALF_MINUTES + Math.floor((elapsed - halfMs - breakMs) / minuteMs);
      } else if (elapsed >= halfMs) {
        phase = 'HT';
        minute = HALF_MINUTES;
      } else if (elapsed >= 0) {
        phase = '1H';
        minute = Math.floor(elapsed / minuteMs);
      }
      const upTo = (goals: number[], m: number) => (phase === 'pre' ? 0 : goals.filter((g) => g <= m).length);
      const scH = upTo(p.homeGoals, minute);
      const scC = upTo(p.awayGoals, minute);
      const redH = upTo(p.homeReds, minute);
      const redC = upTo(p.awayReds, minute);
      const live = phase === '1H' || phase === 'HT' || phase === '2H';
      // A goal closes betting for the minute it is scored in (the feed's "goal — markets suspended").
      const suspended = live && phase !== 'HT' && [...p.homeGoals, ...p.awayGoals].includes(minute);
      const status = phase === 'pre' ? ('scheduled' as const) : phase === 'end' ? ('finished' as const) : ('live' as const);
      const step = phase === 'pre' ? 1 : 2 + Math.floor(Math.min(elapsed, total) / minuteMs) + (phase === 'end' ? 1 : 0);
      const htH = upTo(p.homeGoals, HALF_MINUTES);
      const htC = upTo(p.awayGoals, HALF_MINUTES);
      return {
        status,
        suspended,
        step,
        data: {
          ...emptyScores,
          re_time: live ? (phase === 'HT' ? 'HT' : `${phase}^${minute}'`) : '',
          t_count: 0,
          se_now: phase === 'pre' ? '' : phase === 'end' ? 'FT' : phase,
          HalfTime: phase === 'HT' ? 1 : 0,
          gameStatus: phase === 'pre' ? 'NOT_STARTED' : phase === 'end' ? 'FINISHED' : phase === 'HT' ? 'HALF_TIME' : 'LIVE',
          sc_FT_H: scH,
          sc_FT_C: scC,
          sc_FT_A: `${scH}-${scC}`,
          redcard_H: redH,
          redcard_C: redC,
          isLive: live,
        },
        markets: () =>
          status === 'finished' || minute >= CLOSE_MINUTE
            ? []
            : markets(f, p, { scoreHome: scH, scoreAway: scC, minute, redHome: redH, redAway: redC }, margin),
        result: status === 'finished' ? { gameId: f.gameId, scoreH: scH, scoreC: scC, htH, htC, winner: null } : null,
      };
    },
  };
}

const DAY = 86_400_000;
/** Real time: a kick-off every 15 minutes, 90 minutes plus a 15-minute break; fixtures 3 days ahead. */
export const footballSim = footballEngine('FT', MINUTE, 15 * MINUTE, 15 * MINUTE, 3 * DAY);
/** Virtual football: a whole match in 3 minutes (2 s a minute, no break), one every 3 minutes. */
export const virtualFootballSim = footballEngine('VF', 2_000, 0, 3 * MINUTE, 30 * MINUTE);
