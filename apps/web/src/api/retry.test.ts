/**
 * Issue 36: only the server's word ends a session; transient failures are retried (reads) with backoff and the
 * header's quiet "网络不稳定，正在重试" state; money calls keep their idempotency key; a kept preInfo lets a new
 * tab's calls go out beside the fresh one.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { HEADERS, userApi, walletApi } from '@portal/contract';
import { fail, mockApi, ok, preInfo } from '../test/authTestUtils.tsx';
import { getToken, setToken } from '../storage/index.ts';
import { useNetwork } from '../stores/network.ts';
import { useSession } from '../stores/session.ts';
import { call, clearRequestCache } from './client.ts';
import { PREINFO_CACHE_MS, loadSite, resetSiteForTests } from './site.ts';

const net = globalThis as { __portalNet?: object };
beforeEach(() => {
  localStorage.clear();
  clearRequestCache();
  net.__portalNet = { retryBaseMs: 100, retryMaxMs: 500, requestTimeoutMs: 300 };
  useNetwork.setState({ retrying: 0 });
});
afterEach(() => {
  delete net.__portalNet;
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

/** Answers in order, the last one repeated. */
const sequence = (...answers: { status_code: number; http?: number; message?: string; data?: unknown }[]) => {
  let i = 0;
  return () => answers[Math.min(i++, answers.length - 1)]!;
};

describe('retry of safe calls', () => {
  test('429, 6011 and 5xx are retried with backoff and the network note shows meanwhile', async () => {
    const calls = mockApi({
      getBalance: sequence({ status_code: 6011, http: 429 }, { status_code: 6005, http: 500 }, ok({ centerWalletBalance: '1.00' })),
    });
    const seen: number[] = [];
    const off = useNetwork.subscribe((s) => seen.push(s.retrying));
    await expect(call(walletApi.getBalance, { withLockMoney: 1 }, { retry: true })).resolves.toMatchObject({ centerWalletBalance: '1.00' });
    off();
    expect(calls.filter((c) => c.path.endsWith('getBalance'))).toHaveLength(3);
    expect(seen).toEqual([1, 0]);
  });

  test('business answers and 6001 are not retried', async () => {
    setToken('tok');
    const calls = mockApi({ getBalance: fail(6001, '请重新登录') });
    await expect(call(walletApi.getBalance, { withLockMoney: 1 }, { retry: true })).rejects.toMatchObject({ status_code: 6001 });
    expect(calls.filter((c) => c.path.endsWith('getBalance'))).toHaveLength(1);
  });

  test('a money call is sent again only with its first idempotency key', async () => {
    const calls = mockApi({ utcTransfer: sequence({ status_code: 6005, http: 502 }, ok({})) });
    const body = { channelCode: 'SBZR', amount: '1', ty: 1 } as never;
    await call(walletApi.utcTransfer, body, { retry: true });
    const keys = calls.filter((c) => c.path.endsWith('utcTransfer')).map((c) => c.headers[HEADERS.IDEMPOTENCY_KEY]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('session: only the server signs a member out', () => {
  const member = { userId: 'u1', name: 'abc123', vipGrade: 0 };

  test.each([
    ['a 500', { status_code: 6005, http: 500 }],
    ['a 429 / 6011', { status_code: 6011, http: 429 }],
    ['a 502 without the envelope', { status_code: 0, http: 502 }],
  ])('%s keeps the member, retries member/info and recovers', async (_name, bad) => {
    setToken('tok');
    useSession.setState({ token: 'tok' });
    mockApi({ 'member/info': sequence(bad, bad, ok(member)), getBalance: ok({ centerWalletBalance: '5.00' }) });
    await useSession.getState().loadUser();
    expect(getToken()).toBe('tok');
    expect(useSession.getState().token).toBe('tok');
    expect(useNetwork.getState().retrying).toBeGreaterThan(0);
    await vi.waitFor(() => expect(useSession.getState().user?.name).toBe('abc123'), { timeout: 5_000 });
    await vi.waitFor(() => expect(useNetwork.getState().retrying).toBe(0));
    expect(getToken()).toBe('tok');
  });

  test('a timeout or a network error keeps the member', async () => {
    setToken('tok');
    useSession.setState({ token: 'tok' });
    resetSiteForTests(preInfo());
    let n = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        n++;
        if (n === 1) throw new TypeError('Failed to fetch');
        // The second hangs past the (shortened) timeout.
        if (n === 2)
          return new Promise((_r, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))));
        return new Response(JSON.stringify({ status_code: 6000, message: '成功', data: member }));
      }),
    );
    await useSession.getState().loadUser();
    expect(getToken()).toBe('tok');
    await vi.waitFor(() => expect(useSession.getState().user?.name).toBe('abc123'), { timeout: 5_000 });
    expect(n).toBeGreaterThanOrEqual(3);
  });

  test('an answer from a route change ends the retry loop and its note at once', async () => {
    net.__portalNet = { retryBaseMs: 2_000, retryMaxMs: 2_000 };
    setToken('tok');
    useSession.setState({ token: 'tok' });
    let up = false;
    const calls = mockApi({
      'member/info': () => (up ? ok(member) : { status_code: 6005, http: 500 }),
      getBalance: ok({ centerWalletBalance: '5.00' }),
    });
    await useSession.getState().loadUser();
    expect(useNetwork.getState().retrying).toBe(1);
    up = true;
    const started = Date.now();
    await useSession.getState().loadUser(); // the route changed
    await vi.waitFor(() => expect(useNetwork.getState().retrying).toBe(0), { timeout: 1_000 });
    expect(Date.now() - started).toBeLessThan(1_500); // not after the loop's 2 s pause
    expect(calls.filter((c) => c.path.endsWith('member/info'))).toHaveLength(2);
  });

  test('6001 still signs out', async () => {
    setToken('tok');
    useSession.setState({ token: 'tok' });
    mockApi({ 'member/info': fail(6001, '请重新登录') });
    await useSession.getState().loadUser();
    expect(getToken()).toBeNull();
    expect(useSession.getState().token).toBeNull();
    expect(useNetwork.getState().retrying).toBe(0);
  });
});

describe('kept preInfo', () => {
  test('a new tab sends member/info beside a fresh preInfo, not after it', async () => {
    resetSiteForTests(null);
    keep(Date.now(), preInfo());
    let releasePreInfo!: () => void;
    const order: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        order.push(String(url).split('/').pop()!);
        if (String(url).endsWith('preInfo')) await new Promise<void>((r) => (releasePreInfo = r));
        const data = String(url).endsWith('preInfo') ? preInfo() : { userId: 'u1' };
        return new Response(JSON.stringify({ status_code: 6000, message: '成功', data }));
      }),
    );
    setToken('tok');
    await expect(call(userApi.memberInfo, {})).resolves.toEqual({ userId: 'u1' }); // while preInfo is still out
    expect(order).toEqual(['preInfo', 'info']);
    releasePreInfo();
    await loadSite();
  });

  test('an old kept preInfo is not used', async () => {
    resetSiteForTests(null);
    keep(Date.now() - PREINFO_CACHE_MS - 1, preInfo({ clientKey: 'old-key' }));
    mockApi({});
    resetSiteForTests(null);
    await expect(loadSite()).resolves.toMatchObject({ siteBaseConfig: { clientKey: preInfo().siteBaseConfig.clientKey } });
  });

  test('a call refused 6008 on the kept preInfo is sent again once the fresh one is in', async () => {
    const calls = mockApi({ 'member/info': sequence(fail(6008, '非法请求'), ok({ userId: 'u1' })) });
    resetSiteForTests(null);
    keep(Date.now(), preInfo({ clientKey: 'old-key' }));
    await expect(call(userApi.memberInfo, {})).resolves.toEqual({ userId: 'u1' });
    expect(calls.map((c) => c.path.split('/').pop())).toEqual(['preInfo', 'info', 'info']);
    expect(getToken()).toBeNull();
  });

  test('a 6008 the fresh preInfo does not explain is not sent again', async () => {
    const calls = mockApi({ 'member/info': fail(6008, '非法请求') });
    resetSiteForTests(null);
    keep(Date.now(), preInfo());
    await expect(call(userApi.memberInfo, {})).rejects.toMatchObject({ status_code: 6008 });
    expect(calls.filter((c) => c.path.endsWith('member/info'))).toHaveLength(1);
  });
});

function keep(at: number, info: ReturnType<typeof preInfo>): void {
  localStorage.setItem(`preInfo|${location.host}|zh-CN`, JSON.stringify({ at, info }));
}
