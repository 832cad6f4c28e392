import type { FastifyInstance } from 'fastify';

/**
 * A full garbage collection once a node falls quiet after serving requests (idle RSS).
 *
 * Under load V8 grows its old space with short-lived garbage that is collected only when the heap next
 * fills up, so a node that served a burst and went quiet keeps tens of MB it does not use. One full
 * collection when no request arrived for a whole check interval gives those pages back; a busy node never
 * pays for it (there is always a request), and a quiet one pays it once per burst (a few tens of ms, when
 * nobody waits). Needs node's --expose-gc (scripts/serverProcess.mjs starts nodes with it); without it
 * this does nothing.
 */
export function installIdleGc(app: FastifyInstance, everyMs = 1_000, gc = (globalThis as { gc?: () => void }).gc): void {
  if (typeof gc !== 'function') return;
  let served = 0;
  let seen = 0;
  let collected = true;
  app.addHook('onResponse', (_req, _reply, done) => {
    served++;
    done();
  });
  const timer = setInterval(() => {
    if (served !== seen) {
      seen = served;
      collected = false;
    } else if (!collected) {
      collected = true;
      gc();
    }
  }, everyMs);
  timer.unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(timer);
    done();
  });
}
