/**
 * Site configuration from preInfo (spec §3 Preinfo, §7): fetched once at start, shared by the request
 * layer (client key, ip for the ts token, safe switch) and the shell (theme, flags, title).
 */
import { useSyncExternalStore } from 'react';
import type { siteApi, ResponseOf } from '@portal/contract';
import { setSafeSwitch } from '../storage/index.ts';

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

/** The preInfo fetcher; set by client.ts (kept as a seam so this module has no import cycle). */
let fetchPreInfo: (() => Promise<PreInfo>) | null = null;
export function setPreInfoFetcher(fn: () => Promise<PreInfo>): void {
  fetchPreInfo = fn;
}

/** Fetch preInfo once; concurrent and later callers share the answer. A failure can be retried. */
export function loadSite(): Promise<PreInfo> {
  if (state.status === 'ready') return Promise.resolve(state.info);
  if (pending) return pending;
  if (!fetchPreInfo) return Promise.reject(new Error('api client not initialised'));
  setState({ status: 'loading', info: null, error: null });
  pending = fetchPreInfo().then(
    (info) => {
      pending = null;
      setSafeSwitch(info.siteBaseConfig.safeSwitch);
      setState({ status: 'ready', info, error: null });
      return info;
    },
    (error: unknown) => {
      pending = null;
      setState({ status: 'failed', info: null, error: error instanceof Error ? error : new Error(String(error)) });
      throw error;
    },
  );
  return pending;
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
  state = info ? { status: 'ready', info, error: null } : { status: 'idle', info: null, error: null };
}
