/** Symbol art coverage: every symbol of every house title has its own drawing, well-formed, with no text on it. */
import { describe, expect, test } from 'vitest';
import { TITLES } from '@portal/games';
import { SYMBOL_ART, symbolSvgOf, symbolUri } from './index.ts';
import { throbScale } from '../winFx.ts';

describe('slot symbol art', () => {
  test('every symbol of every title has a drawing, and no drawing is left over', () => {
    for (const def of TITLES) {
      const art = SYMBOL_ART[def.code];
      expect(art, def.code).toBeDefined();
      expect(Object.keys(art!).sort(), def.code).toEqual(def.symbols.map((s) => s.id).sort());
      for (const s of def.symbols) expect(symbolUri(def, s.id), `${def.code} ${s.id}`).toMatch(/^data:image\/svg\+xml/);
    }
  });

  test('each drawing is well-formed SVG with no text, no Chinese name, no outside reference', () => {
    const parser = new DOMParser();
    for (const def of TITLES) {
      for (const s of def.symbols) {
        const svg = symbolSvgOf(def, s.id)!;
        const doc = parser.parseFromString(svg, 'image/svg+xml');
        expect(doc.getElementsByTagName('parsererror'), `${def.code} ${s.id}`).toHaveLength(0);
        expect(doc.getElementsByTagName('text')).toHaveLength(0);
        expect(svg).not.toMatch(/[\u4e00-\u9fff]/);
        expect(svg).not.toMatch(/href=|url\(http|<image/);
        // No attribute twice on one element (a browser refuses such an SVG: the tile would stay bare).
        for (const m of svg.matchAll(/<[a-zA-Z]+\s([^>]*)>/g)) {
          const names = [...m[1]!.matchAll(/([\w-]+)="/g)].map((a) => a[1]);
          expect(new Set(names).size, `${def.code} ${s.id}: ${m[0].slice(0, 80)}`).toBe(names.length);
        }
      }
    }
  });

  test('drawings differ from each other within a title', () => {
    for (const def of TITLES) {
      const art = Object.values(SYMBOL_ART[def.code]!);
      expect(new Set(art).size).toBe(art.length);
    }
  });

  test('a winning symbol throbs within 8% of its size; still with reduced motion', () => {
    expect(throbScale(null)).toBe(1);
    for (let t = 0; t < 2000; t += 37) {
      expect(throbScale(t)).toBeGreaterThanOrEqual(1);
      expect(throbScale(t)).toBeLessThanOrEqual(1.08);
    }
  });
});
