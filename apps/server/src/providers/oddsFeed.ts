/**
 * The odds feed as the sportsbook sees it: fixtures, live state in the spec §3
 * game-data fields, priced markets, outrights and final results. The built-in simulator
 * (venues/sportsbook/simulator.ts) is the sandbox implementation; a live feed implements the same.
 *
 * Realtime: every event carries a `version` that only grows; `onChange` reports each new version
 * (odds, score, clock, suspension, status) in process, so a websocket hub can publish versioned
 * changes and a client that missed some asks for the event again (resync from the version it has).
 */
import type { GameDataWire, SportMarketWire, SportOutrightWire, SportSelectionWire } from '@portal/contract';

export type FeedGameType = 'FT' | 'VF' | 'BK' | 'TN' | 'OP' | 'SK' | 'VB' | 'BS' | 'TT' | EsportsGameType;
/** E-sports titles (venues/sportsbook/esports/titles.ts): MOBA EL, EK, ED; tactical shooters EC, EV. */
export type EsportsGameType = 'EL' | 'EK' | 'ED' | 'EC' | 'EV';
export type FeedShowType = 'FU' | 'FT' | 'RB';

/** A priced selection and a market as the wire carries them (the contract's types: the feed is what the API answers). */
export type FeedSelection = SportSelectionWire;
export type FeedMarket = SportMarketWire;

/** Spec §3 game data as the contract defines it for the wire (realtime gameData), with the feed's game type. Scores: sc_FT_H home, sc_FT_C away (客), sc_FT_A 'h-c'. */
export type GameData = Omit<GameDataWire, 'gameType'> & { gameType: FeedGameType };

export interface FeedEvent {
  gameId: string;
  gameType: FeedGameType;
  leagueId: string;
  league: string;
  team_h: string;
  team_c: string;
  startAt: number;
  showType: FeedShowType;
  status: 'scheduled' | 'live' | 'finished';
  /** Betting closed for a moment (a goal, a dangerous attack): no selection may be bet. */
  suspended: boolean;
  version: number;
  data: GameData;
  markets: FeedMarket[];
}

/** An outright (champion) market: FSFT closes today, FSFU later. */
export type FeedOutright = SportOutrightWire;

/** The final result that drives settlement. */
export interface FeedResult {
  gameId: string;
  scoreH: number;
  scoreC: number;
  /** Half-time score (football), when the sport has one. */
  htH: number | null;
  htC: number | null;
  /** Outrights: the winning selection's rtype. */
  winner: string | null;
  /** E-sports: each map played to its end, in order (a map not in the list was not played: its markets are void). */
  maps?: EsportsMapResult[] | null;
  /** E-sports: the series was forfeited (its series markets are void). */
  forfeit?: boolean;
}

/** One e-sports map's result: its winner, kills (MOBA) or rounds (shooters), first blood, first objective, pistol round. */
export interface EsportsMapResult {
  winner: 'H' | 'C';
  h: number;
  c: number;
  fb: 'H' | 'C' | null;
  fo: 'H' | 'C' | null;
  pr: 'H' | 'C' | null;
}

export interface FeedChange {
  gameId: string;
  version: number;
  status: FeedEvent['status'];
  suspended: boolean;
  data: GameData;
}

export interface OddsFeed {
  /** One page (default 20) of the open events of a game type and show type, in kick-off order, with the total. */
  list(q: { gameType: FeedGameType; showType: FeedShowType; leagueId?: string; pageNum?: number; pageSize?: number }): {
    total: number;
    events: FeedEvent[];
  };
  event(gameId: string): FeedEvent | null;
  leagues(gameType?: FeedGameType): Array<{ leagueId: string; name: string; gameType: FeedGameType; quick: boolean }>;
  outrights(showType?: 'FSFT' | 'FSFU'): FeedOutright[];
  outright(gameId: string): FeedOutright | null;
  /** Null while the event (or outright) is not over. */
  result(gameId: string): FeedResult | null;
  onChange(listener: (c: FeedChange) => void): () => void;
  /** Recomputes live state and reports new versions (the simulator's heartbeat; called by start()). */
  tick(): void;
  start(intervalMs?: number): void;
  stop(): void;
}
