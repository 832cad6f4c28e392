/**
 * E-sports map-scoped selection codes and how they settle (the series markets ML / CS / AH / OU use the sport
 * codes of markets.ts on the series score):
 *
 *   MW:<map>:H|C  map winner      FB:<map>:H|C  first blood     FO:<map>:H|C  first tower / first to five rounds
 *   PR:<map>:H|C  pistol round    KO:<map>:O|U:<line>  total kills / rounds    KH:<map>:H|C:<line>  kill / round handicap
 *
 * Void rules: a market on a map that was not played to its end (the series was decided before it, or forfeited
 * before or during it) is void (D); a forfeited series voids its series markets (ML, CS, AH, OU).
 */
import type { SettledResult } from '@portal/rules';
import type { FeedResult } from '../../../providers/oddsFeed.ts';

const CODE_RE = /^(MW|FB|FO|PR):([1-7]):(H|C)$|^KO:([1-7]):(O|U):(\d{1,3}\.5)$|^KH:([1-7]):(H|C):(-?\d{1,3}\.5)$/;
export const MAP_MARKETS: readonly string[] = ['MW', 'FB', 'FO', 'PR', 'KO', 'KH'];
const SERIES_MARKETS = new Set(['ML', 'CS', 'AH', 'OU']);

export const isEsportsCode = (w: string) => CODE_RE.test(w);

/** An e-sports leg's result: void rules first, then the map's result; undefined when `w` is not an e-sports map code. */
export function settleEsports(w: string, r: FeedResult): SettledResult | null | undefined {
  const [market, mapNo, pick, line] = w.split(':') as [string, string, string, string | undefined];
  if (SERIES_MARKETS.has(market)) return r.forfeit ? 'D' : undefined;
  if (!MAP_MARKETS.includes(market)) return undefined;
  if (!r.maps) return null;
  const m = r.maps[Number(mapNo) - 1];
  if (!m) return 'D';
  const won = (x: boolean): SettledResult => (x ? 'W' : 'L');
  switch (market) {
    case 'MW':
      return won(m.winner === pick);
    case 'FB':
      return m.fb === null ? 'D' : won(m.fb === pick);
    case 'FO':
      return m.fo === null ? 'D' : won(m.fo === pick);
    case 'PR':
      return m.pr === null ? 'D' : won(m.pr === pick);
    case 'KO':
      return won(pick === 'O' ? m.h + m.c > Number(line) : m.h + m.c < Number(line));
    default:
      return won((pick === 'H' ? m.h - m.c : m.c - m.h) + Number(line) > 0);
  }
}
