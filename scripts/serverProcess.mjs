// How a portal node is launched: shared by `npm start`, the benchmarks and the browser tests, so
// what they measure and drive is what runs in production.
import { fileURLToPath } from 'node:url';

export const SERVER_ENTRY = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));

/** Node flags and environment of a node process. */
export function serverLaunch(env = process.env) {
  // PORTAL_NODE_FLAGS: extra node flags for a node (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile).
  const extra = (env.PORTAL_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  return {
    args: [...extra, '--enable-source-maps', SERVER_ENTRY],
    env: {
      // argon2id takes 19 MiB per hash on libuv's threads; glibc's dynamic mmap threshold would keep
      // those blocks in the heap after the first free. A fixed threshold returns them to the OS.
      MALLOC_MMAP_THRESHOLD_: '1048576',
      ...env,
    },
  };
}
