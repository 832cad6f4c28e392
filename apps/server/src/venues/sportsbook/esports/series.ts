/**
 * An e-sports series, planned once from the fixture's seed: best of 1, 3 or 5 (the league's), each map's
 * advantage (draft side, or the map picked) drawn up front and public from the start, the maps played one by
 * one (moba.ts, tactical.ts) until a side has won the majority, with a break between maps. Rarely (2%) a side
 * forfeits, before the series or between maps: the series ends there.
 *
 * The plan is a timeline: `at[i]` (ms from the start) and `snaps[i]`, the state after that entry — a map's
 * start, each kill / tower / dragon or round, a map's end, a forfeit.
 */
import type { EsportsMapResult } from '../../../providers/oddsFeed.ts';
import type { Rng } from '../rng.ts';
import { Ev, goldAt, mobaMapChance, planMobaMap, type MobaMapPlan } from './moba.ts';
import { forward, mapOver, planTacticalMap, type TacticalMapPlan } from './tactical.ts';
import type { Title } from './titles.ts';

export type Side = -1 | 0 | 1;
export type EntryKind = 'start' | 'kill' | 'tower' | 'dragon' | 'round' | 'mapEnd' | 'forfeit';

export interface Snap {
  kind: EntryKind;
  /** The current map (1-based); between maps, the one just ended. */
  map: number;
  live: boolean;
  mapsH: number;
  mapsC: number;
  /** ms from the series start when the current map started. */
  mapStart: number;
  /** Kills (MOBA) or rounds (shooters) of the current map. */
  h: number;
  c: number;
  towers: [number, number];
  dragons: [number, number];
  gold: number;
  /** First kill, first objective (tower / to five rounds), pistol round, last round: 0 home, 1 away, −1 not yet. */
  fb: Side;
  fo: Side;
  pr: Side;
  last: Side;
}

export interface MapPlan {
  /** Home's kill share (MOBA) or round chance (shooters) on this map, and its pre-map chance to win it. */
  q: number;
  drift: number;
  pre: number;
}

export interface SeriesPlan {
  title: Title;
  bestOf: number;
  need: number;
  /** Every map the series could reach (played or not). */
  maps: MapPlan[];
  at: number[];
  snaps: Snap[];
  /** Per map played: the MOBA or round plan (same order as played). */
  played: Array<MobaMapPlan | TacticalMapPlan>;
  forfeit: { by: 0 | 1; afterMaps: number } | null;
  endMs: number;
}

export const BREAK_MS = 5 * 60_000;
const logistic = (x: number) => 1 / (1 + Math.exp(-x));
const gauss = (rng: Rng) => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());

/** The pre-map chance of a map from its q (MOBA: the map's gold race from 0; shooters: the rounds chain from 0–0). */
export function preMapChance(title: Title, q: number, drift: number): number {
  const r = title.rules;
  if (r.kind === 'moba') return mobaMapChance(r, q, drift, 0, 0);
  return forward(q, 0, 0, -1, (h, c) => mapOver(r.toWin, h, c)).reduce((s, [h, c, p]) => s + (h > c ? p : 0), 0);
}

export function planSeries(rng: Rng, title: Title, bestOf: number, sH: number, sC: number): SeriesPlan {
  const r = title.rules;
  const need = (bestOf + 1) / 2;
  const maps: MapPlan[] = Array.from({ length: bestOf }, () => {
    const q = r.kind === 'moba' ? logistic(0.35 * (sH - sC) + 0.1 * gauss(rng)) : logistic(0.5 * (sH - sC) + 0.15 * gauss(rng));
    const drift = r.kind === 'moba' ? 120 * (2 * q - 1) : 0;
    return { q, drift, pre: preMapChance(title, q, drift) };
  });
  const forfeitDraw = rng() < 0.02 ? { by: (rng() < 0.5 ? 0 : 1) as 0 | 1, afterMaps: Math.floor(rng() * bestOf) } : null;
  const at: number[] = [];
  const snaps: Snap[] = [];
  const played: SeriesPlan['played'] = [];
  const won = [0, 0];
  let t = 0;
  const push = (ms: number, s: Snap) => {
    at.push(ms);
    snaps.push(s);
  };
  for (let i = 0; won[0]! < need && won[1]! < need; i++) {
    if (forfeitDraw && forfeitDraw.afterMaps === i) {
      push(t, { ...blank(i === 0 ? 1 : i, t), mapsH: won[0]!, mapsC: won[1]!, kind: 'forfeit', live: false });
      return { title, bestOf, need, maps, at, snaps, played, forfeit: forfeitDraw, endMs: t };
    }
    const m = maps[i]!;
    const s: Snap = { ...blank(i + 1, t), mapsH: won[0]!, mapsC: won[1]! };
    push(t, { ...s });
    let winner: 0 | 1;
    let lenMs: number;
    if (r.kind === 'moba') {
      const plan = planMobaMap(rng, r, m.q);
      played.push(plan);
      for (const [sec, ev, side] of plan.events) {
        if (ev === Ev.Kill) {
          if (side === 0) s.h++;
          else s.c++;
          if (s.fb === -1) s.fb = side as Side;
        } else if (ev === Ev.Tower) {
          s.towers = side === 0 ? [s.towers[0] + 1, s.towers[1]] : [s.towers[0], s.towers[1] + 1];
          if (s.fo === -1) s.fo = side as Side;
        } else s.dragons = side === 0 ? [s.dragons[0] + 1, s.dragons[1]] : [s.dragons[0], s.dragons[1] + 1];
        s.gold = goldAt(plan, sec, s.h - s.c, s.towers[0] - s.towers[1]);
        push(t + sec * 1000, { ...s, kind: ev === Ev.Kill ? 'kill' : ev === Ev.Tower ? 'tower' : 'dragon' });
      }
      winner = plan.winner;
      lenMs = plan.lenSec * 1000;
      s.gold = goldAt(plan, plan.lenSec, s.h - s.c, s.towers[0] - s.towers[1]);
    } else {
      const plan = planTacticalMap(rng, r, m.q);
      played.push(plan);
      plan.winners.forEach((w, k) => {
        if (w === 0) s.h++;
        else s.c++;
        if (k === 0) s.pr = w;
        if (s.fo === -1 && (s.h === 5 || s.c === 5)) s.fo = w;
        s.last = w;
        if (k < plan.winners.length - 1) push(t + plan.ends[k]! * 1000, { ...s, kind: 'round' });
      });
      winner = plan.winner;
      lenMs = plan.ends[plan.ends.length - 1]! * 1000;
    }
    won[winner]!++;
    t += lenMs;
    push(t, { ...s, kind: 'mapEnd', live: false, mapsH: won[0]!, mapsC: won[1]! });
    if (won[0]! < need && won[1]! < need) t += BREAK_MS;
  }
  return { title, bestOf, need, maps, at, snaps, played, forfeit: null, endMs: t };
}

function blank(map: number, mapStart: number): Snap {
  return {
    kind: 'start',
    map,
    live: true,
    mapsH: 0,
    mapsC: 0,
    mapStart,
    h: 0,
    c: 0,
    towers: [0, 0],
    dragons: [0, 0],
    gold: 0,
    fb: -1,
    fo: -1,
    pr: -1,
    last: -1,
  };
}

const sideCode = (s: Side) => (s === 0 ? 'H' : s === 1 ? 'C' : null);

/** The maps' results as settlement reads them (only maps played to the end). */
export function mapResults(p: SeriesPlan): EsportsMapResult[] {
  return p.snaps
    .filter((s) => s.kind === 'mapEnd')
    .map((s, i) => ({
      winner: p.played[i]!.winner === 0 ? 'H' : 'C',
      h: s.h,
      c: s.c,
      fb: sideCode(s.fb),
      fo: sideCode(s.fo),
      pr: sideCode(s.pr),
    }));
}
