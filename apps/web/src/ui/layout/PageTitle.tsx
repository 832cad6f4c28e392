/** Visible page title; scrolls (marquee) when over 15 characters (spec §2, shouldScrollTitle). */
import { shouldScrollTitle } from '@portal/rules';

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
