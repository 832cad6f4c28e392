/**
 * The house games' lobby tiles (loaded on first use: the chunk holds the drawings). A game without its own tile
 * keeps the catalogue's art (venues of other providers).
 */
import { svgUri } from '../slot/symbols/kit.ts';
import { SLOT_TILES } from './slotTiles.ts';
import { TABLE_TILES } from './tableTiles.ts';

const TILES: Record<string, () => string> = { ...SLOT_TILES, ...TABLE_TILES };
const uris = new Map<string, string>();

/** Codes with a tile of their own. */
export const TILE_CODES: readonly string[] = Object.keys(TILES);

/** The tile's SVG, or null for a game without one. */
export const tileSvgOf = (code: string): string | null => TILES[code]?.() ?? null;

/** The tile as a data: URI (cached), or null. */
export function tileUri(code: string): string | null {
  let uri = uris.get(code);
  if (uri === undefined) {
    const svg = tileSvgOf(code);
    if (!svg) return null;
    uri = svgUri(svg);
    uris.set(code, uri);
  }
  return uri;
}
