import { defineConfig } from 'vitest/config';

/**
 * Files that need the shared services run only in the pass that has them (`npm test`: PostgreSQL + Redis), and are
 * left out of the others instead of skipping their tests: with CI=true no test may skip itself.
 *  - `*.redis.test.ts`: several nodes on one Redis;
 *  - `*.pgredis.test.ts`: several nodes on one PostgreSQL schema and one Redis.
 */
const redis = !!process.env.REDIS_URL;
const postgres = process.env.DB === 'postgres';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(redis ? [] : ['**/*.redis.test.ts']), ...(redis && postgres ? [] : ['**/*.pgredis.test.ts'])],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files share one module graph per worker: each builds its own app and database, nothing global is mutated.
    isolate: false,
  },
});
