import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { formatMinutesSeconds, useCountdown } from './useCountdown.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

/** n seconds, one tick at a time (each tick's timer is set by the render the previous one caused). */
function seconds(n: number): void {
  for (let i = 0; i < n; i++) act(() => void vi.advanceTimersByTime(1000));
}

describe('useCountdown', () => {
  test('start(60) counts whole seconds down to 0 and stops; it can start again', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current[0]).toBe(0);
    act(() => result.current[1](60));
    expect(result.current[0]).toBe(60);
    seconds(1);
    expect(result.current[0]).toBe(59);
    seconds(59);
    expect(result.current[0]).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    act(() => result.current[1](5.7));
    expect(result.current[0]).toBe(5);
  });

  test('late ticks (a throttled tab) never make the count drift from the wall clock', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current[1](60));
    vi.setSystemTime(Date.now() + 30_000); // the clock moved on while no timer fired
    seconds(1);
    expect(result.current[0]).toBe(29);
  });

  test('a new deadline given after the last one ran out counts from now, not from the last tick', () => {
    const at = Date.now();
    const { result, rerender } = renderHook(({ until }) => useCountdown(until), { initialProps: { until: at + 2_000 } });
    seconds(2);
    expect(result.current[0]).toBe(0);
    vi.setSystemTime(at + 7_000); // five seconds with no tick (nothing left to count)
    rerender({ until: at + 7_000 + 115_000 });
    expect(result.current[0]).toBe(115);
  });

  test('a deadline counts down to it; none, past or invalid is 0', () => {
    const { result } = renderHook(({ until }) => useCountdown(until), { initialProps: { until: (Date.now() + 90_000) as number | null } });
    expect(result.current[0]).toBe(90);
    seconds(2);
    expect(result.current[0]).toBe(88);
    expect(renderHook(() => useCountdown(null)).result.current[0]).toBe(0);
    expect(renderHook(() => useCountdown(Date.now() - 1)).result.current[0]).toBe(0);
    expect(renderHook(() => useCountdown(Number.NaN)).result.current[0]).toBe(0);
  });

  test('mm:ss', () => {
    expect(formatMinutesSeconds(899)).toBe('14:59');
    expect(formatMinutesSeconds(0)).toBe('00:00');
    expect(formatMinutesSeconds(3600)).toBe('60:00');
  });
});
