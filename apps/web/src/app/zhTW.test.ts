/**
 * zh-TW strings are Traditional Chinese throughout: each is checked by the shared rule (@portal/rules
 * simplifiedLeft — OpenCC's Simplified → Taiwan converter must leave it unchanged, but for Taiwan's variants; the
 * server's zh-TW answers are checked by the same rule), and a simplified character left in a translation fails
 * here, with its key.
 */
import * as OpenCC from 'opencc-js';
import { simplifiedLeft } from '@portal/rules';
import { describe, expect, it } from 'vitest';
import { localeStrings } from '../test/localeStrings.ts';

const toTaiwan = OpenCC.Converter({ from: 'cn', to: 'tw' });
/** The language switch names each language in its own script. */
const OWN_SCRIPT = new Set(['common.lang.zh-CN']);

const files = import.meta.glob<Record<string, unknown>>('../locales/zh-TW/*.json', { eager: true, import: 'default' });

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
      for (const [path, text] of localeStrings(data, ns)) {
        if (OWN_SCRIPT.has(path)) continue;
        const changes = simplifiedLeft(text, toTaiwan);
        if (changes.length) found.push(`${path}: ${changes.join(' ')} in "${text.slice(0, 60)}"`);
      }
    }
    expect(found).toEqual([]);
  });
});
