/** Kysely table types: Settled-bet turnover (0007) and the house sportsbook (0013). Times are epoch ms; flags 0/1; money in fen. */

/** Settled bets per member, day (site-local YYYY-MM-DD) and venue (0007). Amounts in fen. */
export interface BetTurnoverDailyTable {
  member_id: string;
  day: string;
  channel_code: string;
  site_code: number;
  /** Venue category code (TY, ZR, QP, DZ, CP, DJ, BY): rebates and VIP rules are per category. */
  category: string;
  bets: number;
  stake: number;
  /** Valid turnover: stake of bets that were settled win/lose (pushes and cancellations excluded; half results half). */
  valid: number;
  payout: number;
}

export interface BetTurnoverRefTable {
  channel_code: string;
  bet_ref: string;
  member_id: string;
  /** When it was first reported: its business day, for good (0014). */
  at: number;
  /** What it adds to its day while `live` is 1; null for rows reported before 0014 (never retracted). */
  stake: number | null;
  valid: number | null;
  payout: number | null;
  /** 1 while counted in bet_turnover_daily; 0 after a restore took it back (until the next settlement). */
  live: number;
}

/** House sportsbook (0013). Amounts in fen; odds in European milli-odds. */
export interface SportBetTable {
  id: string;
  member_id: string;
  site_code: number;
  channel_code: string;
  kind: 'single' | 'parlay' | 'series' | 'champion';
  series_type: string;
  game_type: string;
  cap_day: string;
  /** Comma-separated sport groups whose daily payout caps this bet counts against. */
  cap_groups: string;
  stake: number;
  stake_per_bet: number;
  bet_count: number;
  odds: number;
  max_payout: number;
  odds_type: string;
  accept_any: number;
  status: 'pending' | 'accepted' | 'rejected' | 'settled';
  result: string | null;
  payout: number;
  valid: number;
  settle_version: number;
  payout_journal: string | null;
  hold_id: string;
  reject_reason: string | null;
  accept_at: number;
  created_at: number;
  settled_at: number | null;
}

export interface SportBetLegTable {
  bet_id: string;
  idx: number;
  event_id: string;
  game_type: string;
  league: string;
  team_h: string;
  team_c: string;
  w: string;
  name: string;
  odds: number;
  in_play: number;
  score: string;
  result: string | null;
}

export interface SportResultTable {
  event_id: string;
  score_h: number;
  score_c: number;
  ht_h: number | null;
  ht_c: number | null;
  winner: string | null;
  cancel_code: string | null;
  /** E-sports: the series' per-map detail as JSON ({ maps, forfeit }; migration 0047); null for other sports. */
  detail?: string | null;
  source: 'feed' | 'operator';
  version: number;
  updated_at: number;
}

export interface SportPayoutCapTable {
  member_id: string;
  day: string;
  cap_group: string;
  potential: number;
}

export interface SportsbookTransferTable {
  transfer_id: string;
  player: string;
  direction: 'in' | 'out';
  amount: number;
  created_at: number;
}
