/**
 * Tab starts for bench:api: many browser tabs opening at once, each on fresh
 * connections — preInfo and member/info side by side, as the web app sends them with a kept preInfo
 * (apps/web/src/api/site.ts) — while the member/info load of bench/api.mjs keeps its connections busy.
 *
 * A tab's time is from its first connect to its last answer. A connection the kernel refused
 * (ECONNREFUSED), reset (ECONNRESET / EPIPE) or that stayed unanswered for TAB_TIMEOUT_MS is counted by
 * kind, never retried: the figure is what the first attempt of a real tab would see. Talks to the
 * loopback server only; every socket is closed by the time the phase resolves.
 *
 * The tabs run in a process of their own (`tabStartsInChild`), as browser tabs do: in the bench's process their
 * answers would wait behind the load generator's own event loop and be timed late.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/** A tab start slower than this is a failure (the web app's own timeout is 30 s, spec §9). */
export const TAB_TIMEOUT_MS = 30_000;
export const PRE_INFO_PATH = '/site/api/v1/configuration/preInfo';
export const MEMBER_INFO_PATH = '/site/api/v1/user/member/info';

/** One POST on a connection of its own (no agent: a fresh connect, closed after the answer). */
function freshPost(base, path, headers) {
  const url = new URL(base);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        agent: false,
        headers: { ...headers, connection: 'close' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => {
          let code = null;
          try {
            code = JSON.parse(body).status_code;
          } catch {
            /* not the envelope */
          }
          // The envelope's 6000, or the bare route's {"ok":true} (the comparison run).
          const ok = res.statusCode === 200 && (code === 6000 || body === '{"ok":true}');
          resolve({ ok, code: code ?? `http ${res.statusCode}`, ms: performance.now() - started });
        });
        res.on('error', (e) => resolve({ ok: false, code: e.code ?? e.message, ms: performance.now() - started }));
      },
    );
    req.setTimeout(TAB_TIMEOUT_MS, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (e) => resolve({ ok: false, code: e.code ?? e.message, ms: performance.now() - started }));
    req.end('{}');
  });
}

const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN);

/** Each tab's headers, made before the phase (timestamp tokens cost a little each): `headersOf(i)` → { preInfo, memberInfo }. */
export async function prepareTabs(tabs, headersOf) {
  const prepared = [];
  for (let i = 0; i < tabs; i++) prepared.push(await headersOf(i));
  return prepared;
}

/** The kernel's listen-queue overflows and drops since boot (box-wide: every listener on this machine). */
export function listenOverflows() {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('TcpExt:'));
    const keys = lines[0].split(/\s+/);
    const values = lines[1].split(/\s+/);
    return Number(values[keys.indexOf('ListenOverflows')]) + Number(values[keys.indexOf('ListenDrops')]);
  } catch {
    return NaN;
  }
}

/**
 * The prepared tabs' starts, all at once (each tab: its own loopback address, timestamp token, member token).
 * Answers p50 / p99 / max (ms) and failures by kind.
 */
export async function tabStarts(base, prepared, paths = [PRE_INFO_PATH, MEMBER_INFO_PATH]) {
  const tabs = prepared.length;
  const started = performance.now();
  const results = await Promise.all(
    prepared.map(async ({ preInfo, memberInfo }) => {
      const t0 = performance.now();
      const answers = await Promise.all([freshPost(base, paths[0], preInfo), freshPost(base, paths[1], memberInfo)]);
      return { ms: performance.now() - t0, answers };
    }),
  );
  const wallMs = performance.now() - started;
  const failures = {};
  let refused = 0;
  let reset = 0;
  let timedOut = 0;
  const okMs = [];
  const firstAnswerMs = [];
  for (const r of results) {
    for (const a of r.answers) {
      if (a.ok) firstAnswerMs.push(a.ms);
      else {
        failures[a.code] = (failures[a.code] ?? 0) + 1;
        if (a.code === 'ECONNREFUSED') refused++;
        else if (a.code === 'ECONNRESET' || a.code === 'EPIPE') reset++;
        else if (a.code === 'TIMEOUT') timedOut++;
      }
    }
    if (r.answers.every((a) => a.ok)) okMs.push(r.ms);
  }
  okMs.sort((a, b) => a - b);
  const allMs = [...okMs, ...Array(tabs - okMs.length).fill(Infinity)];
  firstAnswerMs.sort((a, b) => a - b);
  return {
    tabs,
    ok: okMs.length,
    // Over every tab, a failed one counting as slower than any answered one (Infinity when more than 1% failed).
    p50: quantile(allMs, 0.5),
    p99: quantile(allMs, 0.99),
    max: okMs.at(-1) ?? NaN,
    callP50: quantile(firstAnswerMs, 0.5),
    refused,
    reset,
    timedOut,
    failures,
    wallMs,
  };
}

/** `tabStarts` in a child process (the prepared headers on its stdin, the figures on its stdout). */
export function tabStartsInChild(base, prepared, paths) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`tab starts: child exited ${code}`));
      const r = JSON.parse(out);
      // JSON has no Infinity: a p50 / p99 past the failures came back as null.
      for (const k of ['p50', 'p99', 'max']) if (r[k] === null) r[k] = Infinity;
      resolve(r);
    });
    child.stdin.end(JSON.stringify({ base, prepared, paths }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let input = '';
  process.stdin.setEncoding('utf8');
  for await (const c of process.stdin) input += c;
  const { base, prepared, paths } = JSON.parse(input);
  process.stdout.write(JSON.stringify(await tabStarts(base, prepared, paths)));
}
