/**
 * No English in a player's view: every translation a page shows, in both languages, is checked by the
 * shared rule (@portal/rules englishLeft — Latin words of two letters or more, but for its short list of words this
 * market writes in Latin letters); the browser walk (e2e/walk.e2e.ts) checks the same on the rendered pages.
 */
import { englishLeft } from '@portal/rules';
import { describe, expect, it } from 'vitest';
import { localeStrings } from '../test/localeStrings.ts';

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
/** Interpolations and markup are the code's, not text: {{name}}, $t(key), <1>…</1>. */
const NOT_TEXT = /\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\d+>/g;
/**
 * The fairness verification page (公平验证) writes its rules as formulas: the values are named as the round data and
 * any independent tool name them (nonce, seq, start, int, HMAC-SHA256…), so a player can match each step by hand.
 */
const FORMULAS = new Set(['zh-CN/verify.json', 'zh-TW/verify.json']);

describe('translations a player reads', () => {
  it('carry no English word', () => {
    expect(Object.keys(files).length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const [file, data] of Object.entries(files)) {
      const name = file.split('/').slice(-2).join('/');
      if (FORMULAS.has(name)) continue;
      for (const [path, text] of localeStrings(data, name)) {
        const words = englishLeft(text.replace(NOT_TEXT, ''));
        if (words.length) found.push(`${path}: ${words.join(' ')} in "${text.slice(0, 60)}"`);
      }
    }
    expect(found).toEqual([]);
  });
});
