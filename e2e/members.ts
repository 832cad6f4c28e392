/**
 * Members for browser tests, made through the real API: register (image captcha answered from the
 * dev outbox) with the auto-login ticket, bind a phone (code from the outbox), real name, second
 * password; and the logged-in browser context (token stored before the app starts).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { HEADERS, makeTsToken } from '../packages/contract/src/index.ts';

export interface Envelope<T = any> {
  status_code: number;
  data: T;
  message: string;
}
export const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const U = '/site/api/v1/user/';

export class ApiClient {
  private clientKey = '';
  readonly uuid = randomUUID();
  /** `siteId`: the brand whose API this is (its x-site-id header; node resolves no brand host names). */
  constructor(
    readonly baseUrl: string,
    private readonly siteId = '7000',
  ) {}

  async call<T = any>(path: string, body: unknown = {}, token?: string, extra: Record<string, string> = {}): Promise<Envelope<T>> {
    if (!this.clientKey && !path.endsWith('preInfo'))
      this.clientKey = (await this.call('/site/api/v1/configuration/preInfo')).data.siteBaseConfig.clientKey;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      [HEADERS.CLIENT]: 'web',
      [HEADERS.VERSION]: '1.0.0',
      [HEADERS.UUID]: this.uuid,
      [HEADERS.REQUEST_ID]: randomUUID(),
      [HEADERS.SITE_ID]: this.siteId,
      ...extra,
    };
    if (this.clientKey) headers[HEADERS.TS_TOKEN] = await makeTsToken(this.clientKey, '127.0.0.1');
    if (token) headers[HEADERS.TOKEN] = token;
    const res = await fetch(`${this.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return (await res.json()) as Envelope<T>;
  }

  async outbox(q: Record<string, string>): Promise<{ kind: string; to: string; code: string | null; codeId: string | null }[]> {
    return ((await (await fetch(`${this.baseUrl}/dev/outbox?${new URLSearchParams(q)}`)).json()) as Envelope).data;
  }

  /** Register and log in; answers the session. */
  async register(name: string, password: string): Promise<{ token: string; userId: string; name: string }> {
    const cap = await this.call(`${U}register/defaultKaptcha`, { ktype: 1 });
    const codeId = cap.data['x-code'] as string;
    const code = (await this.outbox({ kind: 'captcha-image', limit: '20' })).find((e) => e.codeId === codeId)!.code!;
    const reg = await this.call(`${U}register`, {
      name,
      password: md5(password),
      secondPassword: md5(password),
      kaptchcate: 1,
      codeId,
      code,
    });
    expect(reg.status_code, JSON.stringify(reg)).toBe(6000);
    const login = await this.call(`${U}login`, {
      isAgent: 0,
      name,
      password: md5(password),
      version: '1.0',
      kaptchcate: 99,
      codeId: reg.data.codeId,
      code: reg.data.code,
    });
    expect(login.status_code, JSON.stringify(login)).toBe(6000);
    return { token: login.data.token, userId: login.data.userId, name };
  }

  /** A deposit through the sandbox provider (its pay page's form post), then wait until the balance shows it. */
  async sandboxDeposit(token: string, amount: string): Promise<void> {
    const types = await this.call('/fd/api/v1/payment/types', {}, token);
    const channel = (types.data as { id: string; type: string }[]).find((c) => c.type === 'ewallet')!;
    const order = await this.call('/fd/api/v1/payment/pay', { channelId: channel.id, amount }, token, { 'idempotency-key': randomUUID() });
    expect(order.status_code, order.message).toBe(6000);
    const res = await fetch(`${this.baseUrl}/sandbox/pay/${order.data.orderNo}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(res.status).toBeLessThan(400);
    await expect
      .poll(async () => (await this.call('/fd/api/v1/transfer/getBalance', { withLockMoney: 1 }, token)).data?.centerWalletBalance, {
        timeout: 30_000,
      })
      .not.toBe('0.00');
  }

  async bindPhone(token: string, phone: string): Promise<void> {
    expect((await this.call(`${U}sendCode/two`, { type: '4', cate: '0', phone, areaCode: '+86', version: 1 }, token)).status_code).toBe(
      6000,
    );
    const code = (await this.outbox({ to: `+86${phone}` }))[0]!.code!;
    expect((await this.call(`${U}bindPhone`, { phone, areaCode: '+86', code }, token)).status_code).toBe(6000);
  }

  async bindRealName(token: string, realName: string): Promise<void> {
    expect((await this.call(`${U}member/bindOther`, { realName }, token)).status_code).toBe(6000);
  }

  async setSecondPassword(token: string, password: string): Promise<void> {
    const r = await this.call(`${U}withdrawal/pwd/set`, { password: md5(password), secondPassword: md5(password) }, token);
    expect(r.status_code, r.message).toBe(6000);
  }
}

/** A browser context at the design width (1920) whose app starts logged in as this member (`options`: e.g. a time zone). */
export async function memberContext(
  browser: Browser,
  session: { token: string; userId: string },
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN', ...options });
  await context.addInitScript(
    ([token, userId]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', token!);
        localStorage.setItem('userId', userId!);
      }
    },
    [session.token, session.userId],
  );
  return context;
}

/** The member's page (design width, logged in); uncaught page errors are collected into `errors`. */
export async function memberPage(
  browser: Browser,
  session: { token: string; userId: string },
  errors: string[],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await memberContext(browser, session);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page };
}

/** End of a browser suite: the browser, then the server (either may not have started). */
export async function closeSuite(browser: Browser | undefined, server: { stop(): Promise<void> } | undefined): Promise<void> {
  await browser?.close();
  await server?.stop();
}
