/** Lobby tiles: each house game (every slot title, table and draw) has its own, well-formed, different from the rest. */
import { describe, expect, test } from 'vitest';
import { TITLES } from '@portal/games';
import { TILE_CODES, tileSvgOf, tileUri } from './index.ts';

/** The house tables and draws (apps/server/src/modules/tables/config.ts). */
const TABLE_CODES = ['BAC1', 'BAC2', 'BAC3', 'DT1', 'SB1', 'RL1', 'K3', 'D5', 'RC10'];

describe('house game tiles', () => {
  test('every house slot, table and draw has a tile of its own', () => {
    const house = [...TITLES.map((t) => t.code), ...TABLE_CODES];
    expect([...TILE_CODES].sort()).toEqual([...house].sort());
    const svgs = house.map((c) => tileSvgOf(c));
    expect(new Set(svgs).size).toBe(house.length);
    for (const c of house) expect(tileUri(c)).toMatch(/^data:image\/svg\+xml/);
  });

  test('tiles are well-formed SVG without words (only a lottery ball carries a digit)', () => {
    const parser = new DOMParser();
    for (const c of TILE_CODES) {
      const svg = tileSvgOf(c)!;
      const doc = parser.parseFromString(svg, 'image/svg+xml');
      expect(doc.getElementsByTagName('parsererror'), c).toHaveLength(0);
      for (const t of doc.getElementsByTagName('text')) expect(t.textContent, c).toMatch(/^\d$/);
      expect(svg).not.toMatch(/[\u4e00-\u9fff]|href=|<image/);
    }
  });

  test('a game without a tile keeps the catalogue art', () => {
    expect(tileUri('SXZR01')).toBeNull();
  });
});
