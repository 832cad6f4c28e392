/**
 * zh-TW strings are Traditional Chinese throughout: each is run through OpenCC's Simplified → Taiwan converter
 * and must come back unchanged, but for the variants Taiwan writes either way (平台/平臺, 了解/瞭解,
 * 公布/公佈) and OpenCC's own slip (干預 → 幹預). A simplified character left in a translation fails here, with
 * its key. Some simplified forms are also traditional characters of their own (后 queen, 于 and 余 surnames, 云 "to
 * say", 里 the mile), so OpenCC keeps them outside its known phrases — a '后' for '後' slipped through once ("讓 0.5
 * 球后勝出"); none of those meanings occurs in this product's texts, so they are refused outright.
 */
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';

const toTaiwan = OpenCC.Converter({ from: 'cn', to: 'tw' });
/** Character changes that are a Taiwan variant or a misconversion, not a simplified character. */
const ALLOWED = new Set(['台→臺', '了→瞭', '布→佈', '干→幹']);
/** Simplified forms that are traditional characters too, with meanings this product never uses. */
const NEVER = /[后于余云里]/g;
/** The language switch names each language in its own script. */
const OWN_SCRIPT = new Set(['common.lang.zh-CN']);

const files = import.meta.glob<Record<string, unknown>>('../locales/zh-TW/*.json', { eager: true, import: 'default' });

function* strings(o: unknown, path: string): Generator<[string, string]> {
  if (typeof o === 'string') yield [path, o];
  else if (Array.isArray(o)) for (const [i, v] of o.entries()) yield* strings(v, `${path}[${i}]`);
  else if (o && typeof o === 'object') for (const [k, v] of Object.entries(o)) yield* strings(v, `${path}.${k}`);
}

describe('zh-TW translations', () => {
  it('have namespaces to check', () => {
    expect(Object.keys(files).length).toBeGreaterThan(5);
  });

  it('carry no simplified character', () => {
    const found: string[] = [];
    for (const [file, data] of Object.entries(files)) {
      const ns = file
        .split('/')
        .pop()!
        .replace(/\.json$/, '');
      for (const [path, text] of strings(data, ns)) {
        if (OWN_SCRIPT.has(path)) continue;
        const before = [...text];
        const after = [...toTaiwan(text)];
        const changes = before.flatMap((c, i) => (c !== after[i] ? [`${c}→${after[i]}`] : [])).filter((c) => !ALLOWED.has(c));
        for (const m of text.matchAll(NEVER)) changes.push(`${m[0]} (simplified here)`);
        if (changes.length) found.push(`${path}: ${changes.join(' ')} in "${text.slice(0, 60)}"`);
      }
    }
    expect(found).toEqual([]);
  });
});
