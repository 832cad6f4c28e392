// How a portal node is launched: shared by `npm start`, the benchmarks and the browser tests, so
// what they measure and drive is what runs in production.
import { fileURLToPath } from 'node:url';

export const SERVER_ENTRY = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));

/** Node flags and environment of a node process. */
export function serverLaunch(env = process.env) {
  // PORTAL_NODE_FLAGS: extra node flags for a node (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile).
  const extra = (env.PORTAL_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  return {
    // Idle memory (bench:api): V8's young generation grows to 2 × 16 MB semi-spaces on a
    // 64-bit node and stays there; 4 MB ones measured ~15–20 MB less RSS for no visible cost to
    // member/info (request garbage dies young either way). --expose-gc lets http/idleGc.ts collect once
    // when the node falls quiet after a burst.
    args: ['--max-semi-space-size=4', '--expose-gc', ...extra, '--enable-source-maps', SERVER_ENTRY],
    env: {
      // argon2id takes 19 MiB per hash on libuv's threads; glibc's dynamic mmap threshold would keep
      // those blocks in the heap after the first free. A fixed threshold returns them to the OS.
      MALLOC_MMAP_THRESHOLD_: '1048576',
      ...env,
    },
  };
}
