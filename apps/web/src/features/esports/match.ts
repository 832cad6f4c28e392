/**
 * Pure helpers of the e-sports match page: which map a market belongs to (series markets ML / CS / AH / OU are
 * map 0, the map markets MW / FB / FO / PR / KO / KH carry their map in the code), the page's tabs, and the
 * gold-lead graph's path.
 */
import type { SportGameWire as SportGame, SportMarketWire as Market } from '@portal/contract';

/** Map-scoped market codes (apps/server esports/codes.ts): `<market>:<map>:…`. */
const MAP_MARKETS = new Set(['MW', 'FB', 'FO', 'PR', 'KO', 'KH']);

/** The map a selection code belongs to, 0 for the series. */
export function mapOfCode(w: string): number {
  const [market, map] = w.split(':');
  return MAP_MARKETS.has(market ?? '') ? Number(map) || 0 : 0;
}

export const mapOfMarket = (m: Market): number => mapOfCode(m.selections[0]?.w ?? '');

/** The page's tabs: the series (0), then every map that was played, is live or still has markets. */
export function tabsOf(g: SportGame): number[] {
  const maps = new Set<number>();
  const es = g.esports;
  if (es) {
    es.maps.forEach((_, i) => maps.add(i + 1));
    if (es.live) maps.add(es.map);
  }
  for (const m of g.markets) {
    const k = mapOfMarket(m);
    if (k > 0) maps.add(k);
  }
  return [0, ...[...maps].sort((a, b) => a - b)];
}

/** The markets of one tab, in the book's order. */
export const marketsOfTab = (g: SportGame, tab: number): Market[] => g.markets.filter((m) => mapOfMarket(m) === tab);

/** The tab to show first: the live map when there is one, else the series. */
export const firstTab = (g: SportGame): number => (g.esports?.live ? g.esports.map : 0);

/** mm:ss of a map's clock. */
export const mapClock = (sec: number): string =>
  `${String(Math.floor(sec / 60)).padStart(2, '0')}:${String(Math.floor(sec % 60)).padStart(2, '0')}`;

/**
 * The gold-lead graph (home above the middle line, away below) as an SVG path on a `w` × `h` box: one point a
 * minute, scaled to the largest lead (at least 1,000 gold so an even map stays flat).
 */
export function goldPath(history: readonly number[], w: number, h: number): string {
  if (history.length === 0) return '';
  const max = Math.max(1_000, ...history.map(Math.abs));
  const step = history.length > 1 ? w / (history.length - 1) : 0;
  return history.map((v, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)} ${(h / 2 - (v / max) * (h / 2)).toFixed(1)}`).join(' ');
}

/** A gold lead as the scoreboard writes it: '+3.2k' for the home side, '-800' for the away side. */
export function goldText(v: number): string {
  const abs = Math.abs(v);
  const n = abs >= 1_000 ? `${(abs / 1_000).toFixed(1)}k` : String(abs);
  return v > 0 ? `+${n}` : v < 0 ? `-${n}` : '0';
}
