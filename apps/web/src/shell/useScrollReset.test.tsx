/** Scroll on navigation: a new page at its top, back returns to where it was, a query change stays. */
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useScrollReset } from './useScrollReset.ts';

afterEach(() => vi.restoreAllMocks());

function setup() {
  let y = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(((o: ScrollToOptions) => {
    y = o.top ?? 0;
  }) as typeof window.scrollTo);
  const scroll = (to: number) => {
    y = to;
    window.dispatchEvent(new Event('scroll'));
  };
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/']}>{children}</MemoryRouter>;
  const { result } = renderHook(
    () => {
      useScrollReset();
      return useNavigate();
    },
    { wrapper },
  );
  return {
    go: (to: string | number) => act(() => void (typeof to === 'number' ? result.current(to) : result.current(to))),
    scroll,
    scrollTo,
    y: () => y,
  };
}

describe('scroll on navigation', () => {
  test('a new page opens at its top; back returns to where the page was left; a query change keeps the position', () => {
    const s = setup();
    s.scroll(1200);
    s.go('/mine/saveMoney');
    expect(s.y()).toBe(0);
    s.scroll(300);
    s.go('/mine/saveMoney?type=2');
    expect(s.y()).toBe(300);
    s.go('/app/help');
    expect(s.y()).toBe(0);
    s.go(-2);
    expect(s.y()).toBe(300);
    s.go(-1);
    expect(s.y()).toBe(1200);
  });
});
