import { randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';

/** Image captcha: 4 characters without look-alikes, SVG as a data url. */
export function renderImageCaptcha(): { image: string; answer: string } {
  const c = svgCaptcha.create({ size: 4, noise: 3, ignoreChars: '0oO1iIlL', color: true, width: 120, height: 40 });
  return { image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`, answer: c.text };
}

export const SLIDER = { width: 300, height: 160, piece: 44 } as const;

/**
 * Slider challenge: a random scene, a gap at (x, y) on the background, and the matching piece.
 * The player drags the piece to the gap; the answer is x.
 */
export function renderSlider(): { bg: string; piece: string; x: number; y: number } {
  const { width, height, piece } = SLIDER;
  const x = randomInt(piece + 40, width - piece - 8);
  const y = randomInt(8, height - piece - 8);
  const shapes: string[] = [];
  const hue = randomInt(360);
  shapes.push(`<rect width="${width}" height="${height}" fill="hsl(${hue},45%,35%)"/>`);
  for (let i = 0; i < 14; i++) {
    const h = (hue + randomInt(120)) % 360;
    const r = randomInt(12, 48);
    shapes.push(`<circle cx="${randomInt(width)}" cy="${randomInt(height)}" r="${r}" fill="hsl(${h},60%,${randomInt(30, 70)}%)" opacity="0.8"/>`);
  }
  for (let i = 0; i < 6; i++) {
    const h = (hue + 180 + randomInt(60)) % 360;
    shapes.push(`<rect x="${randomInt(width)}" y="${randomInt(height)}" width="${randomInt(20, 80)}" height="${randomInt(10, 40)}" fill="hsl(${h},55%,55%)" opacity="0.6" transform="rotate(${randomInt(-30, 30)})"/>`);
  }
  const scene = shapes.join('');
  const bg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${scene}<rect x="${x}" y="${y}" width="${piece}" height="${piece}" rx="6" fill="rgba(0,0,0,0.55)" stroke="rgba(255,255,255,0.8)"/></svg>`;
  const pc = `<svg xmlns="http://www.w3.org/2000/svg" width="${piece}" height="${piece}" viewBox="${x} ${y} ${piece} ${piece}">${scene}<rect x="${x}" y="${y}" width="${piece}" height="${piece}" rx="6" fill="none" stroke="#fff" stroke-width="2"/></svg>`;
  const url = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return { bg: url(bg), piece: url(pc), x, y };
}
