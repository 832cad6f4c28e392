/**
 * Console test helpers: staff made directly in the database (known password, TOTP on) and signed in through the
 * real two steps; calls with their bearer token.
 */
import * as OTPAuth from 'otpauth';
import type { Role } from '@portal/contract/console';
import type { Harness } from '../test/harness.ts';
import { StaffAuth, totpNow } from './staffAuth.ts';
import { StaffRepository } from './staffRepository.ts';

export const STAFF_PASSWORD = 'Console#Pass2026';
let n = 0;

export interface StaffSession {
  id: number;
  username: string;
  secret: string;
  token: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of any endpoint, read by the tests
  call<T = any>(
    action: string,
    body?: unknown,
    o?: { ip?: string },
  ): Promise<{ status_code: number; data: T; message: string; http: number }>;
}

export async function consoleCall(h: Harness, token: string | null, action: string, body: unknown = {}, ip = '127.0.0.1') {
  const res = await h.app.inject({
    method: 'POST',
    url: `/console/api/${action}`,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    remoteAddress: ip,
    payload: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of any endpoint, read by the tests
  return { ...(res.json() as { status_code: number; data: any; message: string }), http: res.statusCode };
}

/** A staff account with TOTP already enrolled (its secret answered). */
export async function makeStaff(
  h: Harness,
  o: { roles: Role[]; sites?: number[] | null; ipAllow?: string[]; username?: string; totp?: boolean },
): Promise<{ id: number; username: string; secret: string }> {
  const auth = new StaffAuth(new StaffRepository(h.s.handle.db), h.config.passwordPepper);
  const username = o.username ?? `st${Date.now().toString(36)}${(n++).toString(36)}`;
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const now = Date.now();
  const id = await auth.repo.insert({
    username,
    display_name: username,
    password_hash: await auth.hash(STAFF_PASSWORD),
    totp_secret: o.totp === false ? null : secret,
    totp_enabled: o.totp === false ? 0 : 1,
    totp_last_step: 0,
    roles: JSON.stringify(o.roles),
    sites: o.sites === undefined || o.sites === null ? null : JSON.stringify(o.sites),
    ip_allow: JSON.stringify(o.ipAllow ?? []),
    disabled: 0,
    failures: 0,
    locked_until: 0,
    last_login_at: null,
    created_by: 'test',
    created_at: now,
    updated_at: now,
  });
  return { id, username, secret };
}

/** Make a staff member and sign them in (password, then the current TOTP code). */
export async function staffSession(h: Harness, o: Parameters<typeof makeStaff>[1] & { ip?: string }): Promise<StaffSession> {
  const s = await makeStaff(h, o);
  const ip = o.ip ?? '127.0.0.1';
  const login = await consoleCall(h, null, 'auth/login', { username: s.username, password: STAFF_PASSWORD }, ip);
  if (login.status_code !== 6000) throw new Error(`login: ${JSON.stringify(login)}`);
  const v = await consoleCall(h, null, 'auth/verify', { challenge: login.data.challenge, code: totpNow(s.username, s.secret) }, ip);
  if (v.status_code !== 6000) throw new Error(`verify: ${JSON.stringify(v)}`);
  const token = v.data.token as string;
  return { ...s, token, call: (action, body, c) => consoleCall(h, token, action, body, c?.ip ?? ip) };
}
