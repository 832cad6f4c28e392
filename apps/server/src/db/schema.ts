/** Kysely table types. Times are epoch milliseconds (bigint on PostgreSQL, parsed to number). Flags are 0/1. */

import type { JobLeaseTable } from './schema/jobs.ts';
import type {
  ProtectionEventTable,
  ProtectionExclusionKeyTable,
  ProtectionExclusionTable,
  ProtectionHourlyTable,
  ProtectionLimitTable,
} from './schema/protection.ts';
import type {
  SiteTable,
  MemberTable,
  SessionTable,
  MemberDeviceTable,
  MemberIpTable,
  LoginHistoryTable,
  VerificationCodeTable,
  CaptchaTable,
  DeviceChallengeTable,
  DevOutboxTable,
  AuditLogTable,
  StaffTable,
  StaffGrantTable,
  StaffCliTokenTable,
  StaffSessionTable,
  StaffChallengeTable,
  StaffRecoveryCodeTable,
  UploadBlobTable,
  UploadTable,
  MemberNoteTable,
  MemberRiskFlagTable,
} from './schema/accounts.ts';
import type {
  LedgerAccountTable,
  LedgerJournalTable,
  LedgerPostingTable,
  LedgerHoldTable,
  IdempotencyKeyTable,
  VenueTable,
  VenueMaintenanceTable,
  VenueTransferTable,
  MemberPrefsTable,
  SandboxVenueWalletTable,
  SandboxVenueTransferTable,
  DepositChannelTable,
  DepositOrderTable,
  PaymentNotificationTable,
  SandboxPaymentTable,
  SandboxPayoutTable,
  BankCardTable,
  UsdtAddressTable,
  WithdrawOrderTable,
  MemberTurnoverTable,
  OutboxTable,
  SeamlessTokenTable,
  SeamlessRequestTable,
  SeamlessTransactionTable,
  SeamlessRoundTable,
} from './schema/money.ts';
import type {
  BetTurnoverDailyTable,
  BetTurnoverRefTable,
  SportBetTable,
  SportBetLegTable,
  SportResultTable,
  SportPayoutCapTable,
  SportsbookTransferTable,
} from './schema/sport.ts';
import type {
  PromotionTable,
  PromoParticipationTable,
  PromoRewardTable,
  PromoDepositEventTable,
  PromoDrawSpinTable,
  PromoInviteCodeTable,
  LetterTable,
  LetterRecipientTable,
  NoticeTable,
  AdTable,
  FeedbackTable,
  VipGradeTable,
  MemberVipTable,
  VipRewardTable,
  VipRebateTable,
  SupportThreadTable,
  TicketCounterTable,
  SupportMessageTable,
  ZhTwFormTable,
} from './schema/memberCentre.ts';
import type {
  CasinoVenueTable,
  CasinoGameTable,
  GameFavouriteTable,
  JackpotPoolTable,
  FairSeedTable,
  CasinoRoundTable,
} from './schema/casino.ts';
import type { KycSubmissionTable } from './schema/kyc.ts';
import type {
  TableRoundTable,
  TableBetTable,
  TableChaseTable,
  TableLeaseTable,
  TableRoundCancelTable,
  TableSeedChainTable,
} from './schema/tables.ts';
import type {
  LiveRoomTable,
  LiveMessageTable,
  LiveMuteTable,
  LiveShadowBanTable,
  LiveBlockTable,
  LiveWordTable,
  LiveGiftTable,
  LiveGiftPriceTable,
} from './schema/live.ts';
// PvP card tables (issue 31)
import type { PvpEntryTable, PvpHandTable } from './schema/pvp.ts';
import type { ReportDailyTable, ReportDailyVenueTable, ReportDirtyDayTable } from './schema/reports.ts';
import type { FishingMinuteTable, FishingSeatTable, FishingSeedTable, FishingShotTable } from './schema/fishing.ts';

export type * from './schema/accounts.ts';
export type * from './schema/money.ts';
export type * from './schema/sport.ts';
export type * from './schema/memberCentre.ts';
export type * from './schema/casino.ts';
export type * from './schema/kyc.ts';
export type * from './schema/reports.ts';
export type * from './schema/tables.ts';
export type * from './schema/fishing.ts';
export type * from './schema/live.ts';
// PvP card tables (issue 31)
export type * from './schema/pvp.ts';

export interface Database {
  sport_bets: SportBetTable;
  sport_bet_legs: SportBetLegTable;
  sport_results: SportResultTable;
  sport_payout_caps: SportPayoutCapTable;
  sportsbook_transfers: SportsbookTransferTable;
  vip_grades: VipGradeTable;
  member_vip: MemberVipTable;
  vip_rewards: VipRewardTable;
  vip_rebates: VipRebateTable;
  letters: LetterTable;
  letter_recipients: LetterRecipientTable;
  notices: NoticeTable;
  ads: AdTable;
  feedback: FeedbackTable;
  casino_venues: CasinoVenueTable;
  casino_games: CasinoGameTable;
  fair_seeds: FairSeedTable;
  casino_rounds: CasinoRoundTable;
  table_rounds: TableRoundTable;
  table_bets: TableBetTable;
  table_chases: TableChaseTable;
  table_leases: TableLeaseTable;
  job_leases: JobLeaseTable;
  fishing_seeds: FishingSeedTable;
  fishing_shots: FishingShotTable;
  fishing_minutes: FishingMinuteTable;
  fishing_seats: FishingSeatTable;
  table_round_cancels: TableRoundCancelTable;
  table_seed_chains: TableSeedChainTable;
  support_threads: SupportThreadTable;
  ticket_counters: TicketCounterTable;
  support_messages: SupportMessageTable;
  protection_limits: ProtectionLimitTable;
  protection_exclusions: ProtectionExclusionTable;
  protection_exclusion_keys: ProtectionExclusionKeyTable;
  protection_hourly: ProtectionHourlyTable;
  protection_events: ProtectionEventTable;
  zh_tw_forms: ZhTwFormTable;
  game_favourites: GameFavouriteTable;
  jackpot_pools: JackpotPoolTable;
  kyc_submissions: KycSubmissionTable;
  report_daily: ReportDailyTable;
  report_daily_venue: ReportDailyVenueTable;
  report_dirty_days: ReportDirtyDayTable;

  promotions: PromotionTable;
  promo_participations: PromoParticipationTable;
  promo_rewards: PromoRewardTable;
  promo_deposit_events: PromoDepositEventTable;
  promo_draw_spins: PromoDrawSpinTable;
  promo_invite_codes: PromoInviteCodeTable;
  upload_blobs: UploadBlobTable;
  uploads: UploadTable;
  bet_turnover_daily: BetTurnoverDailyTable;
  bet_turnover_refs: BetTurnoverRefTable;
  audit_log: AuditLogTable;
  staff: StaffTable;
  staff_grants: StaffGrantTable;
  staff_cli_tokens: StaffCliTokenTable;
  staff_sessions: StaffSessionTable;
  staff_challenges: StaffChallengeTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  member_notes: MemberNoteTable;
  member_risk_flags: MemberRiskFlagTable;
  bank_cards: BankCardTable;
  usdt_addresses: UsdtAddressTable;
  withdraw_orders: WithdrawOrderTable;
  member_turnover: MemberTurnoverTable;
  deposit_channels: DepositChannelTable;
  deposit_orders: DepositOrderTable;
  payment_notifications: PaymentNotificationTable;
  sandbox_payments: SandboxPaymentTable;
  sandbox_payouts: SandboxPayoutTable;
  venues: VenueTable;
  venue_maintenance: VenueMaintenanceTable;
  venue_transfers: VenueTransferTable;
  member_prefs: MemberPrefsTable;
  sandbox_venue_wallets: SandboxVenueWalletTable;
  sandbox_venue_transfers: SandboxVenueTransferTable;
  ledger_accounts: LedgerAccountTable;
  ledger_journals: LedgerJournalTable;
  ledger_postings: LedgerPostingTable;
  ledger_holds: LedgerHoldTable;
  idempotency_keys: IdempotencyKeyTable;
  outbox: OutboxTable;
  seamless_tokens: SeamlessTokenTable;
  seamless_requests: SeamlessRequestTable;
  seamless_transactions: SeamlessTransactionTable;
  seamless_rounds: SeamlessRoundTable;
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
  live_rooms: LiveRoomTable;
  live_messages: LiveMessageTable;
  live_mutes: LiveMuteTable;
  live_shadow_bans: LiveShadowBanTable;
  live_blocks: LiveBlockTable;
  live_words: LiveWordTable;
  live_gifts: LiveGiftTable;
  live_gift_prices: LiveGiftPriceTable;
  // PvP card tables (issue 31)
  pvp_entries: PvpEntryTable;
  pvp_hands: PvpHandTable;
}
