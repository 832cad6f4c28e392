/**
 * The seamless-wallet callback API: a third-party game aggregator calls the
 * portal to authenticate a launch token, read a balance, debit a bet, credit a win and roll a bet back.
 * Machine-to-machine: its envelope is its own (`{ status, requestId, ... }`, below), not the member
 * envelope. Amounts are integer minor units (fen). docs/seamless-wallet.md is the integrator's guide.
 */
import { z } from 'zod';

export const SEAMLESS_PREFIX = '/seamless/api/v1';
export const SEAMLESS_OPS = ['authenticate', 'balance', 'bet', 'win', 'rollback'] as const;
export type SeamlessOp = (typeof SEAMLESS_OPS)[number];

/** Signed request headers: `X-Signature` = hex HMAC-SHA256(secret, `${X-Timestamp}.${raw body}`). */
export const SEAMLESS_HEADERS = {
  AGGREGATOR: 'x-aggregator-id',
  TIMESTAMP: 'x-timestamp',
  SIGNATURE: 'x-signature',
} as const;
/** A signed request older or newer than this (ms, against our clock) is refused. */
export const SEAMLESS_SKEW_MS = 5 * 60 * 1000;

/** Status codes of the protocol, and the HTTP status each is answered with. */
export const SEAMLESS_STATUS = {
  OK: 200,
  /** Same transaction id, same request, another request id: the first answer's data, nothing applied again. */
  DUPLICATE_TRANSACTION: 200,
  INVALID_REQUEST: 400,
  INVALID_SIGNATURE: 401,
  INVALID_TOKEN: 200,
  PLAYER_BLOCKED: 200,
  INSUFFICIENT_FUNDS: 200,
  /** The player's own loss or wager limit (player protection) leaves no room for this bet. */
  LIMIT_EXCEEDED: 200,
  /** Same transaction id with another body: nothing applied. */
  TRANSACTION_CONFLICT: 200,
  TRANSACTION_NOT_FOUND: 200,
  BET_ALREADY_ROLLED_BACK: 200,
  /** A rollback that references a win: wins are final (a correction is the aggregator's new bet). */
  ROLLBACK_NOT_ALLOWED: 200,
  ROUND_CLOSED: 200,
  INTERNAL: 500,
} as const;
export type SeamlessStatus = keyof typeof SEAMLESS_STATUS;

/** Request and transaction ids: also our idempotency keys. */
const id = z.string().regex(/^[A-Za-z0-9._:-]{8,100}$/);
const base = {
  aggregatorId: z.string().regex(/^[A-Z0-9_]{2,32}$/),
  requestId: id,
  token: z.string().min(16).max(256),
};
const player = { ...base, playerId: z.string().min(1).max(64) };
const money = { ...player, roundId: id, transactionId: id, currency: z.enum(['CNY']) };

export const seamlessRequests = {
  authenticate: z.strictObject(base),
  balance: z.strictObject(player),
  bet: z.strictObject({ ...money, amount: z.number().int().positive().max(1e12), gameCode: z.string().max(64).optional() }),
  win: z.strictObject({ ...money, amount: z.number().int().nonnegative().max(1e12), roundClosed: z.boolean().optional() }),
  rollback: z.strictObject({ ...money, referenceTransactionId: id }),
} satisfies Record<SeamlessOp, z.ZodType>;
export type SeamlessRequest<O extends SeamlessOp> = z.infer<(typeof seamlessRequests)[O]>;

/** Every answer: status, the request id echoed (null when the request could not be read), the data when known. */
export const seamlessResponse = z.object({
  status: z.enum(Object.keys(SEAMLESS_STATUS) as [SeamlessStatus, ...SeamlessStatus[]]),
  requestId: z.string().nullable(),
  playerId: z.string().optional(),
  currency: z.string().optional(),
  /** The player's spendable balance after the operation, fen. */
  balance: z.number().int().optional(),
  transactionId: z.string().optional(),
  /** `authenticate` with a one-time launch code: the launch token the code was exchanged for (once). */
  token: z.string().optional(),
});
export type SeamlessResponse = z.infer<typeof seamlessResponse>;
