/**
 * 好路 (good roads): the patterns players look for in a shoe's big road (roads.ts), found on the real results:
 *  - 长庄 / 长闲 (a long run): the current column of the big road is at least STREAK_MIN deep;
 *  - 单跳 (ping-pong): the last PING_PONG_MIN columns or more are each one coup long (庄闲庄闲…);
 *  - 双跳 (double ping-pong): the last DOUBLE_MIN columns or more are each exactly two coups long (庄庄闲闲庄庄…).
 * Ties do not break a pattern (the big road marks them on the entry they follow). Dragon tiger reads the same
 * roads with dragon for banker and tiger for player. A pattern says what happened, never what comes next.
 */
import { bigRoad, type BigRoad, type CoupResult, type Side } from './roads.ts';

/** A run this deep is 长庄 / 长闲 (four in a row: the usual threshold a lobby flags). */
export const STREAK_MIN = 4;
/** This many alternating single coups make 单跳. */
export const PING_PONG_MIN = 4;
/** This many alternating pairs make 双跳. */
export const DOUBLE_MIN = 3;

export type GoodRoad =
  { kind: 'streak'; side: Side; length: number } | { kind: 'pingPong'; length: number } | { kind: 'doublePingPong'; length: number };

/** How many of the last columns (newest first) have exactly `len` entries. */
function trailing(road: BigRoad, len: number): number {
  let n = 0;
  for (let c = road.columns.length - 1; c >= 0 && road.columns[c]!.length === len; c--) n++;
  return n;
}

/** The good roads of a big road now (at most one of each kind; empty when none). */
export function goodRoadsOf(road: BigRoad): GoodRoad[] {
  const last = road.columns.at(-1);
  if (!last) return [];
  const found: GoodRoad[] = [];
  if (last.length >= STREAK_MIN) found.push({ kind: 'streak', side: last[0]!.winner, length: last.length });
  const singles = trailing(road, 1);
  if (singles >= PING_PONG_MIN) found.push({ kind: 'pingPong', length: singles });
  const pairs = trailing(road, 2);
  if (pairs >= DOUBLE_MIN) found.push({ kind: 'doublePingPong', length: pairs });
  return found;
}

/** The good roads of a shoe's results (the big road is built from them). */
export const goodRoads = (results: readonly CoupResult[]): GoodRoad[] => goodRoadsOf(bigRoad(results));
