import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { LIMITS } from '../limits.ts';
import { GAME_CATEGORIES, type GameCategory } from './casino.ts';
import { ok } from './common.ts';

const tag = 'Wallet';

/** Money on the wire: a decimal string with at most 2 decimals (spec §3 "amount (string)", §9 amount rules). */
export const moneyString = z
  .string()
  .max(LIMITS.AMOUNT_MAX_LENGTH)
  .regex(/^\d+(\.\d{1,2})?$/);
/** Balances answered as strings with exactly 2 decimals ('12.30'). */
const balance = z.string();
const flag01 = z.union([z.literal(0), z.literal(1), z.enum(['0', '1'])]).transform(Number);
const channelCode = z
  .string()
  .min(2)
  .max(32)
  .regex(/^[A-Za-z0-9_]+$/);

export const venueBalance = z.object({
  channelCode: z.string(),
  name: z.string(),
  category: z.string(),
  balance,
  status: z.enum(['active', 'maintenance']),
});

export const transferResult = z.object({
  transferId: z.string(),
  /** completed; pending while the venue has not confirmed (the reconciler finishes or reverses it). */
  status: z.enum(['completed', 'pending']),
  centerWalletBalance: balance,
  venueBalance: balance,
});

const transferRequest = z.strictObject({
  channelCode,
  amount: moneyString,
  /** 1: central wallet → venue (转入); 2: venue → central wallet (转出). */
  ty: z.union([z.literal(1), z.literal(2), z.enum(['1', '2'])]).transform(Number),
  isActivity: flag01.optional(),
});

/** venue/allBalance `category`: 8 every venue (spec §3); 1–7 one game section; the section code itself is taken too. */
export const ALL_BALANCE_EVERY = 8;
export const ALL_BALANCE_CATEGORY: Readonly<Record<number, GameCategory>> = {
  1: 'TY',
  2: 'ZR',
  3: 'QP',
  4: 'DZ',
  5: 'BY',
  6: 'CP',
  7: 'DJ',
};

export const walletApi = {
  getBalance: endpoint({
    path: '/fd/api/v1/transfer/getBalance',
    auth: 'member',
    tag,
    summary: 'Central wallet balance; with withLockMoney 1 also the locked (pending) amount; debtMoney while the member owes the house.',
    request: z.strictObject({ withLockMoney: flag01.optional() }),
    response: z.object({
      centerWalletBalance: balance,
      lockMoney: balance,
      currency: z.string(),
      /** Present only while the member owes the house (a restored payout already spent): no withdrawal or transfer out until a deposit repays it. */
      debtMoney: balance.optional(),
    }),
  }),
  utcTransfer: endpoint({
    path: '/fd/api/v1/transfer/utcTransfer',
    auth: 'member',
    tag,
    idempotent: true,
    summary: 'Transfer between the central wallet and a venue wallet (needs an Idempotency-Key header).',
    request: transferRequest,
    response: transferResult,
  }),
  getTransferRate: endpoint({
    path: '/fd/api/v1/transfer/getTransferRate',
    auth: 'member',
    tag,
    summary: 'Conversion rate between the central wallet currency and the venue currency.',
    request: z.strictObject({ channelCode: channelCode.optional() }),
    response: z.object({ rate: z.string(), from: z.string(), to: z.string() }),
  }),
  allBalance: endpoint({
    path: '/game/api/v1/venue/allBalance',
    auth: 'member',
    tag,
    summary:
      "The member's venue wallets of a category: 8 (or none) every venue; 1 TY, 2 ZR, 3 QP, 4 DZ, 5 BY, 6 CP, 7 DJ (or the code itself) the venues of that section; another number 6007. totalMoney is central + the venues listed, 2 decimals.",
    request: z.strictObject({
      category: z.union([z.number().int().min(0).max(99), z.string().regex(/^\d{1,2}$/), z.enum(GAME_CATEGORIES)]).optional(),
    }),
    response: z.object({
      totalMoney: balance,
      centerWalletBalance: balance,
      list: z.array(venueBalance),
      /** The member's auto-transfer switch (status/setAutoTransferStatus), so the wallet page shows its state. */
      autoTransfer: z.boolean(),
    }),
  }),
  venueBalance: endpoint({
    path: '/game/api/v1/venue/balance',
    auth: 'member',
    tag,
    summary: 'One venue wallet, read from the venue.',
    request: z.strictObject({ channelCode }),
    response: venueBalance,
  }),
  venueTransfer: endpoint({
    path: '/game/api/v1/venue/transfer',
    auth: 'member',
    tag,
    idempotent: true,
    summary: 'Same as transfer/utcTransfer (the venue-area path).',
    request: transferRequest,
    response: transferResult,
  }),
  recycle: endpoint({
    path: '/game/api/v1/venue/recycle',
    auth: 'member',
    tag,
    idempotent: true,
    summary: 'Sweep every venue wallet back to the central wallet (needs an Idempotency-Key header).',
    request: z.strictObject({}),
    response: z.object({ recovered: balance, centerWalletBalance: balance, failed: z.array(z.string()) }),
  }),
  setAutoTransferStatus: endpoint({
    path: '/game/api/v1/status/setAutoTransferStatus',
    auth: 'member',
    tag,
    summary: 'Auto-transfer: move the central balance into a venue when launching it (1 on, 0 off).',
    request: z.strictObject({ status: flag01 }),
    response: ok,
  }),
};

/** Record types of transactions/queryDealRecord, by the journal kinds they cover. */
export const DEAL_TYPES = {
  1: { name: '存款', kinds: ['deposit'] },
  2: { name: '取款', kinds: ['hold.withdraw', 'withdraw.rejected', 'withdraw.paid'] },
  3: { name: '转账', kinds: ['transfer.in', 'transfer.out', 'transfer.in.reversed'] },
  4: { name: '优惠', kinds: ['bonus'] },
  5: { name: '调整', kinds: ['correction', 'deposit.reversal'] },
} as const;
export type DealType = keyof typeof DEAL_TYPES;

export const recordsApi = {
  queryDealRecord: endpoint({
    path: '/fd/api/v1/transactions/queryDealRecord',
    auth: 'member',
    tag: 'Wallet',
    summary: "The member's central-wallet movements: type, amount, balance after, status, time; filters and pages.",
    request: z.strictObject({
      pageNum: z.number().int().min(1).max(10_000).optional(),
      pageSize: z.number().int().min(1).max(100).optional(),
      type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]).optional(),
      /** Epoch milliseconds, inclusive. */
      beginTime: z.number().int().min(0).optional(),
      endTime: z.number().int().min(0).optional(),
    }),
    response: z.object({
      total: z.number(),
      list: z.array(
        z.object({
          id: z.string(),
          type: z.number(),
          typeName: z.string(),
          kind: z.string(),
          amount: z.string(),
          balanceAfter: z.string(),
          status: z.string(),
          time: z.string(),
          /** Where the money went or came from: the venue and the game by name ('' for none). */
          where: z.string(),
          /** A reference the player can quote (order, transfer or bet number; a game's round number); '' for none. */
          ref: z.string(),
        }),
      ),
    }),
  }),
};
