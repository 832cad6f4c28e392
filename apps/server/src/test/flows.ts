/**
 * Helpers for the account API tests: distinct client networks (the per-IP budgets are real), bound
 * phones and e-mails through the real code flows, and row surgery to move time for expiry tests.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { SiteComplianceFlags, SiteFlags } from '@portal/contract';
import { houseAccount, memberAccount } from '../ledger/accounts.ts';
import { post } from '../ledger/ledger.ts';
import { md5, uniqueName, type CallOptions, type Harness } from './harness.ts';

export const U = '/site/api/v1/user/';

let ipCounter = Math.floor(Math.random() * 200) * 256;
/** A fresh client address in its own /24, so per-IP and per-network limits of one test do not meet another's. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 8) & 255}.${ipCounter & 255}.${1 + (ipCounter % 200)}`;
}

let phoneCounter = Math.floor(Math.random() * 1e6);
/** A unique China mobile number (national form, 11 digits). */
export function nextPhone(): string {
  phoneCounter += 1;
  return `139${String(phoneCounter % 1e8).padStart(8, '0')}`;
}

export const newUuid = (): string => randomUUID();

/** Assert success and show the envelope when it is not. */
export function ok<T extends { status_code: number }>(r: T): T {
  expect(r.status_code, JSON.stringify(r)).toBe(6000);
  return r;
}

/** Assert a business answer: code and exact message. */
export function expectFail(r: { status_code: number; message: string }, code: number, message?: string): void {
  expect(r.status_code, JSON.stringify(r)).toBe(code);
  if (message !== undefined) expect(r.message).toBe(message);
}

/** Register + auto-login from a network of its own (registrations per IP per hour are capped). */
export async function freshMember(h: Harness, o: CallOptions & { password?: string; name?: string } = {}) {
  const { password = 'Abc12345xy', name = uniqueName(), ...call } = o;
  const ip = call.ip ?? nextIp();
  const m = await h.member(name, password, { ...call, ip });
  return { ...m, ip };
}

/** sendCode/two type 4 + bindPhone. */
export async function bindPhone(h: Harness, token: string, phone: string, o: CallOptions = {}): Promise<void> {
  ok(await h.call(`${U}sendCode/two`, { type: '4', cate: '0', phone, areaCode: '+86' }, { ...o, token }));
  const code = await h.lastCode(`+86${phone}`);
  ok(await h.call(`${U}bindPhone`, { phone, areaCode: '+86', code }, { ...o, token }));
}

/** sendCode/two type 5 + bindEmail. */
export async function bindEmail(h: Harness, token: string, email: string, o: CallOptions = {}): Promise<void> {
  ok(await h.call(`${U}sendCode/two`, { type: '5', cate: '1', email }, { ...o, token }));
  const code = await h.lastCode(email.toLowerCase());
  ok(await h.call(`${U}bindEmail`, { email, code }, { ...o, token }));
}

/** Password login body with a captcha already solved (or kaptchcate 99 extras). */
export const loginBody = (name: string, password: string, extra: Record<string, unknown> = {}) => ({
  isAgent: 0,
  name,
  password: md5(password),
  version: '1.0',
  ...extra,
});

/** Move every code sent to a destination back in time (past the 60 s resend wait). */
export async function ageCodes(h: Harness, destination: string, ms: number): Promise<void> {
  const rows = await h.s.handle.db
    .selectFrom('verification_codes')
    .select(['id', 'created_at'])
    .where('destination', '=', destination)
    .execute();
  for (const r of rows) {
    await h.s.handle.db
      .updateTable('verification_codes')
      .set({ created_at: Number(r.created_at) - ms })
      .where('id', '=', r.id)
      .execute();
  }
}

/** Expire every code sent to a destination. */
export async function expireCodes(h: Harness, destination: string): Promise<void> {
  await h.s.handle.db
    .updateTable('verification_codes')
    .set({ expires_at: Date.now() - 1000 })
    .where('destination', '=', destination)
    .execute();
}

/** Row counts of every table an account call may write. */
const SNAPSHOT_TABLES = [
  'members',
  'sessions',
  'member_devices',
  'member_ips',
  'login_history',
  'verification_codes',
  'device_challenges',
] as const;
export async function snapshot(h: Harness): Promise<Record<(typeof SNAPSHOT_TABLES)[number], number>> {
  const out = {} as Record<(typeof SNAPSHOT_TABLES)[number], number>;
  for (const t of SNAPSHOT_TABLES) out[t] = await h.count(t);
  return out;
}

export async function memberRow(h: Harness, id: string) {
  return h.s.handle.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Run an operator command (`npm run ops -- …`) on the harness's own services; answers the exit code and what it printed. */
export async function runOpsCommand(
  h: Harness,
  operator: string | { operator?: string; token?: string; username?: string; password?: string; code?: string },
  ...argv: string[]
): Promise<{ code: number; out: unknown[] }> {
  const { runOps } = await import('../ops/dispatch.ts');
  const out: unknown[] = [];
  const who = typeof operator === 'string' ? { operator } : operator;
  const code = await runOps(argv, {
    handle: h.s.handle,
    config: h.config,
    operator: who.operator ?? 'ops-test',
    credentials: who,
    services: h.s,
    print: (v) => out.push(v),
  });
  return { code, out };
}

/** The second password `readyToWithdraw` sets. */
export const FUND_PASSWORD = 'Fund8888x';

/** What a withdrawal needs besides funds and turnover: a bound phone, the real name, a second password and a bank card (its id answered). */
export async function readyToWithdraw(h: Harness, token: string, realName = '张三丰'): Promise<string> {
  await bindPhone(h, token, nextPhone());
  ok(await h.call(`${U}member/bindOther`, { realName }, { token }));
  ok(await h.call(`${U}withdrawal/pwd/set`, { password: md5(FUND_PASSWORD), secondPassword: md5(FUND_PASSWORD) }, { token }));
  return ok(
    await h.call('/fd/api/v1/bankCard/add', { bankCode: 'ICBC', cardNo: '6222 0212 3456 7890 123', holderName: realName }, { token }),
  ).data.id as string;
}

/** Money for a test member's central wallet: one journal from the house's test clearing account (a stand-in for a deposit). */
export async function creditCentral(h: Harness, memberId: string, fen: number, refId = memberId): Promise<void> {
  await h.s.handle.db.transaction().execute((tx) =>
    post(tx, {
      kind: 'deposit',
      currency: 'CNY',
      refType: 'test',
      refId,
      memberId,
      lines: [
        { account: houseAccount('clearing', 'test'), amount: -fen },
        { account: memberAccount(memberId, 'central'), amount: fen },
      ],
    }),
  );
}

/** Runs `f` with a brand's flags changed (the sites row and the registry), then puts them back. */
export async function withSiteFlags<T>(
  h: Harness,
  siteCode: number,
  patch: Partial<SiteFlags & SiteComplianceFlags>,
  f: () => Promise<T>,
): Promise<T> {
  const site = h.s.sites.get(siteCode)!;
  const set = (flags: SiteFlags & SiteComplianceFlags) =>
    h.s.handle.db
      .updateTable('sites')
      .set({ flags_json: JSON.stringify(flags) })
      .where('site_code', '=', siteCode)
      .execute();
  await set({ ...site.flags, ...patch });
  await h.s.sites.load();
  try {
    return await f();
  } finally {
    await set(site.flags);
    await h.s.sites.load();
  }
}

/** A member of 7000 with a bound phone (device and network known), past the bind code's 60 s resend wait. */
export async function memberWithPhone(h: Harness) {
  const m = await freshMember(h);
  const phone = nextPhone();
  await bindPhone(h, m.token, phone);
  await ageCodes(h, `+86${phone}`, 61_000);
  return { ...m, phone };
}
