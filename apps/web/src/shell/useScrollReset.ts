/**
 * Scroll on navigation: a new page opens at its top — a footer link or the deposit wait page no
 * longer opens scrolled down to where the last page was left. Back and forward return to where that page was
 * (remembered per history entry). A change of the query alone (a tab, a filter) keeps the position.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Positions of the last history entries (bounded: a long session does not grow it without end). */
const MAX_REMEMBERED = 50;

/**
 * A history entry's identity: the router's key, or — for an entry the router did not make (the first page of the
 * visit, or history.pushState by other code: all keyed 'default') — its address.
 */
const entryOf = (l: { key: string; pathname: string; search: string }) =>
  l.key === 'default' ? `default:${l.pathname}${l.search}` : l.key;

export function useScrollReset(): void {
  const location = useLocation();
  const type = useNavigationType();
  const entry = entryOf(location);
  const { pathname } = location;
  const remembered = useRef(new Map<string, number>());
  const lastPath = useRef(pathname);

  // Keep the entry's position while it is the current one.
  useEffect(() => {
    const save = () => {
      const all = remembered.current;
      all.delete(entry);
      all.set(entry, window.scrollY);
      if (all.size > MAX_REMEMBERED) all.delete(all.keys().next().value!);
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [entry]);

  useLayoutEffect(() => {
    const before = lastPath.current;
    lastPath.current = pathname;
    if (before === pathname) return;
    const top = type === 'POP' ? (remembered.current.get(entry) ?? 0) : 0;
    window.scrollTo({ top, left: 0, behavior: 'instant' });
  }, [entry, pathname, type]);
}
