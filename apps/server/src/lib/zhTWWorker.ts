/**
 * OpenCC's cn → tw converter in a worker thread, called synchronously (issue 13 item 10, idle RSS).
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
workerData.port.on('message', (text) => {
  let out;
  try { out = convert ? { tw: convert(text) } : { error: loadError }; } catch (e) { out = { error: String((e && e.message) || e) }; }
  workerData.port.postMessage(out);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
`;

/** A converter whose dictionaries live in a worker thread; `close` ends the worker and frees them. */
export type ClosableConvert = Convert & { close(): void };

export function loadOpenCCWorker(): ClosableConvert {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { module: createRequire(import.meta.url).resolve('opencc-js/cn2t'), flag: flag.buffer, port: port2 },
    transferList: [port2],
  });
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
    void worker.terminate();
  }
  convert.close = close;
  return convert;
}
