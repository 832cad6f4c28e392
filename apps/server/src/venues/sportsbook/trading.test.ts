/**
 * Trading quality of the house book: over a simulated day of every sport every offered price
 * lies in its band, the main handicap and total lines are the balanced ones (prices near even), markets
 * close at the sport's closing time, and a price out of band is suspended, not offered.
 */
import { describe, expect, it } from 'vitest';
import type { FeedEvent, FeedGameType, FeedMarket } from '../../providers/oddsFeed.ts';
import { MIN_OFFERED_MILLI, inBand, marketTypeOf, offeredMarkets, priceBand } from './band.ts';
import { priceFootball } from './pricing.ts';
import { SportsbookSimulator } from './simulator.ts';

const DAY_START = Date.parse('2026-03-10T00:00:00+08:00');
const STEP_MS = 29 * 60_000;
/** Sports whose lines step finely (quarter goals, points, runs): their main lines can be balanced in play. */
const FINE: FeedGameType[] = ['FT', 'VF', 'BK', 'OP', 'BS'];

const ratio = (m: FeedMarket) => {
  const [a, b] = m.selections.map((s) => s.r) as [number, number];
  return Math.max(a, b) / Math.min(a, b);
};
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!;

describe('a simulated day of every sport', () => {
  let now = DAY_START;
  const sim = new SportsbookSimulator({ now: () => now, margin: 0.05, seed: 'trading-day' });
  const offered: Array<{ e: FeedEvent; m: FeedMarket }> = [];
  for (now = DAY_START; now < DAY_START + 86_400_000; now += STEP_MS)
    for (const gameType of SportsbookSimulator.GAME_TYPES)
      for (const showType of ['RB', 'FT'] as const)
        for (const e of sim.list({ gameType, showType, pageSize: showType === 'RB' ? 100 : 10 }).events)
          for (const m of e.markets) offered.push({ e, m });

  it('offers every sport in play and pre-match', () => {
    for (const g of SportsbookSimulator.GAME_TYPES) {
      expect(offered.some(({ e }) => e.gameType === g && e.status === 'live')).toBe(true);
      expect(offered.some(({ e }) => e.gameType === g && e.status === 'scheduled')).toBe(true);
    }
  });

  it('every offered price lies inside its band (no 0.00 or 702.97 HK)', () => {
    const out = offered.flatMap(({ e, m }) =>
      m.selections.filter((s) => !inBand(marketTypeOf(s.w), s.r)).map((s) => `${e.gameId} ${s.w}@${s.r}`),
    );
    expect(out).toEqual([]);
    expect(offered.every(({ m }) => m.selections.every((s) => s.r >= MIN_OFFERED_MILLI))).toBe(true);
  });

  it('two-way markets are offered whole: handicap, total, odd/even and money line with both sides', () => {
    const lone = offered.filter(({ m }) => ['AH', 'OU', 'OE', 'ML'].includes(m.type) && m.selections.length !== 2);
    expect(lone.map(({ e, m }) => `${e.gameId} ${m.type}`)).toEqual([]);
  });

  it.each(FINE)('%s: the in-play main handicap and total lines are the balanced ones (prices near even)', (gameType) => {
    const ratios = offered
      .filter(({ e, m }) => e.gameType === gameType && e.status === 'live' && (m.type === 'AH' || m.type === 'OU'))
      .map(({ m }) => ratio(m));
    expect(ratios.length).toBeGreaterThan(20);
    expect(quantile(ratios, 0.5)).toBeLessThan(1.3);
    expect(quantile(ratios, 0.9)).toBeLessThan(1.75);
  });

  it('football: the handicap and total lines move in play (not the pre-match lines with moving prices)', () => {
    const lines = new Map<string, Set<string>>();
    for (const { e, m } of offered)
      if (e.gameType === 'FT' && m.type === 'AH')
        (lines.get(e.gameId) ?? lines.set(e.gameId, new Set()).get(e.gameId)!).add(m.selections[0]!.w);
    const moved = [...lines.values()].filter((s) => s.size > 1).length;
    expect(moved).toBeGreaterThan(lines.size / 3);
  });

  it('football and basketball close at their closing time; no market is offered in the last minute', () => {
    const late = offered.filter(
      ({ e }) => (e.gameType === 'FT' && /\^89'/.test(e.data.re_time)) || (e.gameType === 'BK' && e.data.se_now === 'OT'),
    );
    expect(late.map(({ e }) => e.gameId)).toEqual([]);
  });
});

describe('the band', () => {
  it('drops a selection out of band and a two-way market with a side out of band', () => {
    const ms: FeedMarket[] = [
      {
        type: '1X2',
        name: '独赢',
        kind: 'main',
        selections: [
          { w: '1X2:H', name: 'h', r: 702_970 },
          { w: '1X2:N', name: 'n', r: 15_000 },
          { w: '1X2:C', name: 'c', r: 1_000 },
        ],
      },
      {
        type: 'AH',
        name: '让球',
        kind: 'main',
        selections: [
          { w: 'AH:H:-1', name: 'h', r: 1_040 },
          { w: 'AH:C:1', name: 'c', r: 3_900 },
        ],
      },
      {
        type: 'OU',
        name: '大小',
        kind: 'main',
        selections: [
          { w: 'OU:O:3.5', name: 'o', r: 1_009 },
          { w: 'OU:U:3.5', name: 'u', r: 3_000 },
        ],
      },
      {
        type: 'OE',
        name: '单双',
        kind: 'main',
        selections: [
          { w: 'OE:O', name: 'o', r: 1_950 },
          { w: 'OE:E', name: 'e', r: 1_950 },
        ],
      },
    ];
    const out = offeredMarkets(ms);
    // A 1X2 with a side out of band is suspended whole, as a two-way market is.
    expect(out.map((m) => m.type)).toEqual(['AH', 'OE']);
    expect(priceBand('AH')).toEqual({ min: 1010, max: 4000 });
  });

  it("the issue's 86' 1–2: no away win at 0.00, no home at 702.97 — the 1X2 whole or none; the handicap is a balanced line", () => {
    const p = priceFootball({ lambdaHome: 1.6, lambdaAway: 1.1, scoreHome: 1, scoreAway: 2, minute: 86 }, 0.05);
    const h2h = offeredMarkets([
      {
        type: '1X2',
        name: '独赢',
        kind: 'main',
        selections: p.h2h.flatMap((r, i) => (r === null ? [] : [{ w: `1X2:${'HNC'[i]}`, name: '', r }])),
      },
    ]);
    expect(h2h.length === 0 || h2h[0]!.selections.length === 3).toBe(true);
    expect(h2h.every((m) => m.selections.every((s) => s.r >= 1010 && s.r <= 201_000))).toBe(true);
    // The line pushes most of the time here (no more goal): the margin is on the stake in action, so both sides stay bettable.
    expect(p.handicap.home! / p.handicap.away!).toBeGreaterThan(1 / 1.6);
    expect(p.handicap.home! / p.handicap.away!).toBeLessThan(1.6);
    expect(Math.min(p.handicap.home!, p.handicap.away!)).toBeGreaterThan(1_500);
  });
});

describe('outrights on offer', () => {
  it('今日冠军 (FSFT) lists outrights closing today on every day, 冠军早盘 (FSFU) the later ones; each is priced in band', () => {
    let now = DAY_START;
    const sim = new SportsbookSimulator({ now: () => now, margin: 0.05, seed: 'trading-day' });
    for (let hour = 0; hour < 9 * 24; hour += 5) {
      now = DAY_START + hour * 3_600_000;
      const today = sim.outrights('FSFT');
      expect(today.length, new Date(now).toISOString()).toBeGreaterThan(0);
      expect(sim.outrights('FSFU').length).toBeGreaterThan(0);
      for (const o of [...today, ...sim.outrights('FSFU')]) {
        expect(o.closeAt).toBeGreaterThan(now);
        expect(sim.outright(o.gameId)).toEqual(o);
        expect(o.selections.every((s) => inBand('FS', s.r))).toBe(true);
      }
    }
  });
});
