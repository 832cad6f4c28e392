/**
 * The brand the console works on: the header's switcher picks one of the staff member's brands (console/api/sites);
 * pages read it with useSite() and pass `siteCode` to brand-scoped calls. The choice is kept per browser.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { consoleStaffApi } from '@portal/contract/console';
import { call } from '../api/client.ts';

export interface ConsoleSite {
  siteCode: number;
  title: string;
}

export interface SiteState {
  /** The selected brand (the first of the staff member's brands until they pick one); null while loading or when they have none. */
  siteCode: number | null;
  title: string;
  sites: ConsoleSite[];
  setSiteCode(code: number): void;
  loading: boolean;
}

const SITE_KEY = 'console.site';
const SiteContext = createContext<SiteState | null>(null);

export function SiteProvider({ children }: { children: ReactNode }) {
  const q = useQuery({ queryKey: ['console', 'sites'], queryFn: () => call(consoleStaffApi.sites, {}), staleTime: 60_000 });
  const [picked, setPicked] = useState<number | null>(() => {
    const v = Number(localStorage.getItem(SITE_KEY));
    return Number.isInteger(v) && v > 0 ? v : null;
  });
  const setSiteCode = useCallback((code: number) => {
    localStorage.setItem(SITE_KEY, String(code));
    setPicked(code);
  }, []);
  const value = useMemo<SiteState>(() => {
    const sites = q.data ?? [];
    const current = sites.find((s) => s.siteCode === picked) ?? sites[0] ?? null;
    return { siteCode: current?.siteCode ?? null, title: current?.title ?? '', sites, setSiteCode, loading: q.isPending };
  }, [q.data, q.isPending, picked, setSiteCode]);
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteState {
  const s = useContext(SiteContext);
  if (!s) throw new Error('useSite outside the console layout');
  return s;
}
