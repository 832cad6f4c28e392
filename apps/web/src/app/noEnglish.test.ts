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

describe('translations a player reads', () => {
  it('carry no English word', () => {
    expect(Object.keys(files).length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const [file, data] of Object.entries(files)) {
      const name = file.split('/').slice(-2).join('/');
      for (const [path, text] of localeStrings(data, name)) {
        const words = englishLeft(text.replace(NOT_TEXT, ''));
        if (words.length) found.push(`${path}: ${words.join(' ')} in "${text.slice(0, 60)}"`);
      }
    }
    expect(found).toEqual([]);
  });
});
