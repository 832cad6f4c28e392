/** What every sport's simulation answers: a deterministic match plan, its state at a time, its result. */
import type { FeedGameType, FeedMarket, FeedResult, GameData } from '../../providers/oddsFeed.ts';
import type { League } from './catalog.ts';
import type { Rng } from './rng.ts';

export interface Fixture {
  gameId: string;
  gameType: FeedGameType;
  league: League;
  team_h: string;
  team_c: string;
  startAt: number;
}

export interface MatchView {
  status: 'scheduled' | 'live' | 'finished';
  suspended: boolean;
  /** Grows whenever the state or prices may have changed (the event's version). */
  step: number;
  data: Omit<GameData, 'league_id' | 'gameType'>;
  /** Prices as of this state (empty once finished). */
  markets(): FeedMarket[];
  result: FeedResult | null;
}

export interface SportEngine<P = unknown> {
  gameType: FeedGameType;
  /** A kick-off every slotMs (rotating leagues), fixtures listed up to horizonMs ahead. */
  slotMs: number;
  horizonMs: number;
  /** Start to final whistle of a regular match, breaks included. */
  durationMs: number;
  /** The most a match runs past durationMs (overtimes, extra innings, long sets): every plan ends by durationMs + overrunMs. */
  overrunMs: number;
  plan(f: Fixture, rng: Rng): P;
  view(f: Fixture, plan: P, now: number, margin: number): MatchView;
}

export const emptyScores = { sc_set_H: 0, sc_set_A: 0, sc_game_H: 0, sc_game_A: 0, inningNum: 0 } as const;

/** The event's status at `elapsed` ms after the start of a match that ends at `endMs`. */
export function statusAt(elapsed: number, endMs: number): MatchView['status'] {
  return elapsed < 0 ? 'scheduled' : elapsed >= endMs ? 'finished' : 'live';
}

/** The spec §3 gameStatus of a status (HALF_TIME for a break the sport calls so). */
export function gameStatusOf(status: MatchView['status'], halfTime = false): GameData['gameStatus'] {
  return status === 'scheduled' ? 'NOT_STARTED' : status === 'finished' ? 'FINISHED' : halfTime ? 'HALF_TIME' : 'LIVE';
}
