/**
 * Server state of the game lobbies (casinoApi): the venues of a category, a page of its games (venue, name
 * search, tag, favourites), the whole catalogue of a category (recently played, the jackpot ticker's
 * filter), the jackpot pools (refreshed every POOLS_REFRESH_MS) and the favourite toggle.
 */
import { useCallback } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CATALOGUE_LIMITS,
  casinoApi,
  type GameCategory,
  type GameInfo,
  type GameTag,
  type RequestOf,
  type VenueInfo,
} from '@portal/contract';
import { call } from '../../api/client.ts';
import { useSession } from '../../stores/session.ts';

/** Every lobby query key starts with this: one invalidation refreshes every lobby list. */
export const GAME_KEY = 'game';
/** How often the jackpot ticker asks for the pools' amounts. */
export const POOLS_REFRESH_MS = 10_000;
/** A lobby page of games. */
export const LOBBY_PAGE_SIZE = 24;

export type { GameInfo, VenueInfo };
export type GameListBody = RequestOf<typeof casinoApi.gameList>;

/** The lobby's filters: a venue (or all), the favourites tab, a name search, one tag (or all), a page. */
export interface LobbyFilter {
  channelCode?: string;
  collected?: boolean;
  name?: string;
  tag?: GameTag;
  pageNum: number;
}

/** The gameList body of a filter: only what is set (the server reads an absent field as "any"). */
export function gameListBody(category: GameCategory, f: LobbyFilter): GameListBody {
  const body: GameListBody = { category, pageNum: f.pageNum, pageSize: LOBBY_PAGE_SIZE };
  if (f.collected) body.collected = 1;
  else if (f.channelCode) body.channelCode = f.channelCode;
  const name = f.name?.trim().slice(0, CATALOGUE_LIMITS.NAME_SEARCH_MAX);
  if (name) body.name = name;
  if (f.tag) body.tags = [f.tag];
  return body;
}

export function useVenues(category: GameCategory) {
  return useQuery({
    queryKey: [GAME_KEY, 'venues', category],
    queryFn: async () => [...(await call(casinoApi.getVenueInfoByCategory, { category })).list].sort((a, b) => a.sort - b.sort),
    staleTime: 60_000,
  });
}

/** A page of games; the member is part of the key (collected differs per member). */
export function useGameList(body: GameListBody, enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [GAME_KEY, 'list', token, body],
    queryFn: () => call(casinoApi.gameList, body),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The whole catalogue of a category (first page of the maximum size): recently played and the ticker's pools. */
export function useCatalogue(category: GameCategory | undefined) {
  return useGameList({ ...(category ? { category } : {}), pageNum: 1, pageSize: CATALOGUE_LIMITS.PAGE_SIZE_MAX });
}

export function useBonusPools() {
  return useQuery({
    queryKey: [GAME_KEY, 'pools'],
    queryFn: async () => (await call(casinoApi.getBonusPools, {})).list,
    refetchInterval: POOLS_REFRESH_MS,
  });
}

/** Name of a game or venue in the page's language (the answer carries both: a language switch asks nothing). */
export function useLocalName(): (item: { name: string; names: { 'zh-CN': string; 'zh-TW': string } }) => string {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'zh-TW' ? 'zh-TW' : 'zh-CN';
  return useCallback((item) => item.names[lang] || item.name, [lang]);
}

/** Add or remove a favourite (member only), then refresh every lobby list. */
export function useToggleFavourite(): (game: Pick<GameInfo, 'gameCode' | 'collected'>) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (game) => {
      await call(game.collected ? casinoApi.removeCollection : casinoApi.addCollection, { gameCode: game.gameCode });
      await client.invalidateQueries({ queryKey: [GAME_KEY, 'list'] });
    },
    [client],
  );
}
