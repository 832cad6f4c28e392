/**
 * The e-sports book of a series at one state, priced from the model (moba.ts, tactical.ts, series.ts) with
 * the sport margins: series markets — match winner (ML), correct series score (CS), map handicap (AH), total
 * maps (OU), on the same codes and settlement as every sport — and map markets on map-scoped codes (codes.ts):
 * the winner of every map still to come, and for the map being played (or the next one) first blood and first
 * tower (MOBA) or pistol round and first to five rounds (shooters), total kills / rounds and kill / round
 * handicap on half lines. A main line is offered only balanced (band.ts), and nothing of a map once it has ended.
 */
import type { FeedMarket } from '../../../providers/oddsFeed.ts';
import { balancedPair } from '../band.ts';
import { balancedLine, coverChance, handicap, moneyLine, overChance, pHomeWins, sel, total, type Outcome } from '../book.ts';
import type { Fixture } from '../engine.ts';
import { priceOf } from '../pricing.ts';
import { signedLine } from '../rng.ts';
import { killOutcomes, mobaMapChance } from './moba.ts';
import type { SeriesPlan, Snap } from './series.ts';
import { forward, mapOver, roundChance } from './tactical.ts';

/** Final series scores from (h, c) with the chances of the maps still to play. */
export function seriesOutcomes(need: number, h: number, c: number, chances: readonly number[]): Outcome[] {
  const out: Outcome[] = [];
  const walk = (a: number, b: number, i: number, p: number) => {
    if (a === need || b === need) out.push([a, b, p]);
    else {
      const q = chances[i] ?? 0.5;
      walk(a + 1, b, i + 1, p * q);
      walk(a, b + 1, i + 1, p * (1 - q));
    }
  };
  walk(h, c, 0, 1);
  return out;
}

/** The map's state for pricing: the live one, or a fresh one for the next map. */
function mapState(s: Snap, sec: number) {
  return s.live ? { ...s, sec } : { h: 0, c: 0, gold: 0, fb: -1, fo: -1, pr: -1, last: -1, sec: 0 };
}

/** A two-way market on a map-scoped code, both sides or none. */
function twoWay(type: string, name: string, k: number, f: Fixture, pHome: number, margin: number): FeedMarket {
  const [h, c] = [priceOf(pHome, margin), priceOf(1 - pHome, margin)];
  return { type, name, kind: 'main', selections: [...sel(`${type}:${k}:H`, f.team_h, h), ...sel(`${type}:${k}:C`, f.team_c, c)] };
}

/** Total (KO) and handicap (KH) of a map on the balanced half line, from distributions of the total and the difference. */
function lines(k: number, f: Fixture, unit: string, tot: Map<number, number>, diff: Map<number, number>, floor: number, margin: number) {
  const chanceOver = (line: number) => [...tot].reduce((s, [x, p]) => s + (x > line ? p : 0), 0);
  const chanceCover = (line: number) => [...diff].reduce((s, [x, p]) => s + (x + line > 0 ? p : 0), 0);
  const max = Math.max(...tot.keys());
  const tLines = Array.from({ length: Math.max(1, max - floor) }, (_, i) => floor + i + 0.5);
  const hLines = Array.from({ length: 61 }, (_, i) => i - 30.5);
  const tl = balancedLine(tLines, chanceOver);
  const hl = balancedLine(hLines, chanceCover);
  const [o, u] = balancedPair(priceOf(chanceOver(tl), margin), priceOf(1 - chanceOver(tl), margin));
  const [ph, pc] = balancedPair(priceOf(chanceCover(hl), margin), priceOf(1 - chanceCover(hl), margin));
  return [
    {
      type: 'KO',
      name: `第${k}图 总${unit}`,
      kind: 'main',
      selections: [...sel(`KO:${k}:O:${tl}`, `大 ${tl}`, o), ...sel(`KO:${k}:U:${tl}`, `小 ${tl}`, u)],
    },
    {
      type: 'KH',
      name: `第${k}图 ${unit}让分`,
      kind: 'main',
      selections: [
        ...sel(`KH:${k}:H:${hl}`, `${f.team_h} ${signedLine(hl)}`, ph),
        ...sel(`KH:${k}:C:${-hl}`, `${f.team_c} ${signedLine(-hl)}`, pc),
      ],
    },
  ] satisfies FeedMarket[];
}

/** Prices every market of the series at snapshot `s`, `sec` seconds into its map. */
export function priceSeries(f: Fixture, p: SeriesPlan, s: Snap, sec: number, margin: number): FeedMarket[] {
  const r = p.title.rules;
  const i = s.live ? s.map - 1 : s.mapsH + s.mapsC;
  if (i >= p.bestOf || s.mapsH === p.need || s.mapsC === p.need) return [];
  const m = p.maps[i]!;
  const st = mapState(s, sec);
  const k = i + 1;
  const out: FeedMarket[] = [];
  let pCur: number;
  if (r.kind === 'moba') {
    pCur = st.sec > 0 || st.gold !== 0 ? mobaMapChance(r, m.q, m.drift, st.sec, st.gold) : m.pre;
    if (st.fb === -1) out.push(twoWay('FB', `第${k}图 首杀`, k, f, m.q, margin));
    if (st.fo === -1) out.push(twoWay('FO', `第${k}图 ${p.title.objective}`, k, f, m.q, margin));
    const kills = killOutcomes(r, m.q, st.sec, st.h, st.c);
    out.push(...lines(k, f, '击杀', kills.total, kills.diff, st.h + st.c, margin));
  } else {
    const finals = forward(m.q, st.h, st.c, st.last, (h, c) => mapOver(r.toWin, h, c));
    pCur = finals.reduce((a, [h, c, q]) => a + (h > c ? q : 0), 0);
    if (st.pr === -1) out.push(twoWay('PR', `第${k}图 手枪局`, k, f, roundChance(m.q, 1, -1), margin));
    if (st.fo === -1) {
      const five = forward(m.q, st.h, st.c, st.last, (h, c) => h >= 5 || c >= 5);
      out.push(twoWay('FO', `第${k}图 ${p.title.objective}`, k, f, pHomeWins(five), margin));
    }
    const tot = new Map<number, number>();
    const diff = new Map<number, number>();
    for (const [h, c, q] of finals) {
      tot.set(h + c, (tot.get(h + c) ?? 0) + q);
      diff.set(h - c, (diff.get(h - c) ?? 0) + q);
    }
    out.push(...lines(k, f, '回合', tot, diff, Math.max(st.h + st.c, r.toWin), margin));
  }
  const chances = [pCur, ...p.maps.slice(i + 1).map((x) => x.pre)];
  const series = seriesOutcomes(p.need, s.mapsH, s.mapsC, chances);
  const head: FeedMarket[] = [moneyLine(f, pHomeWins(series), margin, '获胜者')];
  if (p.bestOf > 1) {
    head.push({
      type: 'CS',
      name: '系列赛比分',
      kind: 'correctScore',
      selections: series.flatMap(([h, c, q]) => sel(`CS:${h}-${c}`, `${h}-${c}`, priceOf(q, margin * 2))),
    });
    const hLines = p.bestOf === 3 ? [-1.5, 1.5] : [-2.5, -1.5, 1.5, 2.5];
    const ah = handicap(f, series, balancedLine(hLines, coverChance(series)), margin, '让图');
    const tLines = p.bestOf === 3 ? [2.5] : [3.5, 4.5];
    const ou = total(series, balancedLine(tLines, overChance(series)), margin, '总图数');
    for (const mk of [ah, ou]) {
      const [a, b] = balancedPair(mk.selections[0]?.r ?? null, mk.selections[1]?.r ?? null);
      if (a !== null && b !== null && mk.selections.length === 2) head.push(mk);
    }
  }
  const winners = chances.map((q, j) => twoWay('MW', `第${k + j}图 获胜者`, k + j, f, q, margin));
  return [...head, ...winners, ...out];
}
