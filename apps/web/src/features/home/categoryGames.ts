/**
 * What the home page's category tiles say: the names of the games a player can open today,
 * read from the brand's catalogue (gameList) — never a promise of games that are not there. A category with no
 * game is not offered on the home page; the texts grow as games land. The sportsbook's tile describes the book.
 */
import { useQuery } from '@tanstack/react-query';
import { CATALOGUE_LIMITS, casinoApi, type GameInfo } from '@portal/contract';
import { call } from '../../api/client.ts';

/** Names a tile shows at most. */
export const TILE_NAMES_MAX = 4;

/** The brand's whole listed catalogue (one page of the maximum size), shared by the tiles. */
export function useCatalogueForHome() {
  return useQuery({
    queryKey: ['home', 'catalogue'],
    queryFn: () => call(casinoApi.gameList, { pageNum: 1, pageSize: CATALOGUE_LIMITS.PAGE_SIZE_MAX }),
    staleTime: 5 * 60_000,
  });
}

/** A category's line: its games' names in the page's language, in catalogue order, at most TILE_NAMES_MAX. */
export function categoryLine(games: readonly GameInfo[], category: string, lang: string): string {
  const names = games.filter((g) => g.category === category).map((g) => (lang === 'zh-TW' ? g.names['zh-TW'] : g.names['zh-CN']) || g.name);
  return [...new Set(names)].slice(0, TILE_NAMES_MAX).join(' · ');
}
