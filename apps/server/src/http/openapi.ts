import { z } from 'zod';
import { ALL_ENDPOINTS, ALL_STATUS_CODES, HEADERS, MESSAGES_ZH_CN } from '@portal/contract';
import { seamlessPaths } from './openapiSeamless.ts';

/** OpenAPI 3.1 document generated from the wire contract (served at /docs, JSON at /docs/json). */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const headerParams = [
    { name: HEADERS.CLIENT, in: 'header', required: false, schema: { type: 'string', enum: ['web', 'h5', 'ios', 'android'] } },
    { name: HEADERS.UUID, in: 'header', required: true, schema: { type: 'string' }, description: 'device id' },
    {
      name: HEADERS.TS_TOKEN,
      in: 'header',
      required: true,
      schema: { type: 'string' },
      description: 'sealed `${epochMs}|${ip}` under the site client key',
    },
    { name: HEADERS.SITE_ID, in: 'header', required: false, schema: { type: 'string', default: '7000' } },
    { name: HEADERS.LANG, in: 'header', required: false, schema: { type: 'string', enum: ['zh-CN', 'zh-TW'] } },
    { name: HEADERS.REQUEST_ID, in: 'header', required: false, schema: { type: 'string' } },
  ];
  for (const ep of ALL_ENDPOINTS) {
    const envelope = z.object({ status_code: z.number().int(), data: ep.response, message: z.string() });
    paths[ep.path] = {
      [ep.method.toLowerCase()]: {
        tags: [ep.tag],
        summary: ep.summary,
        security: ep.auth === 'member' ? [{ token: [] }] : [],
        parameters: ep.noTsToken ? headerParams.filter((h) => h.name !== HEADERS.TS_TOKEN && h.name !== HEADERS.UUID) : headerParams,
        requestBody: {
          required: false,
          content: { 'application/json': { schema: z.toJSONSchema(ep.request, { io: 'input', unrepresentable: 'any' }) } },
        },
        responses: {
          200: {
            description: 'envelope; status_code 6000 on success',
            content: { 'application/json': { schema: z.toJSONSchema(envelope, { io: 'output', unrepresentable: 'any' }) } },
          },
        },
      },
    };
  }
  // The aggregators' callbacks: a section of their own (their envelope is the protocol's, docs/seamless-wallet.md).
  const seamless = seamlessPaths();
  Object.assign(paths, seamless.paths);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portal member API',
      version: '1.0.0',
      description: `Every call answers {status_code, data, message}. Status codes:\n\n${ALL_STATUS_CODES.map((c) => `- ${c} ${MESSAGES_ZH_CN[c]}`).join('\n')}`,
    },
    tags: [seamless.tag],
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: HEADERS.TOKEN } } },
    paths,
  };
}
