import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { LIMITS } from '@portal/contract';
import { bus } from '../app/events.ts';
import { useSession } from '../stores/session.ts';
import { useRegisterPrompt } from './useRegisterPrompt.ts';

vi.mock('../app/site.ts', () => ({ useSite: () => ({ status: 'ready', flags: { register: true } }) }));

beforeEach(() => {
  vi.useFakeTimers();
  useSession.setState({ token: null });
});
afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

function prompted(path: string): boolean {
  window.history.replaceState(null, '', path);
  const seen = vi.fn();
  const off = bus.on('register', seen);
  const { unmount } = renderHook(() => useRegisterPrompt());
  vi.advanceTimersByTime(LIMITS.REGISTER_PROMPT_DELAY_MS + 10);
  unmount();
  off();
  return seen.mock.calls.length > 0;
}

describe('the register prompt (spec §2)', () => {
  test('opens for a visitor shortly after start', () => {
    expect(prompted('/')).toBe(true);
  });
  test('not on the service desk: a visitor who came for help is not asked to register', () => {
    expect(prompted('/support')).toBe(false);
  });
  test('not over a login the visitor asked for: a page opened at /login, or 登录 before the prompt (issue 29 item 7)', () => {
    expect(prompted('/login')).toBe(false);
    window.history.replaceState(null, '', '/');
    const seen = vi.fn();
    const off = bus.on('register', seen);
    const { unmount } = renderHook(() => useRegisterPrompt());
    bus.emit('login');
    vi.advanceTimersByTime(LIMITS.REGISTER_PROMPT_DELAY_MS + 10);
    unmount();
    off();
    expect(seen).not.toHaveBeenCalled();
  });
  test('not for a member', () => {
    useSession.setState({ token: 'T1' });
    expect(prompted('/')).toBe(false);
  });
});
