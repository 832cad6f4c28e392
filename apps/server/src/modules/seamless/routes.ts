/**
 * The seamless-wallet callbacks over HTTP: POST /seamless/api/v1/<op>, the body read raw (its bytes are
 * signed) in a scope of its own, so the member envelope's parser and error handler do not apply here: these
 * endpoints answer the protocol's own envelope (contract/seamless.ts), a crash included (INTERNAL, no stack).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LIMITS, SEAMLESS_PREFIX } from '@portal/contract';
import { render, type SeamlessAnswer, type SeamlessService } from './service.ts';

export function registerSeamlessCallbacks(app: FastifyInstance, seamless: SeamlessService): void {
  void app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LIMITS.BODY_LIMIT_BYTES }, (_req, body, done) => done(null, body));
      const send = (reply: FastifyReply, a: SeamlessAnswer) =>
        reply.status(a.http).header('content-type', 'application/json; charset=utf-8').send(a.body);
      scope.setErrorHandler((err, req, reply) => {
        // A request Fastify refused (size, media type) is the caller's error; anything else is ours, logged, never its stack.
        const status = (err as { statusCode?: number }).statusCode ?? 500;
        const client = status >= 400 && status < 500;
        if (!client) req.log.error({ err }, 'seamless callback failed');
        return send(reply, render(client ? 'INVALID_REQUEST' : 'INTERNAL', null));
      });
      scope.post('/:op', async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return send(reply, await seamless.handle((req.params as { op: string }).op, raw, req.headers));
      });
    },
    { prefix: SEAMLESS_PREFIX },
  );
}
