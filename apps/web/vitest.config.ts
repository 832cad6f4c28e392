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
    // A timer of a library (a toast's motion, the progress bar) that fires after a file's environment was torn
    // down finds no DOM: "window is not defined". src/test/setup.ts closes and waits for what it knows of, but
    // such an error happens after the file's last test and cannot change any result — it is printed, not
    // counted. Every other unhandled error still fails the run.
    onUnhandledError(error) {
      if (error.name === 'ReferenceError' && /^(window|document|navigator|self|location) is not defined$/.test(error.message)) {
        console.warn(
          `[after teardown, not counted] ${error.name}: ${error.message}\n${String(error.stack ?? '')
            .split('\n')
            .slice(1, 4)
            .join('\n')}`,
        );
        return false;
      }
    },
  },
});
