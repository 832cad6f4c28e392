import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser tests against the real built server. One file at a time: each file starts its own server
 * and Chromium, and running them side by side only adds start-up contention.
 *
 *   node scripts/build.mjs && npx vitest run --config e2e/vitest.config.ts
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    environment: 'node',
    // Timing in a real browser on a loaded 2-core CI box (a prompt showing late, a 0.008 layout shift once
    // while the home page's "nothing shifted" rule allows 0.0005): one retry, and `npm test` names every test
    // that needed it in its summary. A broken rule fails both tries.
    retry: 1,
  },
});
