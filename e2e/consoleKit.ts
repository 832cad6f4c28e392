/**
 * Operator-console browser tests: staff accounts made with the real CLI (`ops staff:create`), their
 * second factor enrolled through the API or the sign-in page, and TOTP codes computed here with otpauth (the
 * server's own library). Every code is used once: the server refuses a code of a time step it has already seen,
 * so the kit hands out the next unused step (±1 step of drift is accepted) and waits when none is left.
 *
 *   const server = await startServer();
 *   const admin = await createStaff(server, 'admin1', ['super_admin']);   // password known, not enrolled
 *   await enrolStaff(server, admin);                                     // API: secret + first code
 *   const page = await (await browser.newContext()).newPage();
 *   await signIn(page, server, admin);                                   // the sign-in page, lands in the layout
 *   await page.goto(consoleUrl(server, 'staff'));
 */
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import type { Role } from '@portal/contract/console';
import type { RunningServer } from './server.ts';

export interface Staff {
  username: string;
  password: string;
  roles: Role[];
  /** Base32 TOTP secret once enrolled. */
  secret: string | null;
  /** The last TOTP time step used (a code of a step at or below it is refused as a replay). */
  lastStep: number;
}

const STEP_MS = 30_000;

export const consoleUrl = (server: RunningServer, path = '') => `${server.baseUrl}/console/${path.replace(/^\//, '')}`;

/** A staff account through the CLI (`npm run ops -- staff:create <username> <roles> [sites]`); parses its one-time password. */
export async function createStaff(server: RunningServer, username: string, roles: Role[], sites = '*'): Promise<Staff> {
  const out = await server.ops('staff:create', username, roles.join(','), sites);
  const password = /one-time password: (\S+)/.exec(out)?.[1];
  if (!password) throw new Error(`staff:create printed no password:\n${out}`);
  return { username, password, roles, secret: null, lastStep: 0 };
}

/** The code for the next unused time step (waits for the clock when the steps within reach are spent). */
export async function nextCode(staff: Staff): Promise<string> {
  if (!staff.secret) throw new Error(`${staff.username} has not enrolled a second factor`);
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / STEP_MS);
    // Accepted: steps current-1 … current+1. The previous step only early in the current one (it must still be
    // good when the request arrives); a step past current+1 waits for the clock.
    const step = Math.max(now % STEP_MS < 20_000 ? current - 1 : current, staff.lastStep + 1);
    if (step <= current + 1) {
      staff.lastStep = step;
      return totp(staff.secret).generate({ timestamp: step * STEP_MS });
    }
    await new Promise((r) => setTimeout(r, STEP_MS - (now % STEP_MS) + 50));
  }
}

const totp = (secret: string) => new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });

async function consoleApi<T>(
  server: RunningServer,
  action: string,
  body: unknown,
  token?: string,
): Promise<{ status_code: number; data: T; message: string }> {
  const r = await fetch(`${server.baseUrl}/console/api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { status_code: number; data: T; message: string };
}

/** Sign in through the API (enrolling the second factor the first time); answers the bearer token. */
export async function apiSignIn(server: RunningServer, staff: Staff): Promise<string> {
  const login = await consoleApi<{ challenge: string; enrol: { secret: string } | null }>(server, 'auth/login', {
    username: staff.username,
    password: staff.password,
  });
  if (login.status_code !== 6000) throw new Error(`auth/login ${staff.username}: ${JSON.stringify(login)}`);
  if (login.data.enrol) staff.secret = login.data.enrol.secret;
  const v = await consoleApi<{ token: string }>(server, 'auth/verify', { challenge: login.data.challenge, code: await nextCode(staff) });
  if (v.status_code !== 6000) throw new Error(`auth/verify ${staff.username}: ${JSON.stringify(v)}`);
  return v.data.token;
}

/** Enrol the staff member's second factor through the API (their first sign-in), so the browser signs in with a code. */
export async function enrolStaff(server: RunningServer, staff: Staff): Promise<Staff> {
  if (!staff.secret) await apiSignIn(server, staff);
  return staff;
}

/** Any console call with a staff token (setting data up for a screen). */
export const staffCall = consoleApi;

/** Type the password, then a fresh code; resolves when the console's layout shows. */
export async function signIn(page: Page, server: RunningServer, staff: Staff): Promise<void> {
  if (!staff.secret) throw new Error('signIn: enrol first (enrolStaff), or test the enrolment itself');
  await page.goto(consoleUrl(server, 'signin'));
  await page.getByLabel('用户名').fill(staff.username);
  await page.getByLabel('密码', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByLabel('验证码').fill(await nextCode(staff));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.locator('.console-header').waitFor({ timeout: 20_000 });
}
