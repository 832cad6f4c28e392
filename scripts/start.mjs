#!/usr/bin/env node
// npm start: build what is missing, then run the server (it migrates and seeds on start).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverLaunch } from './serverProcess.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
await import('./build.mjs');
const { args, env } = serverLaunch();
const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
