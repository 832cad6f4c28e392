/**
 * Navigation helpers (spec §2): go to a named page with optional data and params, open a path, open
 * an external link in a new tab, go back, go home (and reload). Usable outside React (event handlers,
 * stores, dialogs): the shell registers the router's navigate function on mount. Route names resolve
 * through routes/paths.ts (pure data), never through the route table and its pages.
 */
import { generatePath } from 'react-router';
import { routePath, type RouteName } from './paths.ts';

export interface NavigateOptions {
  replace?: boolean;
  /** Passed as location state (read with useLocation().state). */
  state?: unknown;
}
type NavigateFn = (to: string | number, options?: NavigateOptions) => void;

let navigateFn: NavigateFn | null = null;

/** Browser side effects, replaceable in tests. */
export const browser = {
  open: (url: string) => {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
  reload: () => window.location.reload(),
  assign: (url: string) => window.location.assign(url),
  historyLength: () => window.history.length,
};

/** Called by the shell with react-router's navigate; returns the unregister function. */
export function registerNavigate(fn: NavigateFn): () => void {
  navigateFn = fn;
  return () => {
    if (navigateFn === fn) navigateFn = null;
  };
}

function navigate(to: string | number, options?: NavigateOptions): void {
  if (navigateFn) navigateFn(to, options);
  else if (typeof to === 'string') browser.assign(to); // before the router mounted: a full load
}

/** The path of a named route with its params filled ('/mine/accountManage/:id' + {id: 3} → '/mine/accountManage/3'). */
export function pathOf(name: RouteName, params: Record<string, string | number> = {}): string {
  const stringParams = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return generatePath(routePath(name), stringParams);
}

export interface GoNameOptions {
  /** Data for the target page (location state). */
  data?: unknown;
  /** Path params (e.g. { id }) and, for keys the path does not use, query parameters. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  replace?: boolean;
}

/** Go to a page by its route name (spec §2 route names). */
export function goName(name: RouteName, options: GoNameOptions = {}): void {
  const params = options.params ?? {};
  const pathKeys = new Set([...routePath(name).matchAll(/:(\w+)/g)].map((m) => m[1]!));
  const pathParams: Record<string, string | number> = {};
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (pathKeys.has(k)) pathParams[k] = v;
    else query.set(k, String(v));
  }
  for (const [k, v] of Object.entries(options.query ?? {})) query.set(k, String(v));
  const search = query.size > 0 ? `?${query.toString()}` : '';
  navigate(pathOf(name, pathParams) + search, { replace: options.replace, state: options.data });
}

/** An absolute http(s) address (opened in a new tab), as opposed to an in-app path. */
export const isExternalUrl = (url: string): boolean => /^https?:\/\//i.test(url);

/** Open an in-app path ('/mine/wallet'); an absolute http(s) url opens in a new tab instead. */
export function openPath(path: string, options: NavigateOptions = {}): void {
  if (isExternalUrl(path)) {
    openExternal(path);
    return;
  }
  navigate(path.startsWith('/') ? path : `/${path}`, options);
}

/**
 * Props of an <a> for an operator-supplied link: the real href (copy, middle click), a click that goes
 * through openPath (router for a path, new tab for an http(s) address), and target/rel for the latter.
 */
export function linkProps(url: string): {
  href: string;
  onClick: (e: { preventDefault(): void }) => void;
  target?: '_blank';
  rel?: string;
} {
  const onClick = (e: { preventDefault(): void }) => {
    e.preventDefault();
    openPath(url);
  };
  return isExternalUrl(url) ? { href: url, onClick, target: '_blank', rel: 'noopener noreferrer' } : { href: url, onClick };
}

/** Open an external link in a new tab without giving it access to this window. */
export function openExternal(url: string): void {
  browser.open(url);
}

/** One step back; home when there is no in-app history (a deep link opened in a new tab). */
export function goBack(): void {
  if (browser.historyLength() > 1) navigate(-1);
  else navigate('/', { replace: true });
}

/** Go home (a session that cannot show its member, spec §4). */
export function goHome(): void {
  openPath('/');
}

/** Go home, then reload the app (after logout, language or site changes). */
export function goHomeAndReload(): void {
  navigate('/', { replace: true });
  browser.reload();
}
