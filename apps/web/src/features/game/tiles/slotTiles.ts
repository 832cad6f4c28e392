/** The four house slots' lobby tiles: each title's own symbol drawings staged on its backdrop. */
import { SYMBOL_ART } from '../slot/symbols/index.ts';
import { SHARED_DEFS, around, tile, twinkles } from './tileKit.ts';

/** A symbol drawing (100 × 100) placed with its centre at (x, y), scaled. */
const put = (code: string, id: string, x: number, y: number, s: number) =>
  `<g transform="translate(${x - 50 * s} ${y - 50 * s}) scale(${s})">${SYMBOL_ART[code]![id]}</g>`;

const halo = (x: number, y: number, r: number, colour: string) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}" opacity=".35"/><circle cx="${x}" cy="${y}" r="${r * 0.7}" fill="${colour}" opacity=".35"/>`;

const rays = (colour: string) => around(16, 120, 104, `<path d="M120 104L112 0h16z" fill="${colour}" opacity=".14"/>`);

export const SLOT_TILES: Record<string, () => string> = {
  // 翠龙献瑞: the dragon over clouds, its pearl and gold around it.
  H5001: () =>
    tile(
      '#0d4a35',
      '#04190f',
      rays('#bff3d6') +
        `<path d="M-10 200c30-20 60-10 80 0s60 10 90-6 60-6 90 6v60H-10z" fill="#0a3a28"/>` +
        halo(120, 100, 70, '#3fbf7f') +
        put('H5001', 'DRG', 120, 98, 1.65) +
        put('H5001', 'WLD', 190, 52, 0.7) +
        put('H5001', 'ING', 52, 190, 0.78) +
        put('H5001', 'QIAN', 188, 190, 0.62) +
        twinkles([
          [40, 40, 7],
          [206, 120, 5],
          [30, 130, 4],
        ]),
      SHARED_DEFS,
    ),
  // 茶园: terraced hills, the teapot, a cup and the crane.
  H5002: () =>
    tile(
      '#e9f7d2',
      '#5e9e3f',
      `<circle cx="190" cy="50" r="26" fill="#fff6c2" opacity=".9"/>` +
        `<path d="M0 150q60-40 120-10t120-20v120H0z" fill="#7fb85a"/><path d="M0 180q60-30 120 0t120-6v66H0z" fill="#4f8f35"/>` +
        `<path d="M10 160q50-20 100 0M130 176q50-16 100-6M0 200q60-20 120 0" fill="none" stroke="#3b7327" stroke-width="3" stroke-dasharray="6 8"/>` +
        put('H5002', 'CRN', 64, 84, 0.95) +
        put('H5002', 'WLD', 140, 132, 1.3) +
        put('H5002', 'CUP', 200, 196, 0.62) +
        put('H5002', 'LEAF', 36, 196, 0.62),
      SHARED_DEFS,
    ),
  // 元宵灯会: a night sky of fireworks and lanterns, the lion in front.
  H5003: () =>
    tile(
      '#2a0f46',
      '#6a1030',
      `<g transform="translate(150 -10) scale(.9)">${SYMBOL_ART.H5003!.SCT}</g>` +
        `<path d="M0 20q120 40 240 0" fill="none" stroke="#7f0d0d" stroke-width="3"/>` +
        put('H5003', 'WLD', 44, 64, 0.78) +
        put('H5003', 'RIDL', 206, 120, 0.5) +
        halo(118, 150, 60, '#ff8a65') +
        put('H5003', 'LION', 118, 150, 1.3) +
        twinkles([
          [20, 150, 5],
          [110, 40, 6],
          [228, 200, 5],
        ]),
      SHARED_DEFS,
    ),
  // 深海明珠: light from above, the pearl in its chest, the reef around.
  H5004: () =>
    tile(
      '#1c77c3',
      '#021a36',
      around(9, 120, -40, `<path d="M120 -40L108 240h24z" fill="#bfe3ff" opacity=".12"/>`) +
        `<path d="M0 210q60-20 120 0t120-4v40H0z" fill="#c8a86a"/>` +
        put('H5004', 'WLD', 36, 180, 0.8) +
        put('H5004', 'WEED', 212, 176, 0.7) +
        halo(120, 128, 60, '#9be7ff') +
        put('H5004', 'SCT', 120, 140, 1.2) +
        put('H5004', 'PRL', 120, 66, 0.8) +
        put('H5004', 'FSH', 196, 60, 0.55) +
        put('H5004', 'JLY', 42, 56, 0.5),
      SHARED_DEFS,
    ),
};
