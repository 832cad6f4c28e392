/**
 * Named route guards (spec §2 navigation behaviour, §6). Pure functions of the guard context, so the
 * shell and the tests run the same rules. A route lists its guards by name; they run in order and
 * the first that does not pass decides.
 */
import type { SiteFlags } from '@portal/contract';
import type { MemberInfo } from '../stores/session.ts';

export interface GuardContext {
  pathname: string;
  token: string | null;
  user: MemberInfo | null;
  /** null while preInfo is loading. */
  flags: SiteFlags | null;
}

export type GuardResult =
  | { kind: 'pass' }
  /** Not decidable yet (site config or member info still loading): show the page loader. */
  | { kind: 'wait'; reason: 'site' | 'user' }
  | { kind: 'redirect'; to: string; warning?: string; event?: 'show_login_tips' }
  | { kind: 'notFound' };

export type Guard = (ctx: GuardContext) => GuardResult;

/** Spec §2: '请先登录账号，才能了解更多' (zh-CN source; the shell shows the current language's text). */
export const LOGIN_WARNING = '请先登录账号，才能了解更多';
export const HOME_PATH = '/';
export const AUTH_PAGE_PATH = '/mine/auth';

const PASS: GuardResult = { kind: 'pass' };

/** Anonymous → home with the warning and the login-tips prompt. */
export const requireLogin: Guard = (ctx) =>
  ctx.token ? PASS : { kind: 'redirect', to: HOME_PATH, warning: LOGIN_WARNING, event: 'show_login_tips' };

/** Bound phone AND bound real name, else the auth page (spec §2). Implies login. */
export const requireBoundPhone: Guard = (ctx) => {
  const login = requireLogin(ctx);
  if (login.kind !== 'pass') return login;
  if (!ctx.user) return { kind: 'wait', reason: 'user' };
  return ctx.user.bindPhone && ctx.user.bindRealName ? PASS : { kind: 'redirect', to: AUTH_PAGE_PATH };
};

/** A path rule of spec §2: paths containing `fragment` show not-found when the site flag is off ('0'). */
function siteFlagGuard(fragment: string, flag: keyof SiteFlags): Guard {
  return (ctx) => {
    if (!ctx.pathname.includes(fragment)) return PASS;
    if (!ctx.flags) return { kind: 'wait', reason: 'site' };
    return ctx.flags[flag] ? PASS : { kind: 'notFound' };
  };
}

/** /app/help/ck (deposit help) hidden when the site's helpCk flag is off. */
export const helpCkEnabled: Guard = siteFlagGuard('/app/help/ck', 'helpCk');
/** /mine/savemoney (deposit) hidden when the site's deposit flag is off. */
export const depositEnabled: Guard = siteFlagGuard('/mine/savemoney', 'deposit');

/** The sport entry page and where a member skips it to: the house sportsbook (spec §2 /game/sport/{enName} crty). */
export const SPORT_ENTRY_PATH = '/game/sport';
export const SPORTSBOOK_PATH = '/game/sport/crty';

/**
 * skipSport (a brand flag): a member's visit to the sport entry page (/game/sport, the header's 体育) skips it and
 * goes straight into the sportsbook; a visitor still sees the entry page (entering needs a login).
 */
export const skipSportEntry: Guard = (ctx) => {
  if (ctx.pathname.replace(/\/+$/, '') !== SPORT_ENTRY_PATH || !ctx.token) return PASS;
  if (!ctx.flags) return { kind: 'wait', reason: 'site' };
  return ctx.flags.skipSport ? { kind: 'redirect', to: SPORTSBOOK_PATH } : PASS;
};

export const GUARDS = { requireLogin, requireBoundPhone, helpCkEnabled, depositEnabled, skipSportEntry } as const;
export type GuardName = keyof typeof GUARDS;

/** Path rules applied to every route, before the route's own guards (they hide whole paths). */
export const PATH_GUARDS: readonly GuardName[] = ['helpCkEnabled', 'depositEnabled'];

export function runGuards(names: readonly GuardName[], ctx: GuardContext): GuardResult {
  for (const name of [...PATH_GUARDS, ...names.filter((n) => !PATH_GUARDS.includes(n))]) {
    const result = GUARDS[name](ctx);
    if (result.kind !== 'pass') return result;
  }
  return PASS;
}
