/**
 * Site configuration from preInfo (spec §3 Preinfo, §7): fetched once per page (kept a few minutes, see below), shared by the request
 * layer (client key, ip for the ts token, safe switch) and the shell (theme, flags, title).
 */
import { useSyncExternalStore } from 'react';
import type { siteApi, ResponseOf } from '@portal/contract';
import { readItem, setSafeSwitch, writeItem } from '../storage/index.ts';

export type PreInfo = ResponseOf<typeof siteApi.preInfo>;
export type SiteBaseConfig = PreInfo['siteBaseConfig'];

export type SiteState =
  | { status: 'idle' | 'loading'; info: null; error: null }
  | { status: 'ready'; info: PreInfo; error: null }
  | { status: 'failed'; info: null; error: Error };

let state: SiteState = { status: 'idle', info: null, error: null };
let pending: Promise<PreInfo> | null = null;
const listeners = new Set<() => void>();

function setState(next: SiteState) {
  state = next;
  for (const l of listeners) l();
}

/** The preInfo fetcher and the cache key (brand + language); set by client.ts (a seam: this module has no import cycle). */
let fetchPreInfo: (() => Promise<PreInfo>) | null = null;
let cacheKey: () => string = () => '-';
export function setPreInfoFetcher(fn: () => Promise<PreInfo>, key?: () => string): void {
  fetchPreInfo = fn;
  if (key) cacheKey = key;
}

/**
 * preInfo kept per brand and language for a short while: a new tab (or a reload) starts its calls at
 * once with the kept answer while a fresh preInfo goes out beside them — one round trip, not preInfo then the
 * rest. Short, because the answer carries the address the server saw (the timestamp token seals it) and the
 * brand's client key; a call refused for either (6008) is sent again once the fresh answer is in (client.ts).
 */
export const PREINFO_CACHE_MS = 5 * 60_000;
const CACHE_PREFIX = 'preInfo|';
/** The site in force came from the server in this page (not from the cache). */
let confirmed = false;

function readCache(): PreInfo | null {
  try {
    const raw = readItem(CACHE_PREFIX + cacheKey());
    if (!raw) return null;
    const { at, info } = JSON.parse(raw) as { at: number; info: PreInfo };
    const age = Date.now() - at;
    return age >= 0 && age < PREINFO_CACHE_MS && typeof info?.siteBaseConfig?.clientKey === 'string' ? info : null;
  } catch {
    return null;
  }
}

function ready(info: PreInfo): void {
  setSafeSwitch(info.siteBaseConfig.safeSwitch);
  setState({ status: 'ready', info, error: null });
}

/** A fresh preInfo (one in flight at a time); a failure keeps a cached site in force. */
function fetchFresh(): Promise<PreInfo> {
  if (pending) return pending;
  if (!fetchPreInfo) return Promise.reject(new Error('api client not initialised'));
  pending = fetchPreInfo().then(
    (info) => {
      pending = null;
      confirmed = true;
      writeItem(CACHE_PREFIX + cacheKey(), JSON.stringify({ at: Date.now(), info }));
      ready(info);
      return info;
    },
    (error: unknown) => {
      pending = null;
      if (!state.info) setState({ status: 'failed', info: null, error: error instanceof Error ? error : new Error(String(error)) });
      throw error;
    },
  );
  return pending;
}

/**
 * The site: the loaded one, else the kept one (answered at once; a fresh preInfo goes out beside it), else a
 * fresh preInfo (concurrent callers share it). A failure can be retried.
 */
export function loadSite(): Promise<PreInfo> {
  if (state.status === 'ready') return Promise.resolve(state.info);
  if (pending) return pending;
  if (!fetchPreInfo) return Promise.reject(new Error('api client not initialised'));
  const kept = readCache();
  if (kept) {
    ready(kept);
    void fetchFresh().catch(() => undefined);
    return Promise.resolve(kept);
  }
  setState({ status: 'loading', info: null, error: null });
  return fetchFresh();
}

/** Whether the site in force is the server's answer in this page (false: the kept one, not yet confirmed). */
export const siteConfirmed = (): boolean => confirmed;

/** The site as the server answers it now: the confirmed one, else the fresh preInfo's answer. */
export function confirmedSite(): Promise<PreInfo> {
  if (confirmed && state.info) return Promise.resolve(state.info);
  return fetchFresh();
}

/** The loaded site or null (no fetch). */
export const currentSite = (): PreInfo | null => state.info;
export const getSiteState = (): SiteState => state;

export function subscribeSite(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** React view of the site: { status, info, error }. Starts the fetch on first use. */
export function useSite(): SiteState {
  const s = useSyncExternalStore(subscribeSite, getSiteState, getSiteState);
  if (s.status === 'idle') void loadSite().catch(() => undefined);
  return s;
}

/** Test seam: forget the loaded site. */
export function resetSiteForTests(info: PreInfo | null = null): void {
  pending = null;
  confirmed = info !== null;
  state = info ? { status: 'ready', info, error: null } : { status: 'idle', info: null, error: null };
}
