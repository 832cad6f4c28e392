/** Kysely table types: Promotions (0011), letters, notices, ads and feedback (0008), VIP (0010). Times are epoch ms; flags 0/1; money in fen. */
import type { Generated } from 'kysely';

/** Promotions (0011): rules per brand; params_json holds the type's parameters (modules/promotions/params.ts). */
export interface PromotionTable {
  id: string;
  site_code: number;
  type: string;
  category: string;
  title_cn: string;
  title_tw: string;
  summary_cn: string;
  summary_tw: string;
  rules_cn: string;
  rules_tw: string;
  banner_theme: string;
  banner_image: string | null;
  params_json: string;
  starts_at: number;
  ends_at: number | null;
  status: 'active' | 'ended';
  sort: number;
  settled_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface PromoParticipationTable {
  promotion_id: string;
  member_id: string;
  site_code: number;
  joined_at: number;
  next_seed: string | null;
  next_commit: string | null;
  spins_used: number;
}

export interface PromoRewardTable {
  id: string;
  promotion_id: string;
  member_id: string;
  site_code: number;
  period_key: string;
  amount: number;
  wagering: number;
  status: 'paid' | 'flagged' | 'refused';
  source_cn: string;
  source_tw: string;
  ref: string;
  flag_reason: string | null;
  journal_id: string | null;
  decided_by: string | null;
  decided_at: number | null;
  created_at: number;
}

export interface PromoDepositEventTable {
  order_no: string;
  member_id: string;
  site_code: number;
  amount: number;
  deposit_seq: number;
  paid_at: number;
  processed_at: number | null;
}

export interface PromoDrawSpinTable {
  promotion_id: string;
  member_id: string;
  spin_no: number;
  commit_hash: string;
  seed: string;
  hmac: string;
  prize_index: number;
  amount: number;
  created_at: number;
}

export interface PromoInviteCodeTable {
  member_id: string;
  site_code: number;
  code: string;
  created_at: number;
}

/** Letters (0008): one per send; `broadcast` 1 when sent to a segment (the br-prefixed boxes). */
export interface LetterTable {
  id: string;
  site_code: number;
  type: 'notice' | 'activity' | 'bulletin' | 'match' | 'fd';
  broadcast: number;
  title: string;
  content: string;
  /** JSON of the segment it was sent to (operator record). */
  segment: string;
  recipients: number;
  /** Visible to recipients from this time on. */
  start_at: number;
  created_by: string;
  created_at: number;
  /** Withdrawn by the operator: hidden from every box. */
  revoked_at: number | null;
}

/** One member's copy of a letter: read and (soft) deleted per member. */
export interface LetterRecipientTable {
  letter_id: string;
  member_id: string;
  read_at: number | null;
  deleted_at: number | null;
}

/** Notices (公告) per brand, shown inside [start_at, end_at). */
export interface NoticeTable {
  id: string;
  site_code: number;
  category: 'notice' | 'activity' | 'bulletin' | 'match' | 'fd';
  title: string;
  content: string;
  marquee: number;
  start_at: number;
  end_at: number | null;
  created_by: string;
  created_at: number;
  withdrawn_at: number | null;
}

/** Advertising items per brand and position (banner, nav, sponsor), shown inside [start_at, end_at). */
export interface AdTable {
  id: string;
  site_code: number;
  position: 'banner' | 'nav' | 'sponsor';
  title: string;
  image_url: string;
  link_url: string;
  content: string;
  sort: number;
  start_at: number;
  end_at: number | null;
  created_by: string;
  created_at: number;
  withdrawn_at: number | null;
}

/** Member feedback and the operator's reply. `images` is JSON [{id, url}] of the member's uploads. */
export interface FeedbackTable {
  id: string;
  site_code: number;
  member_id: string;
  type: string;
  content: string;
  images: string;
  status: 'pending' | 'replied';
  reply: string | null;
  replied_by: string | null;
  replied_at: number | null;
  reply_read_at: number | null;
  deleted_at: number | null;
  created_at: number;
  /** The number the member sees (0034): F + business day + sequence, unique per brand. */
  ticket_no: string | null;
}

/** VIP (0010): the ladder per brand; amounts in fen, rebate rates in basis points (1 = 0.01 %). */
export interface VipGradeTable {
  site_code: number;
  grade: number;
  name: string;
  deposit_min: number;
  turnover_min: number;
  upgrade_bonus: number;
  birthday_bonus: number;
  weekly_bonus: number;
  weekly_turnover_min: number;
  bonus_multiple: number;
  rebate_multiple: number;
  rebate_ty: number;
  rebate_zr: number;
  rebate_qp: number;
  rebate_dz: number;
  rebate_cp: number;
  rebate_dj: number;
  rebate_by: number;
  updated_at: number;
}

export interface MemberVipTable {
  member_id: string;
  site_code: number;
  grade: number;
  upgraded_at: number | null;
  updated_at: number;
}

/** One welfare reward per member, kind (upgrade | birthday | weekly) and period: paid once. */
export interface VipRewardTable {
  id: string;
  member_id: string;
  site_code: number;
  kind: 'upgrade' | 'birthday' | 'weekly';
  period: string;
  grade: number;
  amount: number;
  multiple: number;
  status: 'available' | 'claimed';
  journal_id: string | null;
  created_at: number;
  claimed_at: number | null;
}

/** One rebate (洗码) payout per member and business day; detail is JSON per venue category. */
export interface VipRebateTable {
  member_id: string;
  day: string;
  site_code: number;
  grade: number;
  valid: number;
  amount: number;
  detail: string;
  journal_id: string | null;
  paid_at: number;
}

/** The built-in service desk (0028): one conversation per brand and owner ('m:<member>' or 'v:<sha256 of a visitor key>'). */
export interface SupportThreadTable {
  id: string;
  site_code: number;
  owner: string;
  member_id: string | null;
  /** 1 while the player's last message has no staff answer. */
  waiting: number;
  created_at: number;
  updated_at: number;
  /** The number the player sees (0034): S + business day + sequence, unique per brand. */
  ticket_no: string | null;
}

/** The per-brand, per-kind, per-business-day sequence of readable ticket numbers (0034). */
export interface TicketCounterTable {
  site_code: number;
  kind: string;
  /** yyyymmdd, the business day (UTC+8). */
  day: string;
  last: number;
}

export interface SupportMessageTable {
  id: Generated<number>;
  thread_id: string;
  author: 'player' | 'staff';
  staff: string | null;
  body: string;
  created_at: number;
}

/** zh-TW forms of zh-CN data (0035; lib/zhTW.ts): keyed by the SHA-256 of the zh-CN text. */
export interface ZhTwFormTable {
  key: string;
  zh_cn: string;
  zh_tw: string;
  /** 'opencc': converted; 'operator': the operator's own form (a conversion never replaces it). */
  source: 'opencc' | 'operator';
  updated_at: number;
}
