/**
 * The sport engine of an e-sports title (SportEngine): a series a slot, rotating the title's leagues; the
 * live view is the plan's timeline at the clock (series.ts) — maps score in sc_FT / sc_set, kills or rounds of
 * the map in sc_game, 'M<map>' in se_now, the map's clock in re_time, the rest in data.esports.
 *
 * In play the book is suspended for SUSPEND_MS after each kill, tower, dragon, round or map end (and the
 * sportsbook's in-play delay re-checks every bet after it), then reopens at the new prices.
 */
import type { EsportsStateWire } from '@portal/contract';
import { memoPrices } from '../book.ts';
import { strength } from '../catalog.ts';
import { emptyScores, gameStatusOf, statusAt, type Fixture, type MatchView, type SportEngine } from '../engine.ts';
import { unitsBy } from '../sets.ts';
import { goldAt, type MobaMapPlan } from './moba.ts';
import { priceSeries } from './prices.ts';
import { mapResults, planSeries, type SeriesPlan, type Snap } from './series.ts';
import { bestOfLeague, TITLES, type EsportsCode } from './titles.ts';

export const SUSPEND_MS = 10_000;
const MINUTE = 60_000;
const SUSPENDING = new Set(['kill', 'tower', 'dragon', 'round', 'mapEnd']);

const clockText = (sec: number) => `${String(Math.floor(sec / 60)).padStart(2, '0')}:${String(Math.floor(sec % 60)).padStart(2, '0')}`;

/** The gold lead at each whole minute of the live map up to `sec` (MOBA), from its events and farm. */
function goldHistory(plan: MobaMapPlan, sec: number): number[] {
  const out: number[] = [];
  let kd = 0;
  let td = 0;
  let e = 0;
  for (let m = 0; m * 60 <= sec; m++) {
    while (e < plan.events.length && plan.events[e]![0] <= m * 60) {
      const [, kind, side] = plan.events[e++]!;
      if (kind === 0) kd += side === 0 ? 1 : -1;
      if (kind === 1) td += side === 0 ? 1 : -1;
    }
    out.push(goldAt(plan, m * 60, kd, td));
  }
  return out;
}

function esportsData(p: SeriesPlan, s: Snap, sec: number): EsportsStateWire {
  const moba = p.title.rules.kind === 'moba';
  const mapPlan = p.played[s.map - 1];
  const finished = p.snaps.filter((x) => x.kind === 'mapEnd');
  const results = mapResults(p);
  const live = s.live && mapPlan;
  const gold = live && moba ? goldAt(mapPlan as MobaMapPlan, sec, s.h - s.c, s.towers[0] - s.towers[1]) : s.gold;
  const econ = !moba && live && 'econ' in mapPlan ? (mapPlan.econ[Math.min(s.h + s.c, mapPlan.econ.length - 1)] ?? null) : null;
  return {
    title: p.title.code,
    bestOf: p.bestOf,
    map: s.map,
    live: s.live,
    clock: Math.floor(sec),
    maps: results.slice(0, s.mapsH + s.mapsC).map((r, i) => ({ winner: r.winner, h: finished[i]!.h, c: finished[i]!.c })),
    unit: moba ? 'kills' : 'rounds',
    score: [s.h, s.c],
    towers: s.towers,
    dragons: s.dragons,
    gold,
    goldHistory: moba && mapPlan && 'farm' in mapPlan ? goldHistory(mapPlan, s.live ? sec : mapPlan.lenSec) : [],
    econ: econ ? [econ[0], econ[1]] : null,
    lastEvent: s.kind,
    forfeit: s.kind === 'forfeit',
  };
}

/** The engine of one title. A series every `slotMs` (the title's leagues in turn), listed two days ahead. */
export function esportsEngine(code: EsportsCode, slotMinutes: number): SportEngine<SeriesPlan> {
  const title = TITLES[code];
  const r = title.rules;
  const mapMs = r.kind === 'moba' ? 1.2 * r.minutes * MINUTE : 40 * r.roundSec * 1.4 * 1000;
  const engine: SportEngine<SeriesPlan> = {
    gameType: code,
    slotMs: slotMinutes * MINUTE,
    horizonMs: 2 * 86_400_000,
    durationMs: Math.round(5 * mapMs + 4 * 5 * MINUTE),
    overrunMs: 60 * MINUTE,
    plan: (f: Fixture, rng) =>
      planSeries(rng, title, bestOfLeague.get(f.league.id) ?? 3, strength(f.league, f.team_h), strength(f.league, f.team_c)),
    view(f, p, now, margin): MatchView {
      const elapsed = now - f.startAt;
      const status = statusAt(elapsed, p.endMs + (p.forfeit ? 1 : 0));
      const n = status === 'scheduled' ? 1 : Math.max(1, unitsBy(p.at, elapsed));
      const s = p.snaps[n - 1]!;
      const sec = status === 'live' && s.live ? (elapsed - s.mapStart) / 1000 : 0;
      const suspended = status === 'live' && SUSPENDING.has(s.kind) && elapsed - p.at[n - 1]! < SUSPEND_MS;
      const step = status === 'scheduled' ? 1 : 2 + 2 * n + (status === 'finished' ? 2 : suspended ? 0 : 1);
      const se = status === 'scheduled' ? '' : status === 'finished' ? 'FT' : `M${s.map}`;
      return {
        status,
        suspended,
        step,
        data: {
          ...emptyScores,
          re_time: status === 'live' ? (s.live ? clockText(sec) : '间歇') : '',
          t_count: 0,
          se_now: se,
          HalfTime: 0,
          gameStatus: gameStatusOf(status, status === 'live' && !s.live),
          sc_FT_H: s.mapsH,
          sc_FT_C: s.mapsC,
          sc_FT_A: `${s.mapsH}-${s.mapsC}`,
          sc_set_H: s.mapsH,
          sc_set_A: s.mapsC,
          sc_game_H: s.h,
          sc_game_A: s.c,
          isLive: status === 'live',
          ...(status === 'scheduled' ? {} : { esports: esportsData(p, s, sec) }),
        },
        markets: () =>
          status === 'finished'
            ? []
            : memoPrices(`${f.gameId}|${n}|${margin}`, () => priceSeries(f, p, s, (p.at[n - 1]! - s.mapStart) / 1000, margin)),
        result:
          status === 'finished'
            ? {
                gameId: f.gameId,
                scoreH: s.mapsH,
                scoreC: s.mapsC,
                htH: null,
                htC: null,
                winner: p.forfeit ? (p.forfeit.by === 0 ? 'C' : 'H') : s.mapsH > s.mapsC ? 'H' : 'C',
                maps: mapResults(p),
                forfeit: p.forfeit !== null,
              }
            : null,
      };
    },
  };
  return engine;
}

export const esportsEngines: ReadonlyArray<SportEngine<SeriesPlan>> = [
  esportsEngine('EL', 30),
  esportsEngine('EK', 20),
  esportsEngine('ED', 35),
  esportsEngine('EC', 25),
  esportsEngine('EV', 25),
];
