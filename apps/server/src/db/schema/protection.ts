/** Kysely table types: player protection (0029). Times are epoch ms; money in fen. */
import type { Generated } from 'kysely';

export interface ProtectionLimitTable {
  member_id: string;
  kind: 'deposit' | 'loss' | 'wager' | 'session' | 'reality';
  period: 'day' | 'week' | 'month' | 'session';
  amount: number | null;
  pending_amount: number | null;
  pending_remove: number;
  pending_at: number | null;
  updated_at: number;
}

export interface ProtectionExclusionTable {
  id: string;
  member_id: string;
  site_code: number;
  kind: 'timeout' | 'self_exclusion';
  starts_at: number;
  ends_at: number | null;
  all_brands: number;
  source_id: string | null;
  /** 0043: null = the player's own; 'underage' = an under-18 birthday on file closed play and deposits (finding 7). */
  cause?: string | null;
}

export interface ProtectionExclusionKeyTable {
  exclusion_id: string;
  key_hash: string;
}

export interface ProtectionHourlyTable {
  member_id: string;
  hour: number;
  stake: number;
  payout: number;
}

export interface ProtectionEventTable {
  id: Generated<number>;
  member_id: string;
  site_code: number;
  at: number;
  action: string;
  kind: string;
  period: string;
  before: string;
  after: string;
  detail: string;
}
