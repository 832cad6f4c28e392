import { crc32, deflateSync } from 'node:zlib';

/** A small RGBA raster with the few drawing operations the slider captcha needs, encoded as PNG. */
export class Raster {
  readonly px: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.px = new Uint8Array(width * height * 4);
  }

  private blend(x: number, y: number, r: number, g: number, b: number, a: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 4;
    const p = this.px;
    p[i] = Math.round(p[i]! * (1 - a) + r * a);
    p[i + 1] = Math.round(p[i + 1]! * (1 - a) + g * a);
    p[i + 2] = Math.round(p[i + 2]! * (1 - a) + b * a);
    p[i + 3] = 255;
  }

  fillRect(x0: number, y0: number, w: number, h: number, rgb: readonly [number, number, number], a = 1): void {
    for (let y = Math.max(0, y0); y < Math.min(this.height, y0 + h); y++) {
      for (let x = Math.max(0, x0); x < Math.min(this.width, x0 + w); x++) this.blend(x, y, rgb[0], rgb[1], rgb[2], a);
    }
  }

  fillCircle(cx: number, cy: number, r: number, rgb: readonly [number, number, number], a = 1): void {
    for (let y = Math.floor(cy - r); y <= cy + r; y++) {
      for (let x = Math.floor(cx - r); x <= cx + r; x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) this.blend(x, y, rgb[0], rgb[1], rgb[2], a);
      }
    }
  }

  /** Per-pixel noise, so the gap cannot be found by looking for flat colour. */
  noise(amount: number, rand: () => number): void {
    for (let i = 0; i < this.px.length; i += 4) {
      const d = Math.round((rand() - 0.5) * amount);
      for (let c = 0; c < 3; c++) this.px[i + c] = Math.max(0, Math.min(255, this.px[i + c]! + d));
    }
  }

  crop(x0: number, y0: number, w: number, h: number): Raster {
    const out = new Raster(w, h);
    for (let y = 0; y < h; y++) {
      const from = ((y0 + y) * this.width + x0) * 4;
      out.px.set(this.px.subarray(from, from + w * 4), y * w * 4);
    }
    return out;
  }

  toPng(): Buffer {
    const raw = Buffer.alloc((this.width * 4 + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      raw[y * (this.width * 4 + 1)] = 0; // filter: none
      Buffer.from(this.px.buffer, y * this.width * 4, this.width * 4).copy(raw, y * (this.width * 4 + 1) + 1);
    }
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.width, 0);
    ihdr.writeUInt32BE(this.height, 4);
    ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no filter method variants, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw, { level: 6 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }

  toDataUrl(): string {
    return `data:image/png;base64,${this.toPng().toString('base64')}`;
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
