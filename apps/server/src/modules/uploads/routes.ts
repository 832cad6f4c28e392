import type { FastifyInstance } from 'fastify';
import { userApi as api } from '@portal/contract';
import { localeOf } from '../../http/context.ts';
import { notFoundEnvelope } from '../../http/envelopeHooks.ts';
import { memberRoute, type Route } from '../../http/pipeline.ts';
import { presetSvg } from './presets.ts';
import type { UploadService } from './service.ts';

export function uploadRoutes(uploads: UploadService): Route[] {
  return [
    memberRoute(api.uploadImage, (i, ctx) => uploads.upload(i, ctx)),
    memberRoute(api.avatarList, async (_i, ctx) => uploads.avatarList(ctx)),
    memberRoute(api.addAvatar, (i, ctx) => uploads.addAvatar(i, ctx)),
  ];
}

/**
 * Uploaded images and preset avatars, served back with their real type. Content-addressed, so cached
 * for a year. nosniff + a CSP with no sources and `sandbox`: even a file a browser would take for a
 * document cannot run script or reach anything.
 */
const FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'cache-control': 'public, max-age=31536000, immutable',
  'content-disposition': 'inline',
};

export function registerUploadFiles(app: FastifyInstance, uploads: UploadService): void {
  app.get('/uploads/:sha256', async (req, reply) => {
    const file = await uploads.file((req.params as { sha256: string }).sha256);
    if (!file) return reply.status(404).send(notFoundEnvelope(localeOf(req)));
    return reply.headers(FILE_HEADERS).type(file.mime).send(file.data);
  });
  app.get('/avatars/:name', async (req, reply) => {
    const m = /^(p\d{2})\.svg$/.exec((req.params as { name: string }).name);
    const svg = m ? presetSvg(m[1]!) : null;
    if (!svg) return reply.status(404).send(notFoundEnvelope(localeOf(req)));
    return reply.headers(FILE_HEADERS).type('image/svg+xml').send(svg);
  });
}
