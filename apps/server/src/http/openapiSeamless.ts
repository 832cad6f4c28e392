import { z } from 'zod';
import { SEAMLESS_HEADERS, SEAMLESS_OPS, SEAMLESS_PREFIX, SEAMLESS_STATUS, seamlessRequests, seamlessResponse } from '@portal/contract';

const SUMMARY: Record<(typeof SEAMLESS_OPS)[number], string> = {
  authenticate: 'Exchange a launch token for the player, currency and balance (a live token only).',
  balance: "The player's spendable balance (fen).",
  bet: 'Debit a stake, once per transactionId (live token, active player, enough funds).',
  win: 'Credit a win (0 allowed), once per transactionId; roundClosed settles the round. Never blocked by token expiry or player status.',
  rollback:
    'Refund bet referenceTransactionId; before the bet arrives it is recorded and the late bet refused. Wins are never rolled back.',
};

const DESCRIPTION = `Machine-to-machine API called by game aggregators (docs/seamless-wallet.md). Its own envelope, not the member envelope:
every answer is \`{status, requestId, playerId?, currency?, balance?, transactionId?}\`, amounts in integer fen. Signed: header
\`${SEAMLESS_HEADERS.SIGNATURE}\` = hex HMAC-SHA256(secret, \`<${SEAMLESS_HEADERS.TIMESTAMP}>.<raw body>\`), timestamp in epoch ms within 5 minutes.
A repeated requestId answers the stored bytes; a transactionId applies once. Statuses (HTTP status):\n\n${Object.entries(SEAMLESS_STATUS)
  .map(([s, http]) => `- ${s} (${http})`)
  .join('\n')}`;

/** The seamless-wallet callbacks in the OpenAPI document (tag "Seamless wallet"), from the contract's schemas. */
export function seamlessPaths(): { paths: Record<string, unknown>; tag: { name: string; description: string } } {
  const headers = Object.values(SEAMLESS_HEADERS).map((name) => ({ name, in: 'header', required: true, schema: { type: 'string' } }));
  const paths: Record<string, unknown> = {};
  for (const op of SEAMLESS_OPS) {
    paths[`${SEAMLESS_PREFIX}/${op}`] = {
      post: {
        tags: ['Seamless wallet'],
        summary: SUMMARY[op],
        security: [],
        parameters: headers,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: z.toJSONSchema(seamlessRequests[op], { io: 'input', unrepresentable: 'any' }) } },
        },
        responses: {
          default: {
            description: 'the protocol envelope; status OK on success',
            content: { 'application/json': { schema: z.toJSONSchema(seamlessResponse, { io: 'output', unrepresentable: 'any' }) } },
          },
        },
      },
    };
  }
  return { paths, tag: { name: 'Seamless wallet', description: DESCRIPTION } };
}
