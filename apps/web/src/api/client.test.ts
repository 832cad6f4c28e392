import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { open, readTsToken, seal, siteApi, userApi } from '@portal/contract';
import { bus } from '../app/events.ts';
import { i18n } from '../app/i18n.ts';
import { useUi } from '../stores/ui.ts';
import { CLIENT_KEY, fail, mockApi, ok, preInfo } from '../test/authTestUtils.tsx';
import { getDecrypted, getToken, setDecrypted, setToken } from '../storage/index.ts';
import { call, clearRequestCache } from './client.ts';
import { ApiError, NETWORK_ERROR } from './errors.ts';

/** Warnings the request layer asks the shell to show (bus 'notice'). */
const warnings: string[] = [];
bus.on('notice', ({ kind, text }) => {
  if (kind === 'warning') warnings.push(text);
});
beforeEach(() => {
  localStorage.clear();
  useUi.setState({ language: null });
  clearRequestCache();
  warnings.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request layer', () => {
  test('sends the §7 headers and resolves data on 6000', async () => {
    setToken('tok-1');
    const calls = mockApi({ 'member/info': ok({ userId: 'u1' }) });
    await expect(call(userApi.memberInfo, {})).resolves.toEqual({ userId: 'u1' });
    const h = calls.at(-1)!.headers;
    expect(h['x-client']).toBe('web');
    expect(h['x-client-version']).toBe('1.0.0');
    expect(h['x-uuid']).toMatch(/^[0-9a-f-]{36}$/);
    expect(h['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(h['x-site-id']).toBe('7000');
    expect(h['x-lang']).toBe('zh-CN');
    expect(h.token).toBe('tok-1');
    const ts = await readTsToken(CLIENT_KEY, h['x-ts-token']!);
    expect(ts?.ip).toBe('127.0.0.1');
    expect(Math.abs(ts!.timestampMs - Date.now())).toBeLessThan(5000);
    // the device id is stable
    await call(userApi.memberInfo, {});
    expect(calls.at(-1)!.headers['x-uuid']).toBe(h['x-uuid']);
  });

  test('other codes reject with ApiError {status_code, message, data}', async () => {
    mockApi({ 'user/login': fail(6002, '用户名或密码错误', { x: 1 }) });
    const e = await call(userApi.login, { isAgent: 0, name: 'a', password: 'a'.repeat(32), version: '1.0', kaptchcate: 0 }).catch(
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status_code: 6002, message: '用户名或密码错误', data: { x: 1 }, handled: false });
  });

  test('6001 with a token: warning 请重新登录, DD_ and session cleared, login_expired emitted', async () => {
    setToken('tok');
    setDecrypted('k', { a: 1 }, 1);
    const expired = vi.fn();
    const off = bus.on('login_expired', expired);
    mockApi({ 'member/info': fail(6001, '请重新登录') });
    await expect(call(userApi.memberInfo, {})).rejects.toMatchObject({ status_code: 6001, handled: true });
    off();
    expect(warnings).toEqual(['请重新登录']);
    expect(getToken()).toBeNull();
    expect(getDecrypted('k')).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  test('HTTP 401 is login expired too; without a token no warning', async () => {
    const expired = vi.fn();
    const off = bus.on('login_expired', expired);
    mockApi({ 'member/jwt': { status_code: 6003, http: 401, message: 'x' } });
    await new Promise((r) => setTimeout(r, 1600)); // past the debounce of the previous test
    await expect(call(userApi.jwt, {})).rejects.toMatchObject({ status_code: 6001 });
    off();
    expect(warnings).toEqual([]);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  test('6449 opens the bind-real-name dialog with the server message', async () => {
    const seen = vi.fn();
    const off = bus.on('bind_real_name', seen);
    mockApi({ 'member/info': fail(6449, '请先完成实名认证') });
    await expect(call(userApi.memberInfo, {})).rejects.toMatchObject({ status_code: 6449, handled: true });
    off();
    expect(seen).toHaveBeenCalledWith({ message: '请先完成实名认证' });
  });

  test('6603 (the session time limit) is handled: the protection root hears it with the server message', async () => {
    const seen = vi.fn();
    const off = bus.on('session_time_limit', seen);
    mockApi({ 'member/info': fail(6603, '已达到您设置的单次登录时长15分钟，请休息后重新登录') });
    await expect(call(userApi.memberInfo, {})).rejects.toMatchObject({ status_code: 6603, handled: true });
    off();
    expect(seen).toHaveBeenCalledWith({ message: '已达到您设置的单次登录时长15分钟，请休息后重新登录' });
  });

  test.each([6025, 6026, 6027, 6028, 6029])('login %i opens new-device verification', async (code) => {
    const seen = vi.fn();
    const off = bus.on('newDevice', seen);
    mockApi({ 'user/login': fail(code, '您正在新设备上登录，请验证身份', { phoneNumber: '139****5678' }) });
    const body = { isAgent: 0 as const, name: 'abc123', password: 'f'.repeat(32), version: '1.0', kaptchcate: 0 as const };
    await expect(call(userApi.login, body)).rejects.toMatchObject({ status_code: code, handled: true });
    off();
    expect(seen).toHaveBeenCalledWith({
      name: 'abc123',
      password: 'f'.repeat(32),
      phoneNumber: '139****5678',
      message: '您正在新设备上登录，请验证身份',
      code,
    });
  });

  test('cached calls are keyed by path + payload; failures are not cached', async () => {
    const calls = mockApi({ queryCountryArea: ok([{ areaName: '中国', areaCode: '+86', regex: '.' }]) });
    await call(siteApi.queryCountryArea, {}, { cached: true });
    await call(siteApi.queryCountryArea, {}, { cached: true });
    await call(siteApi.queryCountryArea, { area: 'x' }, { cached: true });
    expect(calls.filter((c) => c.path.endsWith('queryCountryArea'))).toHaveLength(2);
  });

  test('a cached answer is one language’s: the same call in zh-TW is asked again, with its x-lang', async () => {
    const calls = mockApi({ queryCountryArea: ok([{ areaName: '中国', areaCode: '+86', regex: '.' }]) });
    await call(siteApi.queryCountryArea, {}, { cached: true });
    useUi.getState().setLanguage('zh-TW');
    await call(siteApi.queryCountryArea, {}, { cached: true });
    const asked = calls.filter((c) => c.path.endsWith('queryCountryArea'));
    expect(asked.map((c) => c.headers['x-lang'])).toEqual(['zh-CN', 'zh-TW']);
  });

  test('x-lang is the language in force while i18n still loads it: the choice, else the brand default', async () => {
    const calls = mockApi({ 'member/info': ok({ userId: 'u1' }) });
    expect(i18n.language).toBe('zh-CN'); // i18n has not switched yet
    useUi.getState().setLanguage('zh-TW');
    await call(userApi.memberInfo, {});
    expect(calls.at(-1)!.headers['x-lang']).toBe('zh-TW');
  });

  test('30000 ms timeout rejects with a network ApiError', async () => {
    mockApi({});
    const hang = vi.fn(
      (_u: string, init: RequestInit) =>
        new Promise((_r, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    vi.stubGlobal('fetch', hang);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const p = call(userApi.memberInfo, {}).catch((e: unknown) => e);
    while (hang.mock.calls.length === 0)
      await new Promise<void>((r) => (globalThis as unknown as { setImmediate(cb: () => void): void }).setImmediate(r));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(hang.mock.calls[0]![1].signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = (await p) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status_code).toBe(NETWORK_ERROR);
    expect(e.message).toBe('请求超时，请稍后再试');
  });

  test('safe switch: POST /s/<sealed path> with {d: sealed}, answer data opened', async () => {
    const site = preInfo({ safeSwitch: true });
    const calls = mockApi({}, site);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ path: url, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) });
        return new Response(
          JSON.stringify({ status_code: 6000, message: '成功', data: await seal(CLIENT_KEY, JSON.stringify({ userId: 'sealed' })) }),
        );
      }),
    );
    await expect(call(userApi.memberInfo, { isPop: true })).resolves.toEqual({ userId: 'sealed' });
    const c = calls.at(-1)!;
    expect(c.path.startsWith('/s/')).toBe(true);
    expect(await open(CLIENT_KEY, c.path.slice(3))).toBe(userApi.memberInfo.path);
    expect(JSON.parse((await open(CLIENT_KEY, c.body.d as string))!)).toEqual({ isPop: true });
  });
});
