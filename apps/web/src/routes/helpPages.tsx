/**
 * The help centre inside the route table: the layout (side menu + <Outlet/>) and the child pages
 * come from features/help; this module only maps the spec's codes onto them (lazy-loaded).
 */
import { Navigate, useLocation } from 'react-router';
import { HELP_PAGES, HelpLayout } from '../features/help/index.ts';
import { EmptyState } from '../ui/layout/EmptyState.tsx';

export { HelpLayout };

/** /app/help: the first help page. */
export function HelpIndex() {
  const first = HELP_PAGES[0];
  return first ? <Navigate to={`/app/help/${first.path}`} replace /> : <EmptyState />;
}

/** /app/help/{code}: the help page of that code. */
export function HelpChild() {
  const { pathname } = useLocation();
  const code = pathname.split('/').filter(Boolean).pop();
  const page = HELP_PAGES.find((p) => p.path === code);
  return page ? <page.Component /> : <EmptyState />;
}
