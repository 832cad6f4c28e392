/**
 * A vitest reporter used by `npm test` next to the default one: it writes the run's unhandled errors
 * (those vitest prints under "Unhandled Errors", which fail a run whose every test passed) to the file
 * named by PORTAL_UNHANDLED_FILE, so the summary at the end of the log can show them — a CI log is often
 * read from its tail only.
 */
import { writeFileSync } from 'node:fs';

export default class UnhandledReporter {
  onTestRunEnd(_modules, unhandledErrors) {
    const file = process.env.PORTAL_UNHANDLED_FILE;
    if (!file) return;
    const lines = (unhandledErrors ?? []).map((e) => {
      const where = e?.VITEST_TEST_PATH ? ` (while ${e.VITEST_TEST_PATH} ran)` : '';
      const stack = String(e?.stack ?? '')
        .split('\n')
        .slice(1, 4)
        .map((l) => l.trim())
        .join(' | ');
      return `${e?.name ?? 'Error'}: ${String(e?.message ?? e)
        .split('\n')[0]
        .slice(0, 300)}${where}${stack ? ` — ${stack}` : ''}`;
    });
    writeFileSync(file, lines.join('\n'));
  }
}
