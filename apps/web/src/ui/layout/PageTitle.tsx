/** Visible page title; scrolls (marquee) when over 15 characters (spec §2, shouldScrollTitle). */
import { createContext, useContext, useEffect } from 'react';
import { shouldScrollTitle } from '@portal/rules';

/** Set by the shell per page: a page's own title in place of its route's (null: the route's again). */
export const PageTitleContext = createContext<(title: string | null) => void>(() => undefined);

/**
 * A page whose title follows its state (e.g. a deposit order: 转账确认中 while pending, 存款已到账 once
 * paid) names it here; the shell shows it as the page's heading and in the document title.
 */
export function usePageTitle(title: string | null): void {
  const set = useContext(PageTitleContext);
  useEffect(() => {
    set(title);
    return () => set(null);
  }, [title, set]);
}

export function PageTitle({ title }: { title: string }) {
  const scroll = shouldScrollTitle(title);
  return (
    <div className="page-title">
      <span className="page-title__bar" aria-hidden="true" />
      <h1 className={`page-title__text${scroll ? ' page-title__text--scroll' : ''}`} data-scroll={scroll ? 'true' : 'false'} title={title}>
        {scroll ? (
          <span className="page-title__marquee">
            <span>{title}</span>
            <span aria-hidden="true">{title}</span>
          </span>
        ) : (
          title
        )}
      </h1>
    </div>
  );
}
