import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { GIFT_LIMITS, chatHistoryPage, liveGiftWire, liveRoomWire, scorePush } from '../liveChat.ts';

const tag = 'Game';
const roomId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);

/** One line of a match's timeline from the feed (goals, cards, periods), for the animated tracker. */
export const matchTimelineEntry = z.object({
  at: z.number(),
  clock: z.string(),
  kind: z.string(),
  side: z.enum(['H', 'C', '']),
  text: z.string(),
});

export const liveApi = {
  hotLive: endpoint({
    path: '/game/api/v1/video/hotLive',
    auth: 'none',
    tag,
    summary: "The brand's open live rooms (chat with a host beside a match or standing alone), busiest first.",
    request: z.strictObject({}),
    response: z.object({ list: z.array(liveRoomWire) }),
  }),
  matchDetail: endpoint({
    path: '/game/api/v1/video/hotLive/matchDetail',
    auth: 'none',
    tag,
    summary:
      "A live room's match: its live state and score from the feed, statistics and an event timeline (the tracker), and the room's stream url when the operator set one.",
    request: z.strictObject({ roomId }),
    response: z.object({
      room: liveRoomWire,
      score: scorePush.nullable(),
      stats: z.array(z.object({ label: z.string(), h: z.number(), c: z.number() })),
      timeline: z.array(matchTimelineEntry),
    }),
  }),
  history: endpoint({
    path: '/stream/api/v1/history',
    auth: 'optional',
    tag,
    summary: "A room's chat history, 15 a page, newest page first; `cursor` (from the previous page) reads the page before.",
    request: z.strictObject({ roomId, cursor: z.number().int().positive().optional() }),
    response: chatHistoryPage,
  }),
  block: endpoint({
    path: '/stream/api/v1/block',
    auth: 'member',
    tag,
    summary: "The viewer's own block list: `on` hides that member's messages from the viewer (history and pushes), at once on every node.",
    request: z.strictObject({ memberId: z.string().min(1).max(64), on: z.boolean() }),
    response: z.object({ ok: z.boolean() }),
  }),
  gifts: endpoint({
    path: '/stream/api/v1/gifts',
    auth: 'none',
    tag,
    summary: "The brand's gift list with its prices (yuan), in the request's language.",
    request: z.strictObject({}),
    response: z.object({ list: z.array(liveGiftWire) }),
  }),
  sendGift: endpoint({
    path: '/stream/api/v1/gift',
    auth: 'member',
    idempotent: true,
    tag,
    summary:
      "Sends the room's host a gift: paid from the central wallet through the ledger (one journal to the house's gift account of the host), once per Idempotency-Key, then pushed to the room as 10017.",
    request: z.strictObject({ roomId, giftCode: z.string().min(1).max(20), count: z.number().int().min(1).max(GIFT_LIMITS.MAX_COUNT) }),
    response: z.object({ giftId: z.string(), amount: z.string(), balance: z.string() }),
  }),
};
