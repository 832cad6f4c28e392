/** Kysely table types: Brands, members, sessions, devices, codes, captchas, the dev outbox, the operator audit log and uploads. Times are epoch ms; flags 0/1; money in fen. */
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
  /** Avatar url: a preset (/avatars/…) or an upload (/uploads/<sha256>); null = none chosen. Optional on insert. */
  avatar?: string | null;
  /** Player protection settings' version (0: none ever set; migration 0029, modules/compliance). Optional on insert. */
  protection?: number;
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
  /** 0043: when the player last answered a reality check 继续游戏 in this session (finding 9). Optional on insert. */
  reality_ack_at?: number | null;
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

/** Operator audit log (0006): one row per operator command that changes something. */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actor: string;
  action: string;
  target: string;
  /** JSON of the command's arguments and result. */
  detail: string;
  outcome: 'ok' | 'failed';
  /** 0036: the brand the action concerned (null: the deployment), who acted ('staff' | 'ops'), JSON before/after. */
  site_code: number | null;
  actor_kind: string;
  before: string;
  after: string;
  /** The previous row's hash ('' for the first) and this row's: sha256 over prev_hash and the row's fields (ops/auditChain.ts). */
  prev_hash: string;
  hash: string;
  /** 0043: HMAC-SHA256(AUDIT_KEY, hash) — null on rows written before (ops/auditChain.ts). */
  mac: string | null;
}

/** Console staff (0036). `roles`/`sites`/`ip_allow` are JSON; `sites` null = every brand. */
/** 0043: money granted by staff (console/grants): above the brand's amount it waits for a second person. */
export interface StaffGrantTable {
  id: string;
  site_code: number;
  member_id: string;
  kind: 'vip' | 'promo' | 'adjust';
  /** fen the action creates (an adjustment's debit negative). */
  amount: number;
  /** JSON: { grade } | { rewardId } | {} */
  params: string;
  reason: string;
  status: 'pending' | 'applied' | 'rejected';
  requested_by: string;
  requested_at: number;
  decided_by: string | null;
  decided_at: number | null;
}

/** 0043: one-time command-line tokens of a staff member (finding 5): stored as sha256, used once. */
export interface StaffCliTokenTable {
  token_hash: string;
  staff_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface StaffTable {
  id: Generated<number>;
  username: string;
  display_name: string;
  password_hash: string;
  totp_secret: string | null;
  totp_enabled: number;
  totp_last_step: number;
  roles: string;
  sites: string | null;
  ip_allow: string;
  disabled: number;
  failures: number;
  locked_until: number;
  last_login_at: number | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface StaffSessionTable {
  token_hash: string;
  staff_id: number;
  ip: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked: number;
}

export interface StaffChallengeTable {
  challenge_hash: string;
  staff_id: number;
  ip: string;
  expires_at: number;
  used: number;
}

export interface StaffRecoveryCodeTable {
  code_hash: string;
  staff_id: number;
  used_at: number | null;
}

export interface UploadBlobTable {
  sha256: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  data: Buffer;
  created_at: number;
  /** 0: uploaded only as a private image (KYC): never served by GET /uploads (migration 0030). */
  public: Generated<number>;
}

export interface UploadTable {
  id: string;
  member_id: string;
  site_code: number;
  purpose: string; // avatar | feedback | kyc
  sha256: string;
  created_at: number;
}

/** Staff notes about a member (0038). `author` is the staff username. */
export interface MemberNoteTable {
  id: Generated<number>;
  site_code: number;
  member_id: string;
  author: string;
  body: string;
  created_at: number;
}

/** Manual risk flags on a member (0038); a cleared flag keeps its row. */
export interface MemberRiskFlagTable {
  id: Generated<number>;
  site_code: number;
  member_id: string;
  kind: string;
  reason: string;
  created_by: string;
  created_at: number;
  cleared_by: string | null;
  cleared_at: number | null;
}
