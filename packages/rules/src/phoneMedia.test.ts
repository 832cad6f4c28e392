/** Issue 30: every phone stylesheet of the web app uses the one phone media query, PHONE_MEDIA (CSS cannot import it). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PHONE_MAX_WIDTH, PHONE_MEDIA } from './layout.ts';

const WEB_SRC = join(import.meta.dirname, '../../../apps/web/src');

test('each phone stylesheet (shell/phone*.css, <feature>/*.phone.css) states its phone blocks with PHONE_MEDIA verbatim', () => {
  const sheets = readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' }).filter((f) =>
    /\.phone\.css$|^shell[\\/]phone\w*\.css$/.test(f),
  );
  expect(sheets.length).toBeGreaterThanOrEqual(8);
  for (const file of sheets) {
    const css = readFileSync(join(WEB_SRC, file), 'utf8');
    // The rotate prompt's portrait-only block is the one other query a phone sheet may hold.
    const queries = [...css.matchAll(/@media ([^{]+)\{/g)].map((m) => m[1]!.trim()).filter((q) => !q.includes('orientation'));
    expect(queries.length, file).toBeGreaterThan(0);
    for (const q of queries) expect(q, file).toBe(PHONE_MEDIA);
  }
});

test('the query is the phone width, or a touch screen held sideways', () => {
  expect(PHONE_MEDIA.startsWith(`(max-width: ${PHONE_MAX_WIDTH}px), `)).toBe(true);
});
