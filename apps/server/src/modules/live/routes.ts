import { StatusCode, liveApi } from '@portal/contract';
import { memberRoute, route, type Route } from '../../http/pipeline.ts';
import { fail } from '../../lib/errors.ts';
import { BLOCKS_CHANGED } from '../../realtime/rooms.ts';
import type { LiveService } from './service.ts';
import { matchDetail, type MatchSource } from './matchDetail.ts';
import type { GiftService } from './gifts.ts';

/** The players' live-room calls: the list, a room's match detail, its history (guests read too), a viewer's block list, gifts. */
export function liveRoutes(live: LiveService, matches: MatchSource, gifts: GiftService): Route[] {
  const roomOf = async (siteCode: number, roomId: string) =>
    (await live.room(siteCode, roomId)) ?? fail(StatusCode.NOT_FOUND, { key: 'LIVE_ROOM_NOT_FOUND' });
  return [
    route(liveApi.hotLive, async (_i, ctx) => ({ list: await live.list(ctx.site.siteCode) })),
    route(liveApi.matchDetail, async (i, ctx) => matchDetail(live.wire(await roomOf(ctx.site.siteCode, i.roomId)), matches)),
    route(liveApi.history, async (i, ctx) => {
      await roomOf(ctx.site.siteCode, i.roomId);
      return live.history(i.roomId, ctx.member?.id ?? null, i.cursor);
    }),
    memberRoute(liveApi.block, async (i, ctx) => {
      await live.block(ctx.member.id, i.memberId, i.on);
      await live.push({ roomId: '', msgId: BLOCKS_CHANGED, msgData: null, only: ctx.member.id });
      return { ok: true };
    }),
    route(liveApi.gifts, async (_i, ctx) => ({ list: await gifts.list(ctx.site.siteCode, ctx.locale) })),
    memberRoute(liveApi.sendGift, async (i, ctx) => gifts.send(ctx, i)),
  ];
}
