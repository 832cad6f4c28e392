/**
 * Runs before anything imports react-dom (first in setupFiles): a minimal stand-in for the React
 * DevTools hook, so the test setup can see when React last committed. react-dom calls
 * `onCommitFiberRoot` on every commit of every root — those made by the tests and those of antd's
 * static roots (message, notification, Modal.confirm) alike.
 *
 * Why: a commit made outside act() (an antd timer, a motion ending) has react-dom flush its passive
 * effects on a later turn of the event loop, reading `window`. When that turn comes after the file's
 * environment was torn down, vitest reports "window is not defined" as an unhandled error and fails the
 * whole component pass with every test green — seen on a loaded CI machine. setup.ts's afterAll waits
 * until React has been quiet for a while, which this hook makes observable.
 */
interface CommitWatch {
  lastCommit: number;
}

declare global {
  var __REACT_DEVTOOLS_GLOBAL_HOOK__: Record<string, unknown> | undefined;
  var __portalCommitWatch: CommitWatch | undefined;
}

if (!globalThis.__portalCommitWatch) {
  const watch: CommitWatch = { lastCommit: 0 };
  globalThis.__portalCommitWatch = watch;
  if (!globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__) {
    globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      isDisabled: false,
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onCommitFiberRoot: () => {
        watch.lastCommit = performance.now();
      },
      onPostCommitFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
    };
  }
}

/** Milliseconds since React last committed anything (Infinity before the first commit). */
export function msSinceLastCommit(): number {
  const watch = globalThis.__portalCommitWatch;
  return watch && watch.lastCommit > 0 ? performance.now() - watch.lastCommit : Infinity;
}
