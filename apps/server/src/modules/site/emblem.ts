/**
 * A brand's emblem, our own art: a few plain shapes (circles, rings, polygons) on a gradient, in a
 * 100 × 100 box. The same shapes are drawn as the SVG logo (art.ts) and rasterised into the web app's
 * PNG icons (png.ts), so the header, the home screen and the install prompt show one mark.
 * The demo brands have their own motif; any other brand gets a diamond on its theme colour.
 */

export type Shape =
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string }
  | { kind: 'ring'; cx: number; cy: number; r: number; width: number; fill: string }
  | { kind: 'poly'; points: readonly (readonly [number, number])[]; fill: string };

export interface Emblem {
  /** Gradient of the background, top-left to bottom-right. */
  from: string;
  to: string;
  shapes: readonly Shape[];
}

/** The whale's tail: a stem and two flukes, symmetric about x = 50. */
const TAIL: [number, number][] = [
  [46, 74],
  [54, 74],
  [53, 54],
  [62, 47],
  [79, 29],
  [66, 33],
  [54, 43],
  [50, 46],
  [46, 43],
  [34, 33],
  [21, 29],
  [38, 47],
  [47, 54],
];

const wave = (y: number, fill: string): Shape => ({
  kind: 'poly',
  points: [
    [18, y],
    [30, y - 3],
    [42, y],
    [54, y - 3],
    [66, y],
    [78, y - 3],
    [82, y],
    [82, y + 4],
    [18, y + 4],
  ],
  fill,
});

const EMBLEMS: Record<number, Emblem> = {
  // 翡翠湾: a jade disc (bi) with a gold pearl, over the bay's waves.
  7000: {
    from: '#0f3d2e',
    to: '#2a8a5e',
    shapes: [
      { kind: 'ring', cx: 50, cy: 44, r: 25, width: 11, fill: '#d9b56a' },
      { kind: 'ring', cx: 50, cy: 44, r: 17, width: 2, fill: '#f5e6a8' },
      { kind: 'circle', cx: 50, cy: 44, r: 7, fill: '#f5e6a8' },
      wave(74, '#9fd9b9'),
      wave(81, '#d9b56a'),
    ],
  },
  // 蓝鲸: a whale's tail rising from the sea.
  7001: {
    from: '#0b2a5b',
    to: '#2f7cf0',
    shapes: [
      { kind: 'circle', cx: 50, cy: 50, r: 36, fill: 'rgba(255,255,255,0.12)' },
      { kind: 'poly', points: TAIL, fill: '#ffffff' },
      wave(76, '#9cc7ff'),
    ],
  },
};

/** Darker shade of a #rrggbb colour (for the default emblem's gradient). */
function shade(hex: string, factor: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return '#1f2937';
  const n = parseInt(m[1]!, 16);
  const c = [n >> 16, (n >> 8) & 255, n & 255].map((v) => Math.round(v * factor));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** The emblem of a brand: its own motif, else a diamond on its theme colour. */
export function emblemOf(siteCode: number, primaryColor: string): Emblem {
  const own = EMBLEMS[siteCode];
  if (own) return own;
  const base = /^#[0-9a-f]{6}$/i.test(primaryColor) ? primaryColor : '#c9a45c';
  return {
    from: shade(base, 0.55),
    to: base,
    shapes: [
      {
        kind: 'poly',
        points: [
          [50, 20],
          [78, 50],
          [50, 80],
          [22, 50],
        ],
        fill: '#ffffff',
      },
      {
        kind: 'poly',
        points: [
          [50, 34],
          [64, 50],
          [50, 66],
          [36, 50],
        ],
        fill: base,
      },
    ],
  };
}

/** The emblem's shapes as SVG elements (100 × 100 user units). */
export function shapesSvg(shapes: readonly Shape[]): string {
  return shapes
    .map((s) => {
      switch (s.kind) {
        case 'circle':
          return `<circle cx="${s.cx}" cy="${s.cy}" r="${s.r}" fill="${s.fill}"/>`;
        case 'ring':
          return `<circle cx="${s.cx}" cy="${s.cy}" r="${s.r - s.width / 2}" fill="none" stroke="${s.fill}" stroke-width="${s.width}"/>`;
        case 'poly':
          return `<polygon points="${s.points.map(([x, y]) => `${x},${y}`).join(' ')}" fill="${s.fill}"/>`;
      }
    })
    .join('');
}
