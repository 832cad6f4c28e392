/**
 * Every house slot symbol's illustration, by title code and symbol id: the drawing (our own SVG) on its tile in
 * the title's palette (rank colour for regular symbols, the wild's and scatter's own). symbols.test.ts checks
 * that every symbol of every title has one.
 */
import type { SlotDef } from '@portal/games';
import { paletteOf, symbolColor } from '../art.ts';
import { DEEP_SEA_PEARL_ART } from './deepSeaPearl.ts';
import { JADE_DRAGON_ART } from './jadeDragon.ts';
import { LANTERN_FESTIVAL_ART } from './lanternFestival.ts';
import { TEA_GARDEN_ART } from './teaGarden.ts';
import { svgUri, tileSvg, type SymbolArt } from './kit.ts';

export const SYMBOL_ART: Record<string, SymbolArt> = {
  H5001: JADE_DRAGON_ART,
  H5002: TEA_GARDEN_ART,
  H5003: LANTERN_FESTIVAL_ART,
  H5004: DEEP_SEA_PEARL_ART,
};

/** The whole SVG of a symbol (tile and drawing), or null when the title or the symbol has no drawing. */
export function symbolSvgOf(def: SlotDef, symbolId: string): string | null {
  const art = SYMBOL_ART[def.code]?.[symbolId];
  const symbol = def.symbols.find((s) => s.id === symbolId);
  if (!art || !symbol) return null;
  const palette = paletteOf(def.code);
  return tileSvg(art, { color: symbolColor(def, palette, symbol), accent: palette.accent, kind: symbol.kind });
}

const uris = new Map<string, string>();

/** The symbol as a data: URI (cached), or null without a drawing. */
export function symbolUri(def: SlotDef, symbolId: string): string | null {
  const key = `${def.code}:${symbolId}`;
  let uri = uris.get(key);
  if (uri === undefined) {
    const svg = symbolSvgOf(def, symbolId);
    if (!svg) return null;
    uri = svgUri(svg);
    uris.set(key, uri);
  }
  return uri;
}

const images = new Map<string, HTMLImageElement>();

/** A symbol's illustration as an image, loading (null until it is ready: the canvas draws again shortly). */
export function symbolImage(def: SlotDef, symbolId: string): HTMLImageElement | null {
  const key = `${def.code}:${symbolId}`;
  let img = images.get(key);
  if (!img) {
    const uri = symbolUri(def, symbolId);
    if (!uri || typeof Image === 'undefined') return null;
    img = new Image();
    img.decoding = 'async';
    img.src = uri;
    images.set(key, img);
  }
  return img.complete && img.naturalWidth > 0 ? img : null;
}
