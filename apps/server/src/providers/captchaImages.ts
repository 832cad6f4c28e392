import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import type SvgCaptcha from 'svg-captcha';
import { Raster } from './png.ts';

/**
 * svg-captcha, loaded on the first image captcha: it parses its font with opentype.js when loaded, ~9 MB of
 * RSS a node that never draws one (brands with the slider or no captcha) would keep for nothing.
 */
let svgCaptcha: typeof SvgCaptcha | null = null;

/** Image captcha: 4 characters without look-alikes, SVG as a data url. */
export function renderImageCaptcha(): { image: string; answer: string } {
  svgCaptcha ??= createRequire(import.meta.url)('svg-captcha') as typeof SvgCaptcha;
  const c = svgCaptcha.create({ size: 4, noise: 3, ignoreChars: '0oO1iIlL', color: true, width: 120, height: 40 });
  return { image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`, answer: c.text };
}

export const SLIDER = { width: 300, height: 160, piece: 44 } as const;

/**
 * Slider challenge: a random raster scene (PNG, with per-pixel noise), a darkened gap at (x, y) and the
 * matching piece cut from the scene. The answer (x) is not written anywhere in what the client gets:
 * finding it takes image analysis, as with commercial sliders.
 */
export function renderSlider(): { bg: string; piece: string; x: number; y: number } {
  const { width, height, piece } = SLIDER;
  const x = randomInt(piece + 40, width - piece - 8);
  const y = randomInt(8, height - piece - 8);
  const rand = () => randomInt(1_000_000) / 1_000_000;
  const hsl = (h: number, s: number, l: number): [number, number, number] => {
    const k = (n: number) => (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
    return [f(0), f(8), f(4)];
  };
  const hue = randomInt(360);
  const scene = new Raster(width, height);
  scene.fillRect(0, 0, width, height, hsl(hue, 0.45, 0.35));
  for (let i = 0; i < 16; i++)
    scene.fillCircle(
      randomInt(width),
      randomInt(height),
      randomInt(10, 46),
      hsl((hue + randomInt(140)) % 360, 0.6, 0.3 + rand() * 0.4),
      0.8,
    );
  for (let i = 0; i < 8; i++)
    scene.fillRect(
      randomInt(width),
      randomInt(height),
      randomInt(20, 80),
      randomInt(8, 36),
      hsl((hue + 180 + randomInt(60)) % 360, 0.55, 0.55),
      0.6,
    );
  scene.noise(28, rand);
  const pc = scene.crop(x, y, piece, piece);
  // Piece outline and the gap: a dark, translucent square with a light edge.
  pc.fillRect(0, 0, piece, 2, [255, 255, 255], 0.9);
  pc.fillRect(0, piece - 2, piece, 2, [255, 255, 255], 0.9);
  pc.fillRect(0, 0, 2, piece, [255, 255, 255], 0.9);
  pc.fillRect(piece - 2, 0, 2, piece, [255, 255, 255], 0.9);
  scene.fillRect(x, y, piece, piece, [0, 0, 0], 0.5);
  scene.fillRect(x, y, piece, 1, [255, 255, 255], 0.7);
  scene.fillRect(x, y + piece - 1, piece, 1, [255, 255, 255], 0.7);
  return { bg: scene.toDataUrl(), piece: pc.toDataUrl(), x, y };
}
