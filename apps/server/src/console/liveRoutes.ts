/** The live rooms desk (issue 34): rooms, moderation, word filter, predictions, gift prices and income. */
import { LIVE_GIFTS, StatusCode } from '@portal/contract';
import { consoleLiveApi as api } from '@portal/contract/console';
import { fail } from '../lib/errors.ts';
import { deskMessages, deskRooms, giftIncome } from '../modules/live/desk.ts';
import type { Actor, RoomRow } from '../modules/live/service.ts';
import type { Services } from '../services.ts';
import { refuse, sitesFor } from './operations/common.ts';
import { consoleRoute, type ConsoleContext, type ConsoleRoute } from './pipeline.ts';

export function liveRoutes(s: Services): ConsoleRoute[] {
  const db = s.handle.db;
  const live = s.live;
  const actor = (ctx: ConsoleContext): Actor => ({ staff: ctx.staff.username });
  /** A room of the staff member's brands (destroyed: 6004 for writes). */
  const roomOf = async (ctx: ConsoleContext, roomId: string): Promise<RoomRow> => {
    const r = await db.selectFrom('live_rooms').selectAll().where('id', '=', roomId).executeTakeFirst();
    if (!r || !ctx.canSee(r.site_code) || r.destroyed_at !== null) fail(StatusCode.NOT_FOUND);
    ctx.audit = { target: roomId, siteCode: r.site_code };
    return r;
  };
  return [
    consoleRoute(api.rooms, async (i, ctx) => {
      const { rows, total } = await deskRooms(db, sitesFor(ctx, i.siteCode), i.pageSize, (i.page - 1) * i.pageSize);
      const list = rows.map((r) => ({
        ...live.wire(r),
        siteCode: r.site_code,
        hostStaff: r.host_staff,
        createdAt: Number(r.created_at),
        destroyed: r.destroyed_at !== null,
        giftFen: Number(r.gift_fen),
      }));
      return { list, total };
    }),
    consoleRoute(api.create, async (i, ctx) => {
      const r = await live.createRoom(actor(ctx), i.siteCode, i);
      ctx.audit = { target: r.id, siteCode: i.siteCode, after: i };
      return { roomId: r.id };
    }),
    consoleRoute(api.update, async (i, ctx) => {
      let r = await roomOf(ctx, i.roomId);
      const before = { title: r.title, hostName: r.host_name, streamUrl: r.stream_url, minVip: r.min_vip, status: r.status };
      if (i.title !== undefined || i.hostName !== undefined || i.streamUrl !== undefined) await live.update(actor(ctx), r, i);
      r = (await roomOf(ctx, i.roomId))!;
      if (i.minVip !== undefined && i.minVip !== Number(r.min_vip)) await live.setMinVip(actor(ctx), r, i.minVip);
      if (i.status !== undefined && i.status !== r.status) await live.setStatus(actor(ctx), r, i.status);
      ctx.audit = { ...ctx.audit, before, after: i };
      return null;
    }),
    consoleRoute(api.destroy, async (i, ctx) => {
      await live.destroy(actor(ctx), await roomOf(ctx, i.roomId));
      return null;
    }),
    consoleRoute(api.messages, async (i, ctx) => {
      await roomOf(ctx, i.roomId);
      return deskMessages(db, i.roomId, i.pageSize, (i.page - 1) * i.pageSize);
    }),
    consoleRoute(api.moderate, async (i, ctx) => {
      const r = await roomOf(ctx, i.roomId);
      const a = actor(ctx);
      const member = () => i.memberId ?? refuse('请指定会员', StatusCode.INVALID_PARAMETER);
      ctx.audit = { ...ctx.audit, after: i };
      if (i.action === 'delete') {
        if (!(await live.deleteMessage(a, r, i.messageId ?? refuse('请指定消息', StatusCode.INVALID_PARAMETER))))
          fail(StatusCode.NOT_FOUND);
      } else if (i.action === 'clear') await live.clear(a, r);
      else if (i.action === 'mute') await live.mute(a, r.site_code, i.everyRoom ? '' : r.id, member(), i.minutes ?? 10);
      else await live.shadowBan(a, r.site_code, member(), i.action === 'shadow');
      return null;
    }),
    consoleRoute(api.words, async (i) => {
      const rows = await db.selectFrom('live_words').select('word').where('site_code', '=', i.siteCode).orderBy('word').execute();
      return { words: rows.map((r) => r.word) };
    }),
    consoleRoute(api.setWords, async (i, ctx) => {
      await live.setWords(actor(ctx), i.siteCode, i.words);
      ctx.audit = { target: String(i.siteCode), siteCode: i.siteCode, after: { count: i.words.length } };
      return null;
    }),
    consoleRoute(api.predict, async (i, ctx) => {
      await live.predict(actor(ctx), await roomOf(ctx, i.roomId), i.scoreH, i.scoreC, i.note);
      return null;
    }),
    consoleRoute(api.giftPrices, async (i) => {
      const own = new Map((await s.liveGifts.catalogue(i.siteCode)).map((g) => [g.code, g]));
      const list = LIVE_GIFTS.map((g) => ({
        code: g.code,
        name: g.name['zh-CN'],
        priceFen: own.get(g.code)?.priceFen ?? g.priceFen,
        enabled: own.has(g.code),
      }));
      return { list };
    }),
    consoleRoute(api.setGiftPrice, async (i, ctx) => {
      await s.liveGifts.setPrice(i.siteCode, i.giftCode, i.priceFen, i.enabled);
      ctx.audit = { target: i.giftCode, siteCode: i.siteCode, after: i };
      return null;
    }),
    consoleRoute(api.giftIncome, async (i, ctx) => giftIncome(db, sitesFor(ctx, i.siteCode), i.from, i.to)),
  ];
}
