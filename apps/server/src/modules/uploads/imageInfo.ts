/**
 * What an uploaded file really is, from its bytes (never from a declared name or mime type): PNG, JPEG,
 * WebP or GIF, with the pixel size read from the header. Nothing is decoded, so a hostile file costs
 * only this walk over its header bytes.
 */
export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

export interface ImageInfo {
  mime: ImageMime;
  width: number;
  height: number;
}

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (b: Buffer, bytes: number[], at = 0) => b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, at: number, s: string) => b.length >= at + s.length && b.toString('latin1', at, at + s.length) === s;

function png(b: Buffer): ImageInfo | null {
  // Signature, then the IHDR chunk first: length 13, type 'IHDR', width and height big-endian.
  if (!startsWith(b, PNG_SIG) || b.length < 33 || !ascii(b, 12, 'IHDR')) return null;
  return { mime: 'image/png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): ImageInfo | null {
  if (!(ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) || b.length < 13) return null;
  return { mime: 'image/gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function webp(b: Buffer): ImageInfo | null {
  if (!ascii(b, 0, 'RIFF') || !ascii(b, 8, 'WEBP') || b.length < 30) return null;
  if (ascii(b, 12, 'VP8 ')) {
    // Lossy: key-frame start code 9d 01 2a, then 14-bit width and height.
    if (!startsWith(b, [0x9d, 0x01, 0x2a], 23)) return null;
    return { mime: 'image/webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (ascii(b, 12, 'VP8L')) {
    if (b[20] !== 0x2f) return null;
    const b1 = b[21]!,
      b2 = b[22]!,
      b3 = b[23]!,
      b4 = b[24]!;
    return { mime: 'image/webp', width: 1 + (b1 | ((b2 & 0x3f) << 8)), height: 1 + ((b2 >> 6) | (b3 << 2) | ((b4 & 0x0f) << 10)) };
  }
  if (ascii(b, 12, 'VP8X')) {
    return { mime: 'image/webp', width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  }
  return null;
}

/** SOFn markers carry the frame size; C4 (huffman), C8 (reserved) and CC (arithmetic) are not frames. */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpeg(b: Buffer): ImageInfo | null {
  if (!startsWith(b, [0xff, 0xd8, 0xff])) return null;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    } // fill byte
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end or scan data before any frame header
    const len = b.readUInt16BE(i + 2);
    if (len < 2) return null;
    if (isSof(marker)) {
      if (i + 9 > b.length) return null;
      return { mime: 'image/jpeg', width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) };
    }
    i += 2 + len;
  }
  return null;
}

export function imageInfo(b: Buffer): ImageInfo | null {
  return png(b) ?? jpeg(b) ?? webp(b) ?? gif(b);
}

/**
 * The file of a base64 or data-URL string; null when it is not clean base64. The data-URL's declared
 * type is ignored on purpose: the bytes decide.
 */
export function decodeBase64Image(s: string): Buffer | null {
  const comma = s.startsWith('data:') ? s.indexOf(',') : -1;
  if (s.startsWith('data:') && (comma < 0 || !s.slice(0, comma).endsWith(';base64'))) return null;
  const body = comma >= 0 ? s.slice(comma + 1) : s;
  if (body.length === 0 || body.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return null;
  return Buffer.from(body, 'base64');
}
