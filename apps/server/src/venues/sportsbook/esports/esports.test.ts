/**
 * E-sports pricing and the model it prices: over a simulated day of each title every offered price is in its
 * band, two-way markets have both sides, main lines are balanced, nothing of a map is offered once it has
 * ended; the simulator plays the model it prices (map chances vs. maps won); map-scoped codes settle by the
 * map's result, with the void rules (a map not played, a forfeited series).
 */
import { describe, expect, it } from 'vitest';
import type { FeedResult } from '../../../providers/oddsFeed.ts';
import { MAX_MAIN_LINE_RATIO, inBand, marketTypeOf } from '../band.ts';
import { isSelectionCode, settleSelection } from '../markets.ts';
import { rngFor } from '../rng.ts';
import { SportsbookSimulator } from '../simulator.ts';
import { planMobaMap } from './moba.ts';
import { seriesOutcomes } from './prices.ts';
import { preMapChance } from './series.ts';
import { planTacticalMap } from './tactical.ts';
import { ESPORTS_CODES, TITLES } from './titles.ts';

const DAY = 86_400_000;
const START = Date.parse('2026-11-20T00:00:00Z');
const MAP_CODES = new Set(['MW', 'FB', 'FO', 'PR', 'KO', 'KH']);
const LINES = new Set(['AH', 'OU', 'KO', 'KH']);

describe.each(ESPORTS_CODES)('a simulated day of %s', (code) => {
  it('every price in band, both sides, main lines balanced, no market of a map that has ended; results settle every code', () => {
    let now = START;
    const sim = new SportsbookSimulator({ now: () => now, margin: 0.05, seed: 'esports-day' });
    const offered = new Map<string, Set<string>>();
    let live = 0;
    let maps = 0;
    for (; now < START + DAY; now += 12 * 60_000) {
      for (const showType of ['RB', 'FT'] as const) {
        for (const e of sim.list({ gameType: code, showType, pageSize: 30 }).events) {
          const es = e.data.esports;
          if (showType === 'RB') live++;
          if (es?.live) maps++;
          const ended = e.data.sc_FT_H + e.data.sc_FT_C;
          for (const m of e.markets) {
            if (m.kind === 'main' && m.type !== 'CS') expect(m.selections.length, `${e.gameId} ${m.type}`).toBe(2);
            for (const s of m.selections) {
              expect(inBand(marketTypeOf(s.w), s.r), `${s.w} ${s.r}`).toBe(true);
              expect(isSelectionCode(s.w), s.w).toBe(true);
              if (MAP_CODES.has(m.type)) expect(Number(s.w.split(':')[1]), `${e.gameId} ${s.w} after ${ended} maps`).toBeGreaterThan(ended);
              let set = offered.get(e.gameId);
              if (!set) offered.set(e.gameId, (set = new Set()));
              set.add(s.w);
            }
            if (LINES.has(m.type)) {
              const [a, b] = m.selections.map((s) => s.r);
              expect(Math.max(a!, b!) / Math.min(a!, b!), `${m.type} ${a} ${b}`).toBeLessThanOrEqual(MAX_MAIN_LINE_RATIO);
            }
          }
        }
      }
    }
    expect(live).toBeGreaterThan(20);
    expect(maps).toBeGreaterThan(10);
    now = START + 2 * DAY;
    let settled = 0;
    for (const [gameId, codes] of offered) {
      const r = sim.result(gameId);
      if (!r) continue;
      for (const w of codes) {
        expect(settleSelection(w, r), `${gameId} ${w}`).not.toBeNull();
        settled++;
      }
    }
    expect(settled).toBeGreaterThan(500);
  }, 120_000);
});

describe('the simulator plays the model it prices', () => {
  it.each(ESPORTS_CODES)('%s: maps won match the pre-map chances (2,000 maps, within 3 standard errors)', (code) => {
    const title = TITLES[code];
    const r = title.rules;
    const rng = rngFor('calibration', code);
    let expected = 0;
    let won = 0;
    let variance = 0;
    for (let i = 0; i < 2_000; i++) {
      const q = 0.35 + 0.3 * rng();
      const drift = r.kind === 'moba' ? 120 * (2 * q - 1) : 0;
      const p = preMapChance(title, q, drift);
      const winner = r.kind === 'moba' ? planMobaMap(rng, r, q).winner : planTacticalMap(rng, r, q).winner;
      expected += p;
      variance += p * (1 - p);
      if (winner === 0) won++;
    }
    expect(Math.abs(won - expected)).toBeLessThan(3 * Math.sqrt(variance));
  });

  it('series outcomes of a best of 5 from 1–2 sum to one and end at three maps won', () => {
    const out = seriesOutcomes(3, 1, 2, [0.6, 0.5]);
    expect(out.reduce((s, [, , p]) => s + p, 0)).toBeCloseTo(1, 12);
    expect(out.every(([h, c]) => h === 3 || c === 3)).toBe(true);
    expect(out.find(([h, c]) => h === 3 && c === 2)![2]).toBeCloseTo(0.3, 12);
  });
});

describe('e-sports settlement of map markets', () => {
  const base: FeedResult = {
    gameId: 'EC-1',
    scoreH: 2,
    scoreC: 0,
    htH: null,
    htC: null,
    winner: 'H',
    maps: [
      { winner: 'H', h: 13, c: 9, fb: null, fo: 'H', pr: 'C' },
      { winner: 'H', h: 16, c: 14, fb: null, fo: 'C', pr: 'H' },
    ],
    forfeit: false,
  };
  it.each([
    ['MW:1:H', 'W'],
    ['MW:2:C', 'L'],
    ['MW:3:H', 'D'],
    ['PR:1:C', 'W'],
    ['FO:2:H', 'L'],
    ['FB:1:H', 'D'],
    ['KO:1:O:21.5', 'W'],
    ['KO:2:U:29.5', 'L'],
    ['KH:1:C:+3.5'.replace('+', ''), 'L'],
    ['KH:2:C:2.5', 'W'],
    ['KH:3:H:-1.5', 'D'],
    ['ML:H', 'W'],
    ['CS:2-0', 'W'],
    ['AH:C:1.5', 'L'],
    ['OU:U:2.5', 'W'],
  ] as const)('%s settles %s on a 2–0 (map 3 not played: void)', (w, want) => {
    expect(isSelectionCode(w)).toBe(true);
    expect(settleSelection(w, base)).toBe(want);
  });

  it('a forfeited series voids its series markets and the maps not played; a map played to its end stands', () => {
    const r: FeedResult = { ...base, scoreH: 1, scoreC: 0, maps: base.maps!.slice(0, 1), forfeit: true, winner: 'H' };
    for (const w of ['ML:H', 'ML:C', 'CS:2-0', 'AH:H:-1.5', 'OU:O:2.5', 'MW:2:H', 'KO:2:O:20.5'])
      expect(settleSelection(w, r), w).toBe('D');
    expect(settleSelection('MW:1:H', r)).toBe('W');
  });

  it('a result without map detail does not settle a map market (it waits)', () => {
    expect(settleSelection('MW:1:H', { ...base, maps: null })).toBeNull();
    expect(isSelectionCode('MW:8:H')).toBe(false);
    expect(isSelectionCode('KO:1:O:20')).toBe(false);
  });
});
