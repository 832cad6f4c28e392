/**
 * Server state of the sport page: leagues, the visible games (polled over HTTP every few seconds
 * whenever the realtime hub is not connected, patched by its pushes when it is), outrights, the
 * sportsbook balance; and the odds flash of a moving price.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { onRealtimeStatus, realtimeStatus, subscribeSportEvents, subscribeWallet, type SportEventPush } from '../../api/realtime.ts';
import { SPORT_KEY, resource, useVenue } from './venue.ts';
import { WALLET_KEY } from '../wallet/common.tsx';
import type { SportGameWire as SportGame } from '@portal/contract';

/** How often the visible list is refreshed over HTTP while the socket is not connected. */
export const POLL_MS = 4_000;
/** How long a moved price stays marked up or down. */
export const FLASH_MS = 2_400;

export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(onRealtimeStatus, () => realtimeStatus() === 'connected');
}

export function useLeagues(gameType: string) {
  const ready = useVenue((s) => s.token !== null);
  return useQuery({
    queryKey: [SPORT_KEY, 'leagues', gameType],
    queryFn: () => resource('leagues', gameType === 'ALL' || gameType === 'FS' ? {} : { gameType: gameType as never }),
    enabled: ready,
    staleTime: 60_000,
  });
}

/** A pushed event as the page's game (the push carries the full current state). */
export function applyPush(g: SportGame, p: SportEventPush): SportGame {
  return {
    ...g,
    ...(p.data as Partial<SportGame>),
    status: p.status,
    suspended: p.suspended,
    version: p.version,
    markets: p.markets as SportGame['markets'],
  };
}

/** One page of the list: everything the odds table shows. */
const PAGE_SIZE = 100;

/**
 * The games of the given sports and show type (one page each, of pageSize), newest state first: the
 * HTTP list, with any newer pushed version laid over it. Finished events drop out. `totals` counts the
 * open events of each sport (all pages).
 */
export function useGames(gameTypes: string[], showType: string, leagueId: string | undefined, pageSize = PAGE_SIZE) {
  const ready = useVenue((s) => s.token !== null);
  const connected = useRealtimeConnected();
  const queries = useQueries({
    queries: gameTypes.map((gameType) => ({
      queryKey: [SPORT_KEY, 'games', gameType, showType, leagueId ?? '', pageSize],
      queryFn: () =>
        resource('games', {
          gameType: gameType as never,
          showType: showType as never,
          pageSize,
          ...(leagueId ? { leagueId } : {}),
        }),
      enabled: ready && gameTypes.length > 0,
      refetchInterval: connected ? false : POLL_MS,
      refetchOnWindowFocus: false,
    })),
  });
  const [pushed, setPushed] = useState<Record<string, SportEventPush>>({});
  const filterKey = `${gameTypes.join(',')}|${showType}`;
  useEffect(() => {
    setPushed({});
    if (!ready) return;
    const offs = gameTypes.map((gameType) =>
      subscribeSportEvents(
        { gameType, showType },
        (e) => setPushed((s) => ((s[e.gameId]?.version ?? -1) >= e.version ? s : { ...s, [e.gameId]: e })),
        {
          onResync: () => queries.forEach((q) => void q.refetch()),
        },
      ),
    );
    return () => offs.forEach((off) => off());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one subscription per filter
  }, [filterKey, ready]);
  const lists = queries.map((q) => q.data);
  const games = useMemo(() => {
    const out: SportGame[] = [];
    for (const page of lists) {
      for (const g of page?.list ?? []) {
        const p = pushed[g.gameId];
        const now = p && p.version > g.version ? applyPush(g, p) : g;
        if (now.status !== 'finished') out.push(now);
      }
    }
    return out.sort((a, b) => a.startAt - b.startAt);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- lists are the query results
  }, [...lists, pushed]);
  const totals = Object.fromEntries(gameTypes.map((g, i) => [g, lists[i]?.total ?? 0]));
  return {
    games,
    totals,
    loading: queries.some((q) => q.isPending && q.fetchStatus !== 'idle'),
    error: queries.find((q) => q.error)?.error ?? null,
  };
}

export function useOutrights(showType: 'FSFT' | 'FSFU', on: boolean) {
  const ready = useVenue((s) => s.token !== null);
  return useQuery({
    queryKey: [SPORT_KEY, 'champion', showType],
    queryFn: () => resource('champion', { showType }),
    enabled: ready && on,
    refetchInterval: POLL_MS * 3,
  });
}

/**
 * The sportsbook balance's query key. It lives under the wallet's key: every money move the app makes
 * (the venue-entry dialog's 转入, the wallet pages' transfers: useMoneyMoved invalidates [WALLET_KEY])
 * refreshes it, so the page and the slip never show a balance from before a transfer.
 */
export const SPORT_BALANCE_KEY = [WALLET_KEY, 'sportVenue'] as const;
/**
 * Settlements happen server-side without a call of this page: their new balance arrives on the member channel
 * (realtime 30002) and replaces the cached one at once; the balance is still asked again this often (and on focus)
 * as the fallback of an at-most-once push.
 */
export const BALANCE_REFRESH_MS = 60_000;

export function useSportBalance() {
  const ready = useVenue((s) => s.token !== null);
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: SPORT_BALANCE_KEY,
    queryFn: () => resource('balance', {}),
    enabled: ready,
    refetchInterval: BALANCE_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const channelCode = q.data?.channelCode;
  useEffect(() => {
    if (!ready || !channelCode) return;
    let version = -1;
    return subscribeWallet(
      (p) => {
        if (p.channelCode !== channelCode || p.version <= version) return;
        version = p.version;
        qc.setQueryData(SPORT_BALANCE_KEY, { channelCode, balance: p.balance });
      },
      () => void qc.invalidateQueries({ queryKey: SPORT_BALANCE_KEY }),
    );
  }, [ready, channelCode, qc]);
  return q;
}

/** 'up' or 'down' for FLASH_MS after the value moved, else null. */
export function useFlash(value: number): 'up' | 'down' | null {
  const last = useRef(value);
  const [dir, setDir] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    if (value === last.current) return;
    setDir(value > last.current ? 'up' : 'down');
    last.current = value;
    const t = setTimeout(() => setDir(null), FLASH_MS);
    return () => clearTimeout(t);
  }, [value]);
  return dir;
}
