import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Component tests of the web app (happy-dom). Run by `npm test` as its own pass. */
export default defineConfig({
  plugins: [react()],
  test: {
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // reactCommits.ts first: it must be in place before anything loads react-dom.
    setupFiles: ['src/test/reactCommits.ts', 'src/test/setup.ts'],
    testTimeout: 20_000,
    pool: 'forks',
    // antd's animations and timers under a loaded 2-core CI box occasionally swallow an interaction; one retry,
    // and `npm test` names every test that needed it in its summary (a rule that is broken fails both tries).
    retry: 1,
  },
});
