/** The casino catalogue (migration 0023): venue faces, each brand's games, favourites, jackpot pools. */

/** The lobby's face of a venue of `venues` (name there is zh-CN; status there is the one venue switch). */
export interface CasinoVenueTable {
  channel_code: string;
  name_tw: string;
  art: string;
}

export type CasinoGameStatus = 'active' | 'maintenance' | 'hidden';

/** One game as one brand lists it. Money in fen. */
export interface CasinoGameTable {
  site_code: number;
  code: string;
  channel_code: string;
  category: string;
  name_cn: string;
  name_tw: string;
  art: string;
  /** ',hot,jackpot,' — normalized, sorted; ',' for none. */
  tags: string;
  /** Declared RTP in hundredths of a percent (9600 = 96.00%). */
  rtp_bp: number;
  volatility: 'low' | 'medium' | 'high' | 'very-high';
  min_bet: number;
  max_bet: number;
  sort: number;
  /** hidden: not listed, and 6004 like an unknown game; maintenance: listed, 6415 to play. */
  status: CasinoGameStatus;
  pool_code: string | null;
  updated_at: number;
  updated_by: string;
}

export interface GameFavouriteTable {
  member_id: string;
  game_code: string;
  site_code: number;
  created_at: number;
}

/** A jackpot pool's rules; its amount is the balance of ledger account house:jackpot_pool:<code>. */
export interface JackpotPoolTable {
  code: string;
  game_code: string;
  channel_code: string;
  feed_bp: number;
  seed_fen: number;
  currency: string;
  created_at: number;
}

/** A member's provably-fair seed pair (migration 0025); the server seed is secret while active. */
export interface FairSeedTable {
  id: string;
  member_id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  status: 'active' | 'revealed';
  created_at: number;
  revealed_at: number | null;
}

/** One casino round (house slot spin or a third-party round closed through the seamless wallet). Money in fen. */
export interface CasinoRoundTable {
  id: string;
  member_id: string;
  site_code: number;
  channel_code: string;
  category: string;
  game_code: string;
  bet: number;
  win: number;
  jackpot_win: number;
  valid: number;
  status: 'open' | 'settled' | 'void';
  outcome: string;
  seed_id: string | null;
  client_seed: string | null;
  nonce: number | null;
  shown: number;
  created_at: number;
  settled_at: number | null;
}
