#!/usr/bin/env node
// npm start: build what is missing, then run the server (it migrates and seeds on start).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
await import('./build.mjs');
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
