import { describe, expect, it } from 'vitest';
import { GIF_1X1, jpegHeader, png, webpHeader } from './fixtures.ts';
import { decodeBase64Image, imageInfo } from './imageInfo.ts';

describe('imageInfo: the type from the bytes, with the pixel size', () => {
  it('reads PNG, JPEG, WebP and GIF', () => {
    expect(imageInfo(png(3, 2))).toEqual({ mime: 'image/png', width: 3, height: 2 });
    expect(imageInfo(jpegHeader(640, 480))).toEqual({ mime: 'image/jpeg', width: 640, height: 480 });
    expect(imageInfo(webpHeader(300, 200))).toEqual({ mime: 'image/webp', width: 300, height: 200 });
    expect(imageInfo(GIF_1X1)).toEqual({ mime: 'image/gif', width: 1, height: 1 });
  });

  it('refuses what is not one of them, whatever it claims to be', () => {
    for (const bad of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.from('%PDF-1.7'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47]), // truncated PNG signature
      Buffer.from([0xff, 0xd8, 0xff, 0xd9]), // JPEG with no frame
      Buffer.alloc(0),
    ])
      expect(imageInfo(bad)).toBeNull();
  });
});

describe('decodeBase64Image', () => {
  it('takes plain base64 or a data: URL, ignoring its declared type', () => {
    const p = png(1, 1);
    expect(decodeBase64Image(p.toString('base64'))).toEqual(p);
    expect(decodeBase64Image(`data:text/html;base64,${p.toString('base64')}`)).toEqual(p);
  });
  it('refuses broken base64 and non-base64 data URLs', () => {
    expect(decodeBase64Image('abc')).toBeNull();
    expect(decodeBase64Image('ab c')).toBeNull();
    expect(decodeBase64Image('data:image/png,abcd')).toBeNull();
    expect(decodeBase64Image('')).toBeNull();
  });
});
