/** Kysely table types: The ledger, venues and venue transfers, deposits, withdrawals and the withdrawal turnover requirement. Times are epoch ms; flags 0/1; money in fen. */
import type { Generated } from 'kysely';

export interface LedgerAccountTable {
  id: string;
  owner_type: 'member' | 'house';
  owner_id: string;
  kind: string;
  ref: string;
  currency: string;
  balance: number;
  allow_negative: number;
  version: number;
  created_at: number;
}

export interface LedgerJournalTable {
  id: string;
  kind: string;
  currency: string;
  ref_type: string;
  ref_id: string;
  member_id: string | null;
  memo: string;
  reverses: string | null;
  idem_key: string | null;
  /** The idempotency key of the request whose claim this journal belongs to (0020): unique by the claim, not indexed. */
  request_key: string | null;
  created_at: number;
}

export interface LedgerPostingTable {
  id: Generated<number>;
  journal_id: string;
  account_id: string;
  amount: number;
  balance_after: number;
  created_at: number;
}

export interface LedgerHoldTable {
  id: string;
  member_id: string;
  from_account: string;
  locked_account: string;
  amount: number;
  currency: string;
  status: 'pending' | 'posted' | 'voided';
  ref_type: string;
  ref_id: string;
  created_at: number;
  settled_at: number | null;
}

export interface IdempotencyKeyTable {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number;
  response: string;
  created_at: number;
}

export interface VenueTable {
  channel_code: string;
  name: string;
  category: string;
  adapter: string;
  currency: string;
  status: 'active' | 'maintenance';
  sort: number;
}

/** A venue's maintenance message set by an operator (0041). */
export interface VenueMaintenanceTable {
  channel_code: string;
  message_cn: string;
  message_tw: string;
  updated_by: string;
  updated_at: number;
}

export interface VenueTransferTable {
  id: string;
  member_id: string;
  site_code: number;
  channel_code: string;
  direction: 'in' | 'out';
  amount: number;
  currency: string;
  status: 'pending' | 'completed' | 'reversed' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  /**
   * Until when one process is driving the transfer (calling the venue, or asking it and settling by the
   * answer): null when nobody is (migration 0018). Optional on insert.
   */
  driving_until?: number | null;
}

export interface MemberPrefsTable {
  member_id: string;
  auto_transfer: number;
  updated_at: number;
}

export interface SandboxVenueWalletTable {
  channel_code: string;
  player: string;
  balance: number;
}

export interface SandboxVenueTransferTable {
  transfer_id: string;
  channel_code: string;
  player: string;
  amount: number;
  created_at: number;
}

export interface DepositChannelTable {
  id: string;
  name: string;
  type: 'bank' | 'ewallet' | 'usdt';
  provider: string;
  min_fen: number;
  max_fen: number;
  presets: string;
  fee_bp: number;
  networks: string;
  status: string;
  sort: number;
}

export interface DepositOrderTable {
  order_no: string;
  member_id: string;
  site_code: number;
  channel_id: string;
  provider: string;
  amount: number;
  fee: number;
  currency: string;
  status: 'pending' | 'paid' | 'failed' | 'closed' | 'expired';
  network: string | null;
  address: string | null;
  usdt_amount: string | null;
  signal_code: string | null;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  /** When the deposit reconciler last asked the provider about this order (null: never). */
  checked_at?: number | null;
  /** The deposit promotion the member opted into with this order (0034; null: none). */
  promotion_id: string | null;
}

export interface PaymentNotificationTable {
  id: Generated<number>;
  provider: string;
  order_no: string;
  event: string;
  amount: number;
  outcome: string;
  received_at: number;
  /** 'notify': pushed by the provider; 'query': fetched by the deposit reconciler from the provider's records. */
  via: Generated<'notify' | 'query'>;
}

/** The sandbox payment provider's own record of a finished payment (its side of the books). */
export interface SandboxPaymentTable {
  order_no: string;
  event: 'paid' | 'failed';
  amount: number;
  provider_ref: string;
  acted_at: number;
}

export interface BankCardTable {
  id: string;
  member_id: string;
  bank_code: string;
  card_no: string;
  holder_name: string;
  branch: string | null;
  created_at: number;
}

export interface UsdtAddressTable {
  id: string;
  member_id: string;
  network: string;
  address: string;
  created_at: number;
}

export interface WithdrawOrderTable {
  order_no: string;
  member_id: string;
  site_code: number;
  method: 'bank' | 'usdt';
  target_id: string;
  target: string;
  amount: number;
  fee: number;
  status: 'pending' | 'approved' | 'paid' | 'rejected';
  hold_id: string;
  remark: string;
  operator: string | null;
  created_at: number;
  updated_at: number;
  /** Where the four-eyes review stands (0037; modules/withdraw/review.ts); `status` is the member's view of it. */
  stage: WithdrawStage;
  risk_locked_by: string | null;
  first_approver: string | null;
  second_approver: string | null;
  pay_locked_by: string | null;
  /** The payout provider's answer: null before sending; 'unknown' while sent and unanswered (only a reconcile settles it). */
  payout_state: 'unknown' | 'failed' | 'paid' | null;
  payout_ref: string | null;
}

export type WithdrawStage = 'pending' | 'risk_review' | 'second_review' | 'approved' | 'paying' | 'paid' | 'rejected';

/** The sandbox payout provider's own books (0037). */
export interface SandboxPayoutTable {
  order_no: string;
  outcome: 'paid' | 'failed';
  amount: number;
  provider_ref: string;
  created_at: number;
}

export interface MemberTurnoverTable {
  member_id: string;
  required: number;
  done: number;
}

/** After-commit effects of money steps (0022, ledger/outbox.ts): written in the step's transaction, done once dispatched. */
export interface OutboxTable {
  id: string;
  kind: string;
  ref: string;
  payload: string;
  created_at: number;
  attempts: Generated<number>;
  last_error: string | null;
  done_at: number | null;
}

/** Seamless-wallet launch tokens (0024, modules/seamless): sha256 of the token only. */
export interface SeamlessTokenTable {
  token_hash: string;
  aggregator_id: string;
  member_id: string;
  site_code: number;
  currency: string;
  expires_at: number;
  revoked_at: number | null;
  created_at: number;
  /** The game it was issued for (0026); null when issued without one. */
  game_code: string | null;
}

/** The answer given to each seamless request id (0024): a repeated request id answers it byte for byte. */
export interface SeamlessRequestTable {
  aggregator_id: string;
  request_id: string;
  op: string;
  body_hash: string;
  http_status: number;
  response: string;
  created_at: number;
}

/** An aggregator's bet, win or rollback by its transaction id (0024); a rollback before its bet leaves a 'tombstone' bet. */
export interface SeamlessTransactionTable {
  aggregator_id: string;
  transaction_id: string;
  kind: 'bet' | 'win' | 'rollback';
  status: 'open' | 'settled' | 'rolled_back' | 'tombstone' | 'done';
  member_id: string;
  round_id: string;
  amount: number;
  currency: string;
  hold_id: string | null;
  reference_id: string | null;
  created_at: number;
}

/** A seamless round (0024): closed once the aggregator says so; its open stakes are then posted. */
export interface SeamlessRoundTable {
  aggregator_id: string;
  round_id: string;
  member_id: string;
  status: 'open' | 'closed';
  created_at: number;
  closed_at: number | null;
  /** The round's game (0026): the bet's gameCode, else its launch token's; null when neither named one. */
  game_code: string | null;
}
