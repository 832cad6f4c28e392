/** Kysely table types. Times are epoch milliseconds (bigint on PostgreSQL, parsed to number). Flags are 0/1. */
import type { Generated } from 'kysely';

export interface SiteTable {
  site_code: number;
  title: string;
  h5_domain_url: string;
  domains: string; // comma-separated host names that select this site when no x-site-id header is sent
  theme_json: string;
  flags_json: string;
  client_key: string;
  safe_switch: number;
  login_captcha: string; // 'always' | 'risk'
  register_open: number;
  ip_check: number;
  cs_url: string;
  created_at: number;
}

export interface MemberTable {
  id: string;
  site_code: number;
  name: string;
  name_lower: string;
  password_hash: string;
  second_password_hash: string | null;
  phone: string | null;
  area_code: string | null;
  email: string | null;
  real_name: string | null;
  gender: string | null;
  birthday: string | null;
  profile_confirmed: number;
  status: string; // 'active' | 'disabled'
  rcode: string | null;
  icode: string | null;
  register_ip: string;
  register_domain: string | null;
  created_at: number;
  last_login_at: number | null;
  password_changed_at: number;
}

export interface SessionTable {
  token_hash: string;
  member_id: string;
  site_code: number;
  uuid: string;
  ip: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface MemberDeviceTable {
  member_id: string;
  uuid: string;
  first_seen_at: number;
  last_seen_at: number;
}

export interface MemberIpTable {
  member_id: string;
  ip_prefix: string;
  first_seen_at: number;
  last_seen_at: number;
}

export interface LoginHistoryTable {
  id: Generated<number>;
  member_id: string;
  site_code: number;
  at: number;
  ip: string;
  uuid: string;
  client: string;
  result: string;
}

export interface VerificationCodeTable {
  id: string;
  site_code: number;
  purpose: string;
  member_id: string | null;
  destination: string;
  channel: string; // sms | voice | email | ticket
  code_hash: string;
  created_at: number;
  expires_at: number;
  tries: number;
  verified_at: number | null;
  consumed_at: number | null;
}

export interface CaptchaTable {
  id: string;
  site_code: number;
  ktype: number;
  kind: string; // image | slider | result
  answer_hash: string;
  meta: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface DeviceChallengeTable {
  id: string;
  member_id: string;
  uuid: string;
  ip: string;
  reason: number;
  created_at: number;
  expires_at: number;
  middle_tries: number;
  middle_passed_at: number | null;
  passed_at: number | null;
}

export interface DevOutboxTable {
  id: Generated<number>;
  site_code: number;
  kind: string;
  to: string;
  code_id: string | null;
  code: string | null;
  text: string;
  created_at: number;
}

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
}

export interface PaymentNotificationTable {
  id: Generated<number>;
  provider: string;
  order_no: string;
  event: string;
  amount: number;
  outcome: string;
  received_at: number;
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
}

export interface MemberTurnoverTable {
  member_id: string;
  required: number;
  done: number;
}

export interface Database {
  bank_cards: BankCardTable;
  usdt_addresses: UsdtAddressTable;
  withdraw_orders: WithdrawOrderTable;
  member_turnover: MemberTurnoverTable;
  deposit_channels: DepositChannelTable;
  deposit_orders: DepositOrderTable;
  payment_notifications: PaymentNotificationTable;
  venues: VenueTable;
  venue_transfers: VenueTransferTable;
  member_prefs: MemberPrefsTable;
  sandbox_venue_wallets: SandboxVenueWalletTable;
  sandbox_venue_transfers: SandboxVenueTransferTable;
  ledger_accounts: LedgerAccountTable;
  ledger_journals: LedgerJournalTable;
  ledger_postings: LedgerPostingTable;
  ledger_holds: LedgerHoldTable;
  idempotency_keys: IdempotencyKeyTable;
  sites: SiteTable;
  members: MemberTable;
  sessions: SessionTable;
  member_devices: MemberDeviceTable;
  member_ips: MemberIpTable;
  login_history: LoginHistoryTable;
  verification_codes: VerificationCodeTable;
  captchas: CaptchaTable;
  device_challenges: DeviceChallengeTable;
  dev_outbox: DevOutboxTable;
}
