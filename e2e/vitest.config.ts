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
  },
});
