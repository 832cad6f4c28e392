/**
 * Pull to refresh (issue 30): on a phone, a page scrolled to its top and pulled down by `PULL_PX` calls `refresh` when
 * the finger lets go. Touch only and only at phone widths (the desktop has its refresh buttons); answers how far the
 * current pull has gone (0 when none), for the indicator.
 */
import { useEffect, useState } from 'react';
import { PHONE_MEDIA } from '@portal/rules';

export const PULL_PX = 72;

export function usePullRefresh(enabled: boolean, refresh: () => void): number {
  const [pulled, setPulled] = useState(0);
  useEffect(() => {
    if (!enabled || typeof window.matchMedia !== 'function' || !window.matchMedia(PHONE_MEDIA).matches) return;
    let startY: number | null = null;
    let distance = 0;
    const start = (e: TouchEvent) => {
      // Only a one-finger pull from the very top of the page, and not inside a dialog or a scrolling panel.
      const target = e.target instanceof Element ? e.target : null;
      startY =
        e.touches.length === 1 && window.scrollY <= 0 && !target?.closest('.ant-modal-wrap, .ant-drawer, [data-no-pull]')
          ? e.touches[0]!.clientY
          : null;
      distance = 0;
    };
    const move = (e: TouchEvent) => {
      if (startY === null) return;
      distance = Math.max(0, e.touches[0]!.clientY - startY);
      if (window.scrollY > 0) distance = 0;
      setPulled(Math.min(distance, PULL_PX * 1.5));
    };
    const end = () => {
      if (startY !== null && distance >= PULL_PX) refresh();
      startY = null;
      distance = 0;
      setPulled(0);
    };
    window.addEventListener('touchstart', start, { passive: true });
    window.addEventListener('touchmove', move, { passive: true });
    window.addEventListener('touchend', end);
    window.addEventListener('touchcancel', end);
    return () => {
      window.removeEventListener('touchstart', start);
      window.removeEventListener('touchmove', move);
      window.removeEventListener('touchend', end);
      window.removeEventListener('touchcancel', end);
    };
  }, [enabled, refresh]);
  return pulled;
}
