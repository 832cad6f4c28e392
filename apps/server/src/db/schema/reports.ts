/** Kysely table types: the console's daily report roll-ups (0039). Days are business days 'YYYY-MM-DD'; money in fen. */

export interface ReportDailyTable {
  site_code: number;
  day: string;
  registrations: number;
  deposit_count: number;
  deposit_amount: number;
  /** Members with a paid deposit that day. */
  depositors: number;
  /** Members whose first paid deposit ever was that day, and the amount of those first deposits. */
  first_deposit_count: number;
  first_deposit_amount: number;
  /** Withdrawals paid out that day. */
  withdraw_count: number;
  withdraw_amount: number;
  /** Members with a settled bet that day. */
  active_players: number;
  bets: number;
  stake: number;
  valid: number;
  payout: number;
  /** Promotion rewards paid, VIP welfare claimed, rebates (洗码) paid that day. */
  promo_cost: number;
  vip_bonus_cost: number;
  rebate_cost: number;
  updated_at: number;
}

/** Settled bets per brand, day and venue; channel_code '' is the category's total (players counted once). */
export interface ReportDailyVenueTable {
  site_code: number;
  day: string;
  category: string;
  channel_code: string;
  players: number;
  bets: number;
  stake: number;
  valid: number;
  payout: number;
  updated_at: number;
}

export interface ReportDirtyDayTable {
  day: string;
  marked_at: number;
}
