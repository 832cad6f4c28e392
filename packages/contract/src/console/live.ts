/**
 * The console's live rooms (issue 34): rooms (create, edit host/title/stream/match/VIP gate/status, destroy), the
 * room's chat with its moderation (delete, clear, timed mute, shadow-ban), the brand's word filter, the host's score
 * prediction, gift prices and gift income. Rooms and moderation are content work (content.read / content.write);
 * gift income is a report (reports.read). Every write is audited twice: the console call, and the service's `live.*` row.
 */
import { z } from 'zod';
import { ROOM_STATUSES } from '../liveChat.ts';
import { pageFields, pageOf, siteCode } from './common.ts';
import { consoleEndpoint } from './endpoint.ts';

const tag = 'Console live rooms';
const roomId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);

export const consoleLiveRoom = z.object({
  roomId: z.string(),
  siteCode: z.number(),
  title: z.string(),
  hostName: z.string(),
  hostStaff: z.string(),
  status: z.enum(ROOM_STATUSES),
  minVip: z.number(),
  matchId: z.string().nullable(),
  streamUrl: z.string().nullable(),
  online: z.number(),
  createdAt: z.number(),
  destroyed: z.boolean(),
  /** Gifts sent in the room (fen). */
  giftFen: z.number(),
});
export type ConsoleLiveRoom = z.infer<typeof consoleLiveRoom>;

export const consoleChatLine = z.object({
  id: z.number(),
  memberId: z.string(),
  name: z.string(),
  vip: z.number(),
  kind: z.string(),
  text: z.string(),
  createdAt: z.number(),
  deletedBy: z.string().nullable(),
  shadow: z.boolean(),
});
export type ConsoleChatLine = z.infer<typeof consoleChatLine>;

const roomFields = {
  title: z.string().trim().min(1).max(60),
  hostName: z.string().trim().min(1).max(30),
  hostStaff: z.string().trim().min(1).max(64),
  matchId: z.string().trim().max(64).nullable(),
  minVip: z.number().int().min(0).max(20),
  streamUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^https:\/\/\S+$/, '请填写https开头的地址')
    .nullable(),
};

export const consoleLiveApi = {
  rooms: consoleEndpoint({
    path: 'live/rooms',
    permission: 'content.read',
    tag,
    summary: "Live rooms of the staff member's brands (destroyed ones too, newest first) with their gift income.",
    request: z.strictObject({ ...pageFields, siteCode: siteCode.optional() }),
    response: pageOf(consoleLiveRoom),
  }),
  create: consoleEndpoint({
    path: 'live/room/create',
    permission: 'content.write',
    tag,
    summary: 'Open a room: title, host (a staff account and a shown name), optional match id, VIP grade to speak, optional HLS url.',
    request: z.strictObject({ siteCode, ...roomFields }),
    response: z.object({ roomId: z.string() }),
  }),
  update: consoleEndpoint({
    path: 'live/room/update',
    permission: 'content.write',
    tag,
    summary: 'Change a room: title, host name, stream url (10009), VIP grade (10007), status (10006).',
    request: z.strictObject({
      roomId,
      title: roomFields.title.optional(),
      hostName: roomFields.hostName.optional(),
      streamUrl: roomFields.streamUrl.optional(),
      minVip: roomFields.minVip.optional(),
      status: z.enum(ROOM_STATUSES).optional(),
    }),
    response: z.null(),
  }),
  destroy: consoleEndpoint({
    path: 'live/room/destroy',
    permission: 'content.write',
    tag,
    summary: 'Destroy a room (10013 to everyone in it).',
    request: z.strictObject({ roomId }),
    response: z.null(),
  }),
  messages: consoleEndpoint({
    path: 'live/messages',
    permission: 'content.read',
    tag,
    summary: "A room's chat for moderators, newest first: deleted and shadow messages shown as such.",
    request: z.strictObject({ ...pageFields, roomId }),
    response: pageOf(consoleChatLine),
  }),
  moderate: consoleEndpoint({
    path: 'live/moderate',
    permission: 'content.write',
    tag,
    summary:
      "Moderation: delete a message, clear the room's chat, mute a member (minutes; 0 lifts it; roomId '' = every room), shadow-ban or lift it.",
    request: z.strictObject({
      roomId,
      action: z.enum(['delete', 'clear', 'mute', 'shadow', 'unshadow']),
      messageId: z.number().int().positive().optional(),
      memberId: z.string().min(1).max(64).optional(),
      minutes: z
        .number()
        .int()
        .min(0)
        .max(60 * 24 * 30)
        .optional(),
      everyRoom: z.boolean().optional(),
    }),
    response: z.null(),
  }),
  words: consoleEndpoint({
    path: 'live/words',
    permission: 'content.read',
    tag,
    summary: "The brand's chat word filter.",
    request: z.strictObject({ siteCode }),
    response: z.object({ words: z.array(z.string()) }),
  }),
  setWords: consoleEndpoint({
    path: 'live/words/set',
    permission: 'content.write',
    tag,
    summary: "Replace the brand's chat word filter (at most 500 words).",
    request: z.strictObject({ siteCode, words: z.array(z.string().trim().max(30)).max(500) }),
    response: z.null(),
  }),
  predict: consoleEndpoint({
    path: 'live/predict',
    permission: 'content.write',
    tag,
    summary: "The host's score prediction pushed to the room (10018).",
    request: z.strictObject({
      roomId,
      scoreH: z.number().int().min(0).max(99),
      scoreC: z.number().int().min(0).max(99),
      note: z.string().max(60),
    }),
    response: z.null(),
  }),
  giftPrices: consoleEndpoint({
    path: 'live/gift/prices',
    permission: 'content.read',
    tag,
    summary: "The brand's gift list: each catalogue gift with the brand's price (fen) and whether it is on the list.",
    request: z.strictObject({ siteCode }),
    response: z.object({ list: z.array(z.object({ code: z.string(), name: z.string(), priceFen: z.number(), enabled: z.boolean() })) }),
  }),
  setGiftPrice: consoleEndpoint({
    path: 'live/gift/price',
    permission: 'content.write',
    tag,
    summary: "Set a gift's price on a brand (fen) or take it off the list.",
    request: z.strictObject({
      siteCode,
      giftCode: z.string().min(1).max(20),
      priceFen: z.number().int().min(1).max(100_000),
      enabled: z.boolean(),
    }),
    response: z.null(),
  }),
  giftIncome: consoleEndpoint({
    path: 'live/gift/income',
    permission: 'reports.read',
    tag,
    summary: "Gift income of the staff member's brands by business day, room and host: gifts, senders and the amount (fen).",
    request: z.strictObject({ siteCode: siteCode.optional(), from: z.number().int(), to: z.number().int() }),
    response: z.object({
      list: z.array(
        z.object({
          day: z.string(),
          siteCode: z.number(),
          roomId: z.string(),
          title: z.string(),
          hostStaff: z.string(),
          gifts: z.number(),
          senders: z.number(),
          amountFen: z.number(),
        }),
      ),
      totalFen: z.number(),
    }),
  }),
};
