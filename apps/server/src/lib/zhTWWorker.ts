/**
 * OpenCC's cn → tw converter in a worker thread, called synchronously (idle RSS).
 *
 * OpenCC's dictionaries take ~40–80 MB of heap. Loaded in the server's own isolate they stay in its old
 * space (and its RSS) long after the last conversion, even once dropped: V8 keeps the pages it grew.
 * Loaded in a worker, they live in the worker's isolate, and terminating the worker (ZhTwForms does it
 * after its idle time) gives all of it back at once.
 *
 * The call stays synchronous, like an in-process conversion: the text is posted on a MessagePort, the
 * calling thread waits on a shared flag (Atomics.wait) and reads the answer off the port
 * (receiveMessageOnPort). Conversions are rare (a text is converted once, then remembered and persisted),
 * so a round trip per text costs nothing that matters.
 *
 * But a synchronous call made while the worker is still loading its dictionaries (~0.3 s quiet, seconds on a busy
 * box) holds the whole event loop that long: no connection accepted, no request answered (a
 * 0.5 s stall was measured on the first zh-TW preInfo under load). The request path therefore converts with `many`, which
 * posts a batch on a second port and awaits the answer: the loop goes on serving while the worker loads and converts.
 */
import { createRequire } from 'node:module';
import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { Convert } from './zhTW.ts';

/** A conversion taking longer than this is a broken worker (loading the dictionaries takes ~0.3 s). */
const CALL_TIMEOUT_MS = 30_000;

const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const flag = new Int32Array(workerData.flag);
let convert = null;
let loadError = null;
try {
  convert = require(workerData.module).Converter({ from: 'cn', to: 'tw' });
} catch (e) {
  loadError = String((e && e.message) || e);
}
workerData.asyncPort.on('message', ({ id, texts }) => {
  let out;
  try { out = convert ? { id, tws: texts.map((t) => convert(t)) } : { id, error: loadError }; } catch (e) { out = { id, error: String((e && e.message) || e) }; }
  workerData.asyncPort.postMessage(out);
});
workerData.port.on('message', (text) => {
  let out;
  try { out = convert ? { tw: convert(text) } : { error: loadError }; } catch (e) { out = { error: String((e && e.message) || e) }; }
  workerData.port.postMessage(out);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
`;

/** A converter whose dictionaries live in a worker thread; `close` ends the worker and frees them; `many` never blocks. */
export type ClosableConvert = Convert & { close(): void; many(texts: string[]): Promise<string[]> };

export function loadOpenCCWorker(): ClosableConvert {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const batches = new MessageChannel();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      module: createRequire(import.meta.url).resolve('opencc-js/cn2t'),
      flag: flag.buffer,
      port: port2,
      asyncPort: batches.port2,
    },
    transferList: [port2, batches.port2],
  });
  const waiting = new Map<number, { resolve(tws: string[]): void; reject(e: Error): void; timer: ReturnType<typeof setTimeout> }>();
  let nextId = 0;
  batches.port1.on('message', (m: { id: number; tws?: string[]; error?: string }) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    clearTimeout(w.timer);
    if (Array.isArray(m.tws)) w.resolve(m.tws);
    else w.reject(new Error(`zh-TW converter: ${m.error ?? 'no answer'}`));
  });
  batches.port1.unref();
  // Never keeps the process alive; an error (e.g. a missing module) surfaces as a failed call.
  worker.unref();
  let failure: string | null = null;
  worker.on('error', (e) => (failure = e.message));
  let closed = false;
  const convert = ((text: string): string => {
    if (closed) throw new Error('zh-TW converter closed');
    Atomics.store(flag, 0, 0);
    port1.postMessage(text);
    if (Atomics.wait(flag, 0, 0, CALL_TIMEOUT_MS) === 'timed-out') {
      close();
      throw new Error(`zh-TW converter: no answer${failure ? ` (${failure})` : ''}`);
    }
    const answer = receiveMessageOnPort(port1)?.message as { tw?: string; error?: string } | undefined;
    if (typeof answer?.tw !== 'string') throw new Error(`zh-TW converter: ${answer?.error ?? 'no answer'}`);
    return answer.tw;
  }) as ClosableConvert;
  function close(): void {
    if (closed) return;
    closed = true;
    port1.close();
    batches.port1.close();
    for (const w of waiting.values()) {
      clearTimeout(w.timer);
      w.reject(new Error('zh-TW converter closed'));
    }
    waiting.clear();
    void worker.terminate();
  }
  convert.many = (texts) =>
    new Promise<string[]>((resolve, reject) => {
      if (closed) return reject(new Error('zh-TW converter closed'));
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`zh-TW converter: no answer${failure ? ` (${failure})` : ''}`));
      }, CALL_TIMEOUT_MS);
      timer.unref();
      waiting.set(id, { resolve, reject, timer });
      batches.port1.postMessage({ id, texts });
    });
  convert.close = close;
  return convert;
}
