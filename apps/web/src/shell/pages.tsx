/** Shell-owned pages of the route table: loading, login, redirect, not-found. */
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { bus } from '../app/events.ts';
import { PageLoading } from '../ui/layout/EmptyState.tsx';

export { NotFoundPage } from './NotFound.tsx';

/** /loading: the start-up screen. */
export function LoadingPage() {
  return <PageLoading />;
}

/** /login: home with the login dialog open (deep links from e-mails and the app). */
export function LoginPage() {
  useEffect(() => {
    bus.emit('login');
  }, []);
  return <Navigate to="/" replace />;
}

/** /redirect/{path}: re-enters a page (used to refresh it); /redirect alone goes home. */
export function RedirectPage() {
  const params = useParams();
  const target = params['*'] ? `/${params['*']}` : '/';
  return <Navigate to={target} replace />;
}
