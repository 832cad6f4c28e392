/**
 * A house game's own lobby tile (tiles/), loaded as a separate chunk: asked for as soon as a game card is on the
 * page, so the cards of a first paint usually have it already; until then (or for a game without a tile) the
 * catalogue's art.
 */
import { useEffect, useState } from 'react';
import type * as TilesModule from './index.ts';

type Tiles = typeof TilesModule;
let tiles: Tiles | null = null;
let loading: Promise<Tiles> | null = null;

export function loadTiles(): Promise<Tiles> {
  loading ??= import('./index.ts').then((m) => (tiles = m));
  return loading;
}

/** The tile's data: URI for a house game, else the catalogue's art. */
export function useTileArt(gameCode: string, catalogueArt: string): string {
  const [, setReady] = useState(tiles !== null);
  useEffect(() => {
    if (tiles) return;
    let alive = true;
    void loadTiles().then(() => alive && setReady(true));
    return () => {
      alive = false;
    };
  }, []);
  return tiles?.tileUri(gameCode) ?? catalogueArt;
}
