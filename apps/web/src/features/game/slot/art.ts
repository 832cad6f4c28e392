/**
 * The titles' palettes (machine frame, reels, accent, tile colours by rank). The symbols themselves are our own SVG
 * illustrations (symbols/: no text on them, no image assets), rasterised once per size for the reel canvas.
 */
import type { SlotDef, SlotSymbol } from '@portal/games';

export interface Palette {
  /** Machine frame and reel background. */
  frame: [string, string];
  reel: [string, string];
  /** Accent (win lines, highlights, titles). */
  accent: string;
  /** Tile colours by rank, highest first (regular symbols); wild and scatter have their own. */
  ranks: string[];
  wild: string;
  scatter: string;
  ink: string;
}

const PALETTES: Record<string, Palette> = {
  // 翠龙献瑞: jade and gold.
  H5001: {
    frame: ['#0c3b2e', '#06261d'],
    reel: ['#f4f1e4', '#dcd6bd'],
    accent: '#f5c542',
    ranks: ['#1f8a5b', '#c0392b', '#8e44ad', '#d4a017', '#2e86c1', '#16a085', '#b9770e', '#c2185b'],
    wild: '#f5c542',
    scatter: '#a93226',
    ink: '#ffffff',
  },
  // 茶园: leaf greens and clay.
  H5002: {
    frame: ['#3e5c1f', '#263a12'],
    reel: ['#fbf6e9', '#e7dcc0'],
    accent: '#e0b45c',
    ranks: ['#5d8a2c', '#a0522d', '#7b9e3b', '#c97b3a', '#4f7942', '#8d6e63', '#9e9d24', '#6d4c41'],
    wild: '#e0b45c',
    scatter: '#6a1b9a',
    ink: '#ffffff',
  },
  // 元宵灯会: lantern red and gold.
  H5003: {
    frame: ['#7f1414', '#4a0808'],
    reel: ['#fff5e6', '#f0d9b5'],
    accent: '#ffd54f',
    ranks: ['#d32f2f', '#f57c00', '#c2185b', '#fbc02d', '#e64a19', '#ad1457', '#ff8f00', '#b71c1c'],
    wild: '#ffd54f',
    scatter: '#4527a0',
    ink: '#ffffff',
  },
  // 深海明珠: deep blues and pearl.
  H5004: {
    frame: ['#0b2a4a', '#051628'],
    reel: ['#eef6fb', '#cfe3f0'],
    accent: '#7fdbff',
    ranks: ['#1565c0', '#00838f', '#6a1b9a', '#00897b', '#283593', '#0277bd', '#4527a0', '#2e7d32'],
    wild: '#e0e0e0',
    scatter: '#ff7043',
    ink: '#ffffff',
  },
};

export function paletteOf(code: string): Palette {
  return PALETTES[code] ?? PALETTES.H5001!;
}

/** The symbol's tile colour: by kind, regular symbols by their rank in the title's list. */
export function symbolColor(def: SlotDef, palette: Palette, symbol: SlotSymbol): string {
  if (symbol.kind === 'wild') return palette.wild;
  if (symbol.kind === 'scatter') return palette.scatter;
  const rank = def.symbols.filter((s) => s.kind === 'regular').indexOf(symbol);
  return palette.ranks[Math.max(0, rank) % palette.ranks.length]!;
}
