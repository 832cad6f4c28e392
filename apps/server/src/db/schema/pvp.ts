/** Player-versus-player card tables (migration 0054_pvp_cards, modules/cards/pvp). */
export interface PvpEntryTable {
  id: string;
  member_id: string;
  site_code: number;
  level: string;
  hold_id: string;
  amount: number;
  status: 'waiting' | 'seated' | 'settled' | 'voided';
  hand_id: string | null;
  seat: number | null;
  net: number | null;
  rake: number | null;
  ip: string;
  device: string | null;
  created_at: number;
  settled_at: number | null;
  /** The live desk's last heartbeat of a waiting entry: one silent past the recovery timeout is voided. */
  active_at: number;
}

export interface PvpHandTable {
  id: string;
  site_code: number;
  level: string;
  practice: number;
  /** JSON: [memberId | null (a computer player)] × 3. */
  seats: string;
  deck_hash: string;
  seed: string | null;
  status: 'playing' | 'settled' | 'void';
  result: string | null;
  rake: number;
  started_at: number;
  ended_at: number | null;
  /** The live desk's last heartbeat (or move): a `playing` hand silent past the recovery timeout is voided. */
  active_at: number;
  /** Why a void hand was voided: 'passes' (three void deals), 'abandoned' (its node gone or its settlement failed). */
  void_reason: string | null;
}
