/**
 * Staff roles and the permission matrix of the operator console. The server checks the permission
 * an endpoint declares on every call (6003 when a role lacks it); the console hides what the role cannot do
 * from the same table. Permissions are `<area>.<verb>`: `read` permissions only look; every other verb writes.
 */
export const PERMISSIONS = [
  'dashboard.read',
  'reports.read',
  'staff.read',
  'staff.write',
  'audit.read',
  'withdraw.read',
  /** Risk review: lock an order for review, pass or refuse it, and give the second approval above the threshold. */
  'withdraw.risk',
  /** Finance: lock an approved order for payout, pay it out or reject it with a reason. */
  'withdraw.pay',
  'deposit.read',
  'deposit.reconcile',
  'ledger.read',
  'member.read',
  /** Disable / enable, revoke sessions, reset the second (withdrawal) password. */
  'member.write',
  'member.notes',
  /** Set a member's VIP grade by hand. */
  'member.vip',
  'risk.read',
  'risk.write',
  'content.read',
  /** Notices, marquee, banners, letters. */
  'content.write',
  'promo.read',
  'promo.write',
  /** Flagged claims: pay or refuse. */
  'promo.review',
  'vip.read',
  'vip.write',
  'games.read',
  /** The catalogue: a game's status, sort and tags. */
  'games.write',
  /** House table rounds: cancel one with a reason; after betting closed, ask or give the second approval. */
  'games.rounds',
  'sport.read',
  'sport.write',
  'feedback.read',
  'feedback.reply',
  'support.read',
  'support.reply',
  'site.read',
  'site.write',
  'protection.read',
  'protection.write',
  'kyc.review',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['super_admin', 'finance', 'risk', 'customer_service', 'content', 'trader', 'games', 'compliance', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

export const isReadPermission = (p: Permission): boolean => p.endsWith('.read');

const readOnly = PERMISSIONS.filter(isReadPermission);

/** What each role may do. A staff member's permissions are the union over their roles. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  super_admin: PERMISSIONS,
  finance: [
    'dashboard.read',
    'reports.read',
    'withdraw.read',
    'withdraw.pay',
    'deposit.read',
    'deposit.reconcile',
    'ledger.read',
    'member.read',
    'promo.read',
  ],
  risk: [
    'dashboard.read',
    'withdraw.read',
    'withdraw.risk',
    'deposit.read',
    'ledger.read',
    'member.read',
    'member.write',
    'member.notes',
    'member.vip',
    'risk.read',
    'risk.write',
    'promo.read',
    'promo.review',
  ],
  customer_service: [
    'member.read',
    'member.notes',
    'feedback.read',
    'feedback.reply',
    'support.read',
    'support.reply',
    'content.read',
    'promo.read',
    'vip.read',
  ],
  content: [
    'content.read',
    'content.write',
    'promo.read',
    'promo.write',
    'vip.read',
    'vip.write',
    'games.read',
    'games.write',
    'site.read',
  ],
  trader: ['dashboard.read', 'sport.read', 'sport.write', 'games.read'],
  /** Games staff: the catalogue and the house tables' rounds (cancelling one is theirs, not content's). */
  games: ['dashboard.read', 'reports.read', 'games.read', 'games.write', 'games.rounds'],
  compliance: [
    'dashboard.read',
    'reports.read',
    'audit.read',
    'member.read',
    'member.notes',
    'risk.read',
    'withdraw.read',
    'ledger.read',
    'protection.read',
    'protection.write',
    'kyc.review',
  ],
  /** Read-only: sees every screen of their brands, changes nothing. */
  auditor: readOnly,
};

/** Chinese names of the roles, as the console shows them. */
export const ROLE_NAMES: Readonly<Record<Role, string>> = {
  super_admin: '超级管理员',
  finance: '财务',
  risk: '风控',
  customer_service: '客服',
  content: '内容运营',
  trader: '体育操盘',
  games: '游戏运营',
  compliance: '合规',
  auditor: '审计（只读）',
};

export function permissionsOf(roles: readonly Role[]): Set<Permission> {
  const out = new Set<Permission>();
  for (const r of roles) for (const p of ROLE_PERMISSIONS[r] ?? []) out.add(p);
  return out;
}
