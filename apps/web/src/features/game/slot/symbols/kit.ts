/**
 * The symbol art's shared kit: every symbol is our own SVG illustration (no text, no image asset) drawn in a
 * 100 × 100 box, framed here on a tile of the symbol's colour (112 × 100, the reel cell's shape). Shared
 * gradients are defined once per tile so each drawing stays short: gold, jade, red, pearl, sea, shadow.
 */

/** One title's drawings: symbol id → SVG markup in a 100 × 100 box. */
export type SymbolArt = Record<string, string>;

/** Width and height of a tile (the reel cell is 132 × 118: the same shape). */
export const TILE_W = 112;
export const TILE_H = 100;

/** Outline colour of the drawings (a cartoon ink line). */
export const INK = '#2a1606';

const grad = (id: string, stops: string[], radial = false): string => {
  const s = stops.map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`).join('');
  return radial
    ? `<radialGradient id="${id}" cx=".38" cy=".32" r=".75">${s}</radialGradient>`
    : `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${s}</linearGradient>`;
};

export const SHARED_DEFS = [
  grad('gold', ['#fff6c2', '#f7c948', '#b7791f']),
  grad('goldR', ['#fffbe0', '#f5c542', '#9a6a12'], true),
  grad('jade', ['#d5fbe5', '#3fbf7f', '#0d5a3a']),
  grad('jadeR', ['#e8fff1', '#52c98c', '#0b4d31'], true),
  grad('red', ['#ff9a8a', '#e53935', '#7f0d0d']),
  grad('redR', ['#ffb4a8', '#e53935', '#6d0a0a'], true),
  grad('pearl', ['#ffffff', '#eef3ff', '#b8c6de'], true),
  grad('sea', ['#9be7ff', '#2196f3', '#0d3c78']),
  grad('pink', ['#ffe1ec', '#f48fb1', '#c2185b']),
  grad('purple', ['#e6c8ff', '#9c4dcc', '#4a148c']),
  grad('clay', ['#c48b6e', '#8a4b32', '#4e2617']),
  grad('leaf', ['#c9f29b', '#6cbf3a', '#2f6b12']),
  grad('orange', ['#ffd59a', '#ff8f1f', '#b34700']),
  grad('white', ['#ffffff', '#f1efe8', '#c9c3b4']),
].join('');

const lighten = (hex: string, amount: number): string => {
  const n = parseInt(hex.slice(1), 16);
  const ch = (shift: number) => Math.max(0, Math.min(255, ((n >> shift) & 255) + amount));
  return `rgb(${ch(16)},${ch(8)},${ch(0)})`;
};

export interface TileLook {
  /** The tile's colour (by rank, or the wild's and scatter's own). */
  color: string;
  /** The title's accent (frames of wild and scatter). */
  accent: string;
  kind: 'regular' | 'wild' | 'scatter';
}

/** A whole symbol: the tile, a soft halo, the drawing, and for wild and scatter a frame and sparkles. */
export function tileSvg(art: string, look: TileLook): string {
  const { color, accent, kind } = look;
  const special = kind !== 'regular';
  const frame = special
    ? `<rect x="3" y="3" width="106" height="94" rx="15" fill="none" stroke="${accent}" stroke-width="4"/>` +
      `<rect x="8" y="8" width="96" height="84" rx="11" fill="none" stroke="#fff8" stroke-width="1.2" stroke-dasharray="3 3"/>` +
      [
        [14, 14],
        [98, 14],
        [14, 86],
        [98, 86],
      ]
        .map(([x, y]) => `<path d="M${x} ${y! - 6}l2 4 4 2-4 2-2 4-2-4-4-2 4-2z" fill="${accent}"/>`)
        .join('')
    : `<rect x="3" y="3" width="106" height="94" rx="15" fill="none" stroke="${lighten(color, -70)}" stroke-width="2"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${TILE_W} ${TILE_H}" width="${TILE_W * 2}" height="${TILE_H * 2}">` +
    `<defs>${SHARED_DEFS}` +
    `<radialGradient id="tile" cx=".5" cy=".42" r=".7"><stop offset="0" stop-color="${lighten(color, 95)}"/>` +
    `<stop offset=".55" stop-color="${lighten(color, 25)}"/><stop offset="1" stop-color="${lighten(color, -45)}"/></radialGradient>` +
    `<radialGradient id="halo"><stop offset="0" stop-color="#fff" stop-opacity=".75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `</defs>` +
    `<rect x="3" y="3" width="106" height="94" rx="15" fill="url(#tile)"/>` +
    `<ellipse cx="56" cy="48" rx="40" ry="36" fill="url(#halo)" opacity="${special ? 0.9 : 0.55}"/>` +
    `<g transform="translate(6 0)" stroke-linejoin="round" stroke-linecap="round">${art}</g>` +
    frame +
    `</svg>`
  );
}

/** The data: URI of an SVG (for an <img> or a canvas Image). */
export const svgUri = (svg: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** Points of a regular star or polygon (inner > 0: a star), as an SVG points list. */
export function starPoints(cx: number, cy: number, r: number, n: number, inner = 0, rotate = -Math.PI / 2): string {
  const count = inner > 0 ? n * 2 : n;
  return Array.from({ length: count }, (_, i) => {
    const rr = inner > 0 && i % 2 === 1 ? inner : r;
    const a = rotate + (i * Math.PI * 2) / count;
    return `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
}

/** The same markup rotated n times around (cx, cy). */
export const around = (n: number, cx: number, cy: number, markup: string): string =>
  Array.from({ length: n }, (_, i) => `<g transform="rotate(${(360 / n) * i} ${cx} ${cy})">${markup}</g>`).join('');
