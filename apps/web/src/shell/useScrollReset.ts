/**
 * Scroll on navigation (issue 29 item 7): a new page opens at its top — a footer link or the deposit wait page no
 * longer opens scrolled down to where the last page was left. Back and forward return to where that page was
 * (remembered per history entry). A change of the query alone (a tab, a filter) keeps the position.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Positions of the last history entries (bounded: a long session does not grow it without end). */
const MAX_REMEMBERED = 50;

export function useScrollReset(): void {
  const location = useLocation();
  const type = useNavigationType();
  const remembered = useRef(new Map<string, number>());
  const last = useRef({ key: location.key, pathname: location.pathname });

  // Keep the leaving entry's position while it is still the current one.
  useEffect(() => {
    const key = location.key;
    if (key === 'default') return;
    const save = () => {
      const all = remembered.current;
      all.delete(key);
      all.set(key, window.scrollY);
      if (all.size > MAX_REMEMBERED) all.delete(all.keys().next().value!);
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [location.key]);

  useLayoutEffect(() => {
    const before = last.current;
    last.current = { key: location.key, pathname: location.pathname };
    if (before.pathname === location.pathname) return;
    // A pop to an entry the router did not create (history.pushState by other code: its key is 'default') is a new page.
    const top = type === 'POP' && location.key !== 'default' ? (remembered.current.get(location.key) ?? 0) : 0;
    window.scrollTo({ top, left: 0, behavior: 'instant' });
  }, [location.key, location.pathname, type]);
}
