/**
 * The app shell: header, tab bar of visited routes (each kept mounted with React's <Activity> unless
 * its route opts out), the guarded current page, footer. Route guards, the embedded-sports switch,
 * the page title, nprogress and the per-route member refresh all happen here.
 */
import { Activity, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useRoutes, type Location } from 'react-router';
import { useTranslation } from 'react-i18next';
import NProgress from 'nprogress';
import { bus } from '../app/events.ts';
import { notify } from '../ui/dialogs/notify.ts';
import { DEFAULT_FLAGS, useSite } from '../app/site.ts';
import { ROUTE_OBJECTS } from '../routes/elements.tsx';
import { registerNavigate } from '../routes/nav.ts';
import { matchRoute, resolveRoute } from '../routes/resolve.ts';
import type { RouteDef } from '../routes/table.tsx';
import { useSession } from '../stores/session.ts';
import { editionMode, useUi, type VisitedTab } from '../stores/ui.ts';
import { PageLoading } from '../ui/layout/EmptyState.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { PageTitle, PageTitleContext } from '../ui/layout/PageTitle.tsx';
import { TabBar } from './TabBar.tsx';
import { PhoneNav } from './PhoneNav.tsx';
import { PullIndicator } from './PullIndicator.tsx';
import { usePullRefresh } from '../ui/layout/usePullRefresh.ts';
import { NotFoundPage } from './NotFound.tsx';
import { routeTitleKey } from './titles.ts';

/** The tab a location belongs to: the help centre is one tab whatever its child page; others one per address. */
export function tabKeyOf(def: RouteDef, location: Pick<Location, 'pathname' | 'search'>): string {
  return def.layout === 'help' ? '/app/help' : location.pathname + location.search;
}

function ProgressDone({ active }: { active: boolean }) {
  useEffect(() => {
    if (active) NProgress.done();
  }, [active]);
  return null;
}

interface RoutePageProps {
  def: RouteDef;
  location: Location;
  active: boolean;
  /** The page's own title (usePageTitle), else the route's. */
  title: string | undefined;
  onTitle: (title: string | null) => void;
}

function RoutePage({ def, location, active, title, onTitle }: RoutePageProps) {
  const { t } = useTranslation('nav');
  const element = useRoutes(ROUTE_OBJECTS, location);
  const frame = def.frame ?? 'page';
  // Pull to refresh (phone): the page is mounted afresh (its lists fetched again) and the balance re-read. A game
  // (frame full) keeps its own gestures.
  const [round, setRound] = useState(0);
  const refresh = useCallback(() => {
    setRound((n) => n + 1);
    if (useSession.getState().token) void useSession.getState().loadUser();
  }, []);
  const pulled = usePullRefresh(active && frame !== 'full' && frame !== 'bare', refresh);
  return (
    <div className={`frame frame--${frame}`} data-route={def.name}>
      {pulled > 0 && <PullIndicator pulled={pulled} />}
      {(frame === 'page' || frame === 'mine') && <PageTitle title={title ?? t(routeTitleKey(def.name))} />}
      <div className="frame__body" key={round}>
        <PageTitleContext.Provider value={onTitle}>
          <Suspense fallback={<PageLoading />}>
            {element}
            <ProgressDone active={active} />
          </Suspense>
        </PageTitleContext.Provider>
      </div>
    </div>
  );
}

/** Titles pages set for themselves (usePageTitle), per tab key, with one stable setter per tab. */
function usePageTitles() {
  const [titles, setTitles] = useState<Record<string, string>>({});
  const setters = useRef(new Map<string, (title: string | null) => void>());
  const setterOf = useCallback((key: string) => {
    let set = setters.current.get(key);
    if (!set) {
      set = (title) =>
        setTitles((all) => {
          if ((all[key] ?? null) === title) return all;
          const next = { ...all };
          if (title === null) delete next[key];
          else next[key] = title;
          return next;
        });
      setters.current.set(key, set);
    }
    return set;
  }, []);
  return { titles, setterOf };
}

function useGuardedLocation() {
  const location = useLocation();
  const site = useSite();
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const flags = site.status === 'ready' ? site.flags : site.status === 'failed' ? DEFAULT_FLAGS : null;
  return { location, site, token, ...resolveRoute(location.pathname, { token, user, flags }) };
}

export function Shell() {
  const navigate = useNavigate();
  const { t } = useTranslation(['common', 'nav']);
  const { location, site, token, def, params, result } = useGuardedLocation();
  const tabs = useUi((s) => s.tabs);
  const visit = useUi((s) => s.visit);
  /** Last location of each tab, so a hidden tab keeps rendering the address it was left on. */
  const locations = useRef(new Map<string, Location>());
  const handled = useRef<string | null>(null);
  const pageTitles = usePageTitles();

  useEffect(() => registerNavigate((to, o) => (typeof to === 'number' ? navigate(to) : navigate(to, o))), [navigate]);

  // Messages of code that does not import the UI (the request layer).
  useEffect(() => bus.on('notice', ({ kind, text }) => notify[kind](text)), []);

  // Session ended by the server: home (spec §4 login expired; the auth feature opens the login form).
  useEffect(() => bus.on('login_expired', () => navigate('/', { replace: true })), [navigate]);

  // Logged out: pages behind a login guard leave the tab bar (their state must not outlive the session).
  useEffect(() => {
    if (token) return;
    const { tabs: current, closeTab } = useUi.getState();
    for (const tab of current) if (matchRoute(tab.pathname).def.guards?.length) closeTab(tab.key);
  }, [token]);

  // Spec §4: on every route change a logged-in member's info is fetched.
  useEffect(() => {
    if (useSession.getState().token) void useSession.getState().loadUser();
  }, [location.pathname, token]);

  useLayoutEffect(() => {
    NProgress.start();
  }, [location.key]);

  // Guards that leave the page: warning + login tips for anonymous visitors, the auth page for unbound members.
  // A member whose session just ended on this page (logout, a self-exclusion, the session limit) goes quietly.
  const hadToken = useRef(token);
  useEffect(() => {
    const endedHere = hadToken.current !== null && token === null;
    hadToken.current = token;
    if (result.kind !== 'redirect') return;
    const once = `${location.key}:${result.to}`;
    if (handled.current === once) return; // StrictMode runs effects twice in development
    handled.current = once;
    if (result.warning && !endedHere) notify.warning(t('common:pleaseLogin'));
    if (result.event && !endedHere) bus.emit(result.event);
    navigate(result.to, { replace: true });
  }, [result, location.key, navigate, t, token]);

  // Spec §2: /game/sport/crty switches to the embedded sports venue; other routes reset the flag and
  // apply the edition's theme (light for classic, dark for professional).
  const crty = def.name === 'localSport' && params.enName?.toLowerCase() === 'crty';
  useEffect(() => {
    const ui = useUi.getState();
    ui.setSportsVenue(crty);
    if (!crty) ui.setThemeMode(editionMode(ui.edition));
  }, [crty, def.name]);

  const passed = result.kind === 'pass';
  const currentKey = passed ? tabKeyOf(def, location) : null;
  if (currentKey) locations.current.set(currentKey, location);

  useEffect(() => {
    if (!passed || !currentKey || !def.tab) return;
    visit({ key: currentKey, name: def.name, pathname: location.pathname, search: location.search, keepAlive: def.keepAlive !== false });
  }, [passed, currentKey, def, location.pathname, location.search, visit]);

  const own = currentKey ? pageTitles.titles[currentKey] : undefined;
  const title = passed ? (own ?? t(`nav:${routeTitleKey(def.name)}`)) : result.kind === 'notFound' ? t('common:notFound.title') : '';
  useEffect(() => {
    if (!site.title) return;
    document.title = def.name === 'home' || !title ? site.title : `${title} - ${site.title}`;
  }, [title, site.title, def.name]);

  // What is mounted: every kept-alive tab, plus the current page when it is not one of them.
  const entries: VisitedTab[] = tabs.filter((tab) => tab.keepAlive || tab.key === currentKey);
  if (currentKey && !entries.some((e) => e.key === currentKey)) {
    entries.push({
      key: currentKey,
      name: def.name,
      pathname: location.pathname,
      search: location.search,
      keepAlive: def.keepAlive !== false,
    });
  }
  const full = passed && def.frame === 'full';

  return (
    <div className={`shell${full ? ' shell--full' : ''}`} data-route={passed ? def.name : result.kind}>
      <Header currentSection={passed ? def.section : undefined} />
      <TabBar currentKey={currentKey} />
      <main className="shell__main" id="main">
        {result.kind === 'notFound' && <NotFoundPage />}
        {(result.kind === 'wait' || result.kind === 'redirect') && <PageLoading />}
        {entries.map((entry) => {
          const entryLocation = entry.key === currentKey ? location : locations.current.get(entry.key);
          if (!entryLocation) return null;
          const active = entry.key === currentKey;
          return (
            <Activity key={entry.key} mode={active ? 'visible' : 'hidden'}>
              <RoutePage
                def={matchRoute(entryLocation.pathname).def}
                location={entryLocation}
                active={active}
                title={pageTitles.titles[entry.key]}
                onTitle={pageTitles.setterOf(entry.key)}
              />
            </Activity>
          );
        })}
      </main>
      {!full && <Footer />}
      <PhoneNav />
    </div>
  );
}
