/** The desk's badge chimes when new player messages arrive, not when the page opens or the count falls. */
import { renderHook } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { useChimeOnGrowth } from './SupportBadge.tsx';

describe('the desk chime', () => {
  test('silent on the first count and on a fall; one chime per growth', () => {
    const play = vi.fn();
    const { rerender } = renderHook(({ n }: { n: number | undefined }) => useChimeOnGrowth(n, play), {
      initialProps: { n: undefined as number | undefined },
    });
    rerender({ n: 2 });
    expect(play).not.toHaveBeenCalled();
    rerender({ n: 3 });
    expect(play).toHaveBeenCalledTimes(1);
    rerender({ n: 0 });
    rerender({ n: 1 });
    expect(play).toHaveBeenCalledTimes(2);
  });
});
