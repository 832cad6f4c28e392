/**
 * Server state of the e-sports pages: one match (the venue's `game` answer, then every pushed version of it laid
 * over, polled while the hub is down) and the lobby's live and upcoming series of the five titles.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { subscribeSportEvents, type SportEventPush } from '../../api/realtime.ts';
import { POLL_MS, applyPush, useGames, useRealtimeConnected } from '../sport/hooks.ts';
import { SPORT_KEY, resource, useVenue } from '../sport/venue.ts';
import type { SportGameWire as SportGame } from '@portal/contract';
import { ESPORTS_TITLES } from './titles.tsx';

/** How many series of each title the lobby asks for (live, then upcoming). */
export const LOBBY_PER_TITLE = 6;
/** Upcoming series shown at most (the soonest): the venues below stay within reach. */
export const LOBBY_UPCOMING = 10;

/** The lobby's series: in play first, then today's not started, each in start order. */
export function useEsportsLobby() {
  const titles = ESPORTS_TITLES as unknown as string[];
  const live = useGames(titles, 'RB', undefined, LOBBY_PER_TITLE);
  const today = useGames(titles, 'FT', undefined, LOBBY_PER_TITLE);
  const games = useMemo(() => {
    const liveIds = new Set(live.games.map((g) => g.gameId));
    const upcoming = today.games.filter((g) => !liveIds.has(g.gameId) && g.status === 'scheduled').slice(0, LOBBY_UPCOMING);
    return [...live.games.filter((g) => g.status === 'live'), ...upcoming];
  }, [live.games, today.games]);
  return { games, loading: live.loading || today.loading, error: live.error ?? today.error };
}

/** One match, kept current by its pushes (or polled while the hub is not connected). */
export function useMatch(gameId: string) {
  const ready = useVenue((s) => s.token !== null);
  const connected = useRealtimeConnected();
  const q = useQuery({
    queryKey: [SPORT_KEY, 'game', gameId],
    queryFn: () => resource('game', { gameId }),
    enabled: ready && gameId !== '',
    refetchInterval: connected ? false : POLL_MS,
    refetchOnWindowFocus: false,
  });
  const [pushed, setPushed] = useState<SportEventPush | null>(null);
  useEffect(() => {
    setPushed(null);
    if (!ready || !gameId) return;
    return subscribeSportEvents(
      { gameIds: [gameId] },
      (e) => {
        if (e.gameId === gameId) setPushed((p) => (p && p.version >= e.version ? p : e));
      },
      { onResync: () => void q.refetch() },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one subscription per match
  }, [gameId, ready]);
  const game: SportGame | undefined = q.data && pushed && pushed.version > q.data.version ? applyPush(q.data, pushed) : q.data;
  return { game, loading: q.isPending && q.fetchStatus !== 'idle', error: q.error };
}
