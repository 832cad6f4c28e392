#!/usr/bin/env node
// Builds what is missing (or everything with --force): the server bundle (esbuild), the web app and the operator
// console (vite); --server-only leaves the web app and the console alone (the server suites' inner loop).
import { build } from 'esbuild';
import { execSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const force = process.argv.includes('--force');
const root = new URL('..', import.meta.url).pathname;

function newestMtime(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const stale = (out, ...srcDirs) => force || !existsSync(out) || srcDirs.some((d) => newestMtime(join(root, d)) > statSync(out).mtimeMs);

const serverOut = join(root, 'apps/server/dist/main.js');
if (stale(serverOut, 'apps/server/src', 'packages')) {
  // Workspace packages (TypeScript sources) are bundled in; npm dependencies stay external.
  await build({
    entryPoints: {
      main: join(root, 'apps/server/src/main.ts'),
      ops: join(root, 'apps/server/src/ops.ts'),
      checkpointer: join(root, 'apps/server/src/db/checkpointer.ts'),
    },
    outdir: join(root, 'apps/server/dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'externals',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@portal/') ? undefined : { path: a.path, external: true }));
        },
      },
    ],
  });
  execSync(`"${process.execPath}" apps/server/dist/ops.js common-index apps/server/dist/common-passwords.bin`, {
    cwd: root,
    stdio: 'inherit',
  });
  console.log('built apps/server/dist');
}

const webOut = join(root, 'apps/web/dist/index.html');
if (!process.argv.includes('--server-only') && stale(webOut, 'apps/web/src', 'packages')) {
  execSync('npx vite build --logLevel warn', { cwd: join(root, 'apps/web'), stdio: 'inherit' });
  console.log('built apps/web/dist');
}

// The operator console (apps/console): its own bundle, served by the server at /console.
const consoleOut = join(root, 'apps/console/dist/index.html');
if (!process.argv.includes('--server-only') && stale(consoleOut, 'apps/console/src', 'packages')) {
  execSync('npx vite build --logLevel warn', { cwd: join(root, 'apps/console'), stdio: 'inherit' });
  console.log('built apps/console/dist');
}
