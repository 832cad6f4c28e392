/**
 * The web app's PNG icons (manifest and apple-touch-icon), rasterised here from the brand's emblem
 * (emblem.ts) — no image library, no image files: 3 × 3 supersampled coverage of each shape, then a
 * plain RGBA PNG (zlib from node). A regular icon is a rounded square on a transparent ground; a
 * maskable one fills the square and keeps the emblem inside the central safe zone (80%).
 */
import { deflateSync } from 'node:zlib';
import { PNG_SIGNATURE, pngChunk } from '../../lib/png.ts';
import type { Emblem, Shape } from './emblem.ts';

type Rgba = [number, number, number, number];

function parseColour(c: string): Rgba {
  const hex = /^#([0-9a-f]{6})$/i.exec(c);
  if (hex) {
    const n = parseInt(hex[1]!, 16);
    return [n >> 16, (n >> 8) & 255, n & 255, 1];
  }
  const rgba = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(c);
  if (rgba) return [Number(rgba[1]), Number(rgba[2]), Number(rgba[3]), Number(rgba[4])];
  return [0, 0, 0, 1];
}

/** A shape prepared for many point tests: flat numbers, no allocation per test. */
interface Prepared {
  test: (x: number, y: number) => boolean;
  r: number;
  g: number;
  b: number;
  a: number;
}

function prepare(s: Shape): Prepared {
  const [r, g, b, a] = parseColour(s.fill);
  let test: Prepared['test'];
  if (s.kind === 'circle') {
    const r2 = s.r * s.r;
    test = (x, y) => (x - s.cx) ** 2 + (y - s.cy) ** 2 <= r2;
  } else if (s.kind === 'ring') {
    const outer = s.r * s.r;
    const inner = (s.r - s.width) ** 2;
    test = (x, y) => {
      const d = (x - s.cx) ** 2 + (y - s.cy) ** 2;
      return d <= outer && d >= inner;
    };
  } else {
    const xs = Float64Array.from(s.points, (p) => p[0]);
    const ys = Float64Array.from(s.points, (p) => p[1]);
    const n = xs.length;
    test = (x, y) => {
      let inside = false;
      for (let i = 0, j = n - 1; i < n; j = i++) {
        const yi = ys[i]!;
        const yj = ys[j]!;
        if (yi > y !== yj > y && x < ((xs[j]! - xs[i]!) * (y - yi)) / (yj - yi) + xs[i]!) inside = !inside;
      }
      return inside;
    };
  }
  return { test, r, g, b, a };
}

/** Inside the rounded square of side 100 with corner radius r (the regular icon's outline). */
function insideRounded(x: number, y: number, r: number): boolean {
  const cx = Math.min(Math.max(x, r), 100 - r);
  const cy = Math.min(Math.max(y, r), 100 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

const SAMPLES = 3;

interface Raster {
  from: Rgba;
  to: Rgba;
  shapes: Prepared[];
  scale: number;
  maskable: boolean;
}

/** Which shapes (bit i) and the outline (bit 30) cover the point: pixels whose corners agree need one sample. */
function coverage(r: Raster, x: number, y: number): number {
  let mask = r.maskable || insideRounded(x, y, 22) ? 1 << 30 : 0;
  const ex = 50 + (x - 50) / r.scale;
  const ey = 50 + (y - 50) / r.scale;
  r.shapes.forEach((k, i) => {
    if (k.test(ex, ey)) mask |= 1 << i;
  });
  return mask;
}

/** Adds the colour of one sample to acc (r, g, b, count). */
function sampleInto(r: Raster, x: number, y: number, weight: number, acc: Float64Array): void {
  if (!r.maskable && !insideRounded(x, y, 22)) return;
  const t = Math.min(1, Math.max(0, (x + y) / 200));
  let cr = r.from[0] + (r.to[0] - r.from[0]) * t;
  let cg = r.from[1] + (r.to[1] - r.from[1]) * t;
  let cb = r.from[2] + (r.to[2] - r.from[2]) * t;
  const ex = 50 + (x - 50) / r.scale;
  const ey = 50 + (y - 50) / r.scale;
  for (const k of r.shapes) {
    if (!k.test(ex, ey)) continue;
    cr = cr * (1 - k.a) + k.r * k.a;
    cg = cg * (1 - k.a) + k.g * k.a;
    cb = cb * (1 - k.a) + k.b * k.a;
  }
  acc[0]! += cr * weight;
  acc[1]! += cg * weight;
  acc[2]! += cb * weight;
  acc[3]! += weight;
}

/**
 * RGBA pixels of the icon, rows top to bottom (the emblem scaled about the centre, inside the safe zone
 * when maskable). A pixel whose four corners are covered by the same shapes takes one sample; an edge
 * pixel SAMPLES × SAMPLES (anti-aliasing where it shows, at a fraction of the cost).
 */
function rasterise(e: Emblem, size: number, maskable: boolean): Buffer {
  const r: Raster = {
    from: parseColour(e.from),
    to: parseColour(e.to),
    shapes: e.shapes.map(prepare),
    scale: maskable ? 0.72 : 0.9,
    maskable,
  };
  const unit = 100 / size;
  const corners = new Int32Array((size + 1) * (size + 1));
  for (let y = 0; y <= size; y++) for (let x = 0; x <= size; x++) corners[y * (size + 1) + x] = coverage(r, x * unit, y * unit);
  const px = Buffer.alloc(size * size * 4);
  const acc = new Float64Array(4);
  const step = unit / SAMPLES;
  for (let py = 0; py < size; py++) {
    for (let pxl = 0; pxl < size; pxl++) {
      acc.fill(0);
      const c = py * (size + 1) + pxl;
      const same = corners[c] === corners[c + 1] && corners[c] === corners[c + size + 1] && corners[c] === corners[c + size + 2];
      if (same) sampleInto(r, (pxl + 0.5) * unit, (py + 0.5) * unit, SAMPLES * SAMPLES, acc);
      else
        for (let sy = 0; sy < SAMPLES; sy++)
          for (let sx = 0; sx < SAMPLES; sx++) sampleInto(r, (pxl * SAMPLES + sx + 0.5) * step, (py * SAMPLES + sy + 0.5) * step, 1, acc);
      const o = (py * size + pxl) * 4;
      if (acc[3]! > 0) {
        px[o] = Math.round(acc[0]! / acc[3]!);
        px[o + 1] = Math.round(acc[1]! / acc[3]!);
        px[o + 2] = Math.round(acc[2]! / acc[3]!);
      }
      px[o + 3] = Math.round((acc[3]! / (SAMPLES * SAMPLES)) * 255);
    }
  }
  return px;
}

/** A PNG (8-bit RGBA) of the brand's emblem at size × size pixels. */
export function emblemPng(e: Emblem, size: number, maskable: boolean): Buffer {
  const px = rasterise(e, size, maskable);
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) px.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4); // filter byte 0: none
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 6 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
