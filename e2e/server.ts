/**
 * Starts the REAL built server (apps/server/dist/main.js) for browser tests: a free port, a fresh
 * temporary DATA_DIR (so SQLite, generated secrets and the outbox start empty), NODE_ENV=test.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** E2E_SERVER_ENTRY runs the suite against another build of the server (e.g. a release candidate). */
const SERVER_ENTRY = process.env.E2E_SERVER_ENTRY ?? join(REPO_ROOT, 'apps/server/dist/main.js');
/** The operator CLI of the same build. */
const OPS_ENTRY = join(SERVER_ENTRY, '../ops.js');
/** A CLI command that has not exited by then hangs (it left a connection or a timer open). */
const OPS_TIMEOUT_MS = 60_000;

const READY_MARKER = 'listening on http://';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
/** Keep only the tail of the server's output for error messages; a chatty server must not eat memory. */
const OUTPUT_TAIL_CHARS = 8_000;

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Server output so far (tail), for diagnostics in failing tests. */
  output(): { stdout: string; stderr: string };
  /** Runs the operator CLI (`npm run ops -- …`) on this server's database and environment; answers its stdout. */
  ops(...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment for the server (merged last). */
  env?: Record<string, string>;
}

/** Ask the OS for a free port: bind port 0, read it back, release it. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('could not read the probe port'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

function appendTail(buffer: string, chunk: string): string {
  const next = buffer + chunk;
  return next.length > OUTPUT_TAIL_CHARS ? next.slice(-OUTPUT_TAIL_CHARS) : next;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} does not exist: build first with \`node scripts/build.mjs\``);
  }
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-'));

  // Inherit PATH and friends, but never a DATABASE_URL: e2e runs on its own throw-away SQLite file.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env = { ...inherited, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', ...options.env };
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = appendTail(stderr, chunk);
  });

  // A crashed test runner must not leave the server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, STOP_TIMEOUT_MS);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const describe = (why: string) =>
    `server ${why}\n--- stderr (tail) ---\n${stderr.trim() || '(empty)'}\n--- stdout (tail) ---\n${stdout.trim() || '(empty)'}`;

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(describe(`did not print "${READY_MARKER}" within ${START_TIMEOUT_MS / 1000} s`))),
        START_TIMEOUT_MS,
      );
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        clearTimeout(timer);
        // Give the pipes a moment to flush the last lines before we report them.
        setImmediate(() => reject(new Error(describe(`exited before ready (code ${code}, signal ${signal})`))));
      };
      child.once('exit', onExit);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new Error(describe(`could not be spawned: ${error.message}`)));
      });
      child.stdout?.on('data', (chunk: string) => {
        stdout = appendTail(stdout, chunk);
        if (stdout.includes(READY_MARKER)) {
          clearTimeout(timer);
          child.removeListener('exit', onExit);
          resolve();
        }
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    output: () => ({ stdout, stderr }),
    async ops(...args: string[]) {
      const { stdout: out } = await promisify(execFile)(process.execPath, [OPS_ENTRY, ...args], {
        cwd: REPO_ROOT,
        env: { ...env, OPERATOR: 'e2e-operator', LOG_LEVEL: 'silent' },
        timeout: OPS_TIMEOUT_MS,
        killSignal: 'SIGKILL',
      });
      return out;
    },
    stop,
  };
}
