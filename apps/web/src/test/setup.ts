/**
 * Component-test setup: the app loads non-shell i18n namespaces lazily (app/i18n.ts); tests render
 * components directly, so every namespace is loaded before any test runs.
 */
import { loadAllNamespaces } from '../app/i18n.ts';

await loadAllNamespaces();

// The app loads dayjs and its locales on demand (Providers → app/dayjsLocale.ts). A test that ends
// while that import is still in flight made vitest report "Cannot load … after the environment was
// torn down" — an unhandled error that failed the whole component pass without naming a test. Loaded
// here once, the app's dynamic import resolves from the module cache at once.
await import('../app/dayjsLocale.ts');

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine antd's animations and
// lazy chunks can take longer, which made waits flaky without testing anything more.
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { msSinceLastCommit } from './reactCommits.ts';
configure({ asyncUtilTimeout: 5_000 });

// Testing Library unmounts after each test only where the test runner's globals exist (not here): without
// this a file's trees stayed mounted. And a commit made outside act() (an antd timer updating state) has
// React flush its effects on a later turn of the event loop: at the end of a file that turn must come
// before the environment is torn down, or react-dom reads `window` after it is gone ("window is not
// defined", an unhandled error that failed the whole pass with every test green).
// antd's static message (ui/dialogs/notify.ts without a DialogRoot) renders into a root of its own that
// cleanup() does not know: its toasts close by timer seconds later — after the file ended — and a closing
// toast animated with a frame loop that happy-dom never ends, committing for ~3 s after the last test (the
// CI failure of 2026-11-25: "window is not defined" from activity.test.tsx). Without motion a closed toast
// is simply removed; the static roots are closed at the end of a file and the file waits for React to be
// quiet (reactCommits.ts observes commits).
const { default: ConfigProvider } = await import('antd/es/config-provider');
ConfigProvider.config({ theme: { token: { motion: false } } });

afterEach(() => cleanup());
afterAll(async () => {
  cleanup();
  const [{ default: message }, { default: notification }, { default: Modal }, { default: NProgress }] = await Promise.all([
    import('antd/es/message'),
    import('antd/es/notification'),
    import('antd/es/modal'),
    import('nprogress'),
  ]);
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
  // The shell's route progress bar (nprogress) trickles and fades out on timers of its own, touching the
  // document — "document is not defined" from Shell.test.tsx once, on a loaded machine. Finished here;
  // reactSettled() waits for its bar to be removed.
  if (NProgress.isStarted()) NProgress.done(true);
  await reactSettled();
});

/**
 * Resolves once React has committed nothing for QUIET_MS and antd's overlays and the progress bar have left
 * the page (each leaves on a timer), at most after SETTLE_LIMIT_MS. Each round waits on a
 * timer, so the turns on which react-dom's scheduler flushes what a commit left to do (setImmediate) pass.
 */
async function reactSettled(): Promise<void> {
  const QUIET_MS = 250;
  const SETTLE_LIMIT_MS = 10_000;
  const start = performance.now();
  while (performance.now() - start < SETTLE_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const overlays = document.querySelector('.ant-message-notice, .ant-notification-notice, .ant-modal-wrap, #nprogress');
    if (!overlays && msSinceLastCommit() >= QUIET_MS) return;
  }
}

// Component tests never reach a server: the realtime client (the header keeps a socket for member
// pushes) gets a socket that never connects — no network, no reconnect timers. Its own tests inject
// their fake socket.
class OfflineSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}
globalThis.WebSocket = OfflineSocket as unknown as typeof WebSocket;

// Nor does a request a test did not mock: without this, happy-dom's fetch went to http://localhost:3000 and
// printed connection errors between files. Unmocked calls answer like the server's not-found (mockApi's default).
globalThis.fetch = (async () =>
  new Response(JSON.stringify({ status_code: 6004, data: null, message: '数据未找到' }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  })) as typeof fetch;
