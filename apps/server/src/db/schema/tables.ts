/** Shared tables and lottery draws (migration 0042, modules/tables). Money in fen. */

export type TableRoundStatus = 'betting' | 'drawn' | 'settled' | 'cancelled';

export interface TableRoundTable {
  id: string;
  table_code: string;
  seq: number;
  status: TableRoundStatus;
  server_seed: string;
  seed_hash: string;
  shoe_before: string | null;
  shoe_after: string | null;
  opens_at: number;
  closes_at: number;
  draw_at: number;
  outcome: string | null;
  steps: string | null;
  coup: string | null;
  drawn_at: number | null;
  settled_at: number | null;
  cancelled_by: string | null;
  created_at: number;
}

export type TableBetStatus = 'pending' | 'won' | 'lost' | 'push' | 'refunded';

export interface TableBetTable {
  id: string;
  round_id: string;
  table_code: string;
  seq: number;
  member_id: string;
  site_code: number;
  channel_code: string;
  bet_type: string;
  amount: number;
  hold_id: string;
  status: TableBetStatus;
  payout: number;
  chase_id: string | null;
  created_at: number;
  settled_at: number | null;
}

export interface TableChaseTable {
  id: string;
  member_id: string;
  site_code: number;
  table_code: string;
  channel_code: string;
  start_seq: number;
  draws: number;
  stop_on_win: number;
  bets: string;
  per_draw: number;
  status: 'running' | 'won' | 'finished' | 'cancelled';
  created_at: number;
  finished_at: number | null;
}

export interface TableLeaseTable {
  table_code: string;
  owner: string;
  expires_at: number;
  epoch: number;
}

/** A cancellation asked for after betting closed: it waits for a second approver (migration 0043). */
export interface TableRoundCancelTable {
  round_id: string;
  requested_by: string;
  reason: string;
  requested_at: number;
  approved_by: string | null;
  approved_at: number | null;
}

/** The lottery's committed future seeds: a reverse hash chain per table and range of draws (migration 0043). */
export interface TableSeedChainTable {
  table_code: string;
  from_seq: number;
  to_seq: number;
  tail_seed: string;
  anchor: string;
  created_at: number;
}
