import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { userApi } from '@portal/contract';
import { call, clearRequestCache } from '../api/client.ts';
import { resetRegionAck } from '../api/region.ts';
import { Wrap, fail, mockApi, ok } from '../test/authTestUtils.tsx';
import { DialogRoot } from './DialogRoot.tsx';

const LOGIN = { isAgent: 0, name: 'player01', password: 'a'.repeat(32), version: '1.0', kaptchcate: 0 } as const;
const WARNING = '您所在的地区访问受限，请注意';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetRegionAck();
  clearRequestCache();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function mount(routes: Parameters<typeof mockApi>[0]) {
  const calls = mockApi(routes);
  render(
    <Wrap>
      <DialogRoot />
    </Wrap>,
  );
  return calls;
}

/** Login answers 6032 unless the call carries x-region-ack: 1. */
const warnedLogin = (_b: unknown, rec: { headers: Record<string, string> }) =>
  rec.headers['x-region-ack'] === '1' ? ok({ token: 't1', userId: 'u1' }) : fail(6032, WARNING);

describe('region warning (6032)', () => {
  test('the server message in a confirm; 继续访问 retries acknowledged, and later calls carry the acknowledgement', async () => {
    const calls = mount({ 'user/login': warnedLogin, 'member/info': ok({}) });
    const p = call(userApi.login, LOGIN);
    expect(await screen.findByText(WARNING)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'DB-IP' }).getAttribute('href')).toBe('https://db-ip.com');
    await userEvent.click(screen.getByRole('button', { name: '继续访问' }));
    await expect(p).resolves.toEqual({ token: 't1', userId: 'u1' });
    const logins = calls.filter((c) => c.path.endsWith('user/login'));
    expect(logins.map((c) => c.headers['x-region-ack'])).toEqual([undefined, '1']);
    // Told once per session: no second question, the header goes with every call.
    await call(userApi.memberInfo, {});
    expect(calls.at(-1)!.headers['x-region-ack']).toBe('1');
    expect(sessionStorage.getItem('region_ack')).toBe('1');
  });

  test('取消: the call rejects as handled (no second message), nothing is retried or remembered', async () => {
    const calls = mount({ 'user/login': warnedLogin });
    const p = call(userApi.login, LOGIN).catch((e: unknown) => e);
    expect(await screen.findByText(WARNING)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(await p).toMatchObject({ status_code: 6032, handled: true });
    expect(calls.filter((c) => c.path.endsWith('user/login'))).toHaveLength(1);
    expect(sessionStorage.getItem('region_ack')).toBeNull();
  });

  test('two calls warned at once share one question', async () => {
    const calls = mount({ 'user/login': warnedLogin });
    const a = call(userApi.login, LOGIN);
    const b = call(userApi.login, LOGIN);
    await userEvent.click(await screen.findByRole('button', { name: '继续访问' }));
    await Promise.all([a, b]);
    expect(screen.queryAllByText(WARNING)).toHaveLength(0);
    expect(calls.filter((c) => c.path.endsWith('user/login')).map((c) => c.headers['x-region-ack'])).toEqual([
      undefined,
      undefined,
      '1',
      '1',
    ]);
  });
});

describe('region limited (6031) and IP restricted (6033)', () => {
  test.each([
    [6031, '您所在的地区暂不提供服务'],
    [6033, '您的IP已被限制访问'],
  ])('%i: a notice that cannot be closed, with the server message', async (code, message) => {
    mount({ 'user/login': fail(code, message) });
    const e = await call(userApi.login, LOGIN).catch((x: unknown) => x);
    expect(e).toMatchObject({ status_code: code, handled: true });
    expect((await screen.findByTestId('region-blocked')).textContent).toBe(message);
    expect(screen.getByText('访问受限')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /close|关闭/i })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    await waitFor(() => expect(screen.getByTestId('region-blocked')).toBeTruthy());
  });
});
