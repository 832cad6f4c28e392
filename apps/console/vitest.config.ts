import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Component and unit tests of the console app (happy-dom). Run by `npm test` as its own pass. */
export default defineConfig({
  plugins: [react()],
  test: {
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 20_000,
    pool: 'forks',
  },
});
