/**
 * "最近玩过": the last RECENT_MAX launched games on this browser (game code and venue), newest first, in
 * localStorage through the storage helpers (a disabled storage keeps them for the visit).
 */
import { useSyncExternalStore } from 'react';
import { readItem, writeItem } from '../../storage/index.ts';

export const RECENT_KEY = 'recentGames';
export const RECENT_MAX = 8;

export interface RecentGame {
  gameCode: string;
  enName: string;
}

const listeners = new Set<() => void>();
let snapshot: { raw: string | null; list: RecentGame[] } = { raw: null, list: [] };

function parse(raw: string | null): RecentGame[] {
  if (!raw) return [];
  try {
    const v = JSON.parse(raw) as unknown;
    return Array.isArray(v)
      ? v.filter((g): g is RecentGame => typeof g?.gameCode === 'string' && typeof g?.enName === 'string').slice(0, RECENT_MAX)
      : [];
  } catch {
    return [];
  }
}

export function recentGames(): RecentGame[] {
  const raw = readItem(RECENT_KEY);
  if (raw !== snapshot.raw) snapshot = { raw, list: parse(raw) };
  return snapshot.list;
}

/** Put a launched game first (once), keep RECENT_MAX. */
export function rememberRecent(game: RecentGame): void {
  const list = [game, ...recentGames().filter((g) => g.gameCode !== game.gameCode)].slice(0, RECENT_MAX);
  writeItem(RECENT_KEY, JSON.stringify(list));
  for (const l of listeners) l();
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function useRecentGames(): RecentGame[] {
  return useSyncExternalStore(subscribe, recentGames, recentGames);
}
