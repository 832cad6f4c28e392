import type { GameDataWire } from '@portal/contract';
/** What the house sportsbook's resource methods answer (apps/server sport service: gameView, outrights). */
export interface Selection {
  w: string;
  name: string;
  r: number;
}

export interface Market {
  type: string;
  name: string;
  kind: 'main' | 'correctScore' | 'champion';
  selections: Selection[];
}

/** One event with the spec §3 game-data fields (the contract's gameData) flattened in. */
export interface SportGame extends GameDataWire {
  gameId: string;
  gide?: string;
  hgid?: string;
  gameType: string;
  league: string;
  league_id: string;
  team_h: string;
  team_c: string;
  startAt: number;
  showType: string;
  status: 'scheduled' | 'live' | 'finished';
  suspended: boolean;
  version: number;
  markets: Market[];
}

export interface GamesPage {
  total: number;
  list: SportGame[];
}

export interface League {
  leagueId: string;
  name: string;
  gameType: string;
  quick: boolean;
}

export interface Outright {
  gameId: string;
  leagueId: string;
  league: string;
  name: string;
  closeAt: number;
  showType: 'FSFT' | 'FSFU';
  version: number;
  selections: Array<Selection & { rtype: string }>;
}

/** The answer of the bet method (placement.ts). */
export interface BetAnswer {
  ticket_id: string;
  status: 'pending' | 'accepted' | 'rejected' | 'settled' | 'cancelled';
  kind: string;
  seriesType: string;
  betCount: number;
  betAmount: string;
  maxPayout: string;
  balance: string;
}

/** The answer of the ticket method. */
export interface TicketAnswer {
  ticket_id: string;
  status: BetAnswer['status'];
  result: string | null;
  rejectReason: string | null;
  betAmount: string;
  payout: string;
}
