/** Venues and games: the ops commands game:* and venue:* as console calls. */
import { StatusCode, type GameTag } from '@portal/contract';
import { consoleGamesApi as api, type ConsoleGameRow, type ConsoleVenueRow } from '@portal/contract/console';
import type { CasinoGameTable, VenueTable } from '../db/schema.ts';
import { fail } from '../lib/errors.ts';
import { venueMaintenance } from '../modules/casino/maintenance.ts';
import { tagsOf } from '../modules/casino/repository.ts';
import type { Services } from '../services.ts';
import { assertDeploymentWide, page } from './operations/common.ts';
import { consoleRoute, type ConsoleRoute } from './pipeline.ts';
import { cancelTableRound } from '../modules/tables/cancel.ts';
import { roundId } from '../modules/tables/state.ts';
import { tableRounds } from '../modules/tables/views.ts';

const gameWire = (g: CasinoGameTable): ConsoleGameRow => ({
  code: g.code,
  venue: g.channel_code,
  category: g.category,
  name: g.name_cn,
  status: g.status,
  sort: Number(g.sort),
  tags: tagsOf(g.tags) as GameTag[],
  rtpBp: Number(g.rtp_bp),
  minBetFen: Number(g.min_bet),
  maxBetFen: Number(g.max_bet),
  pool: g.pool_code,
  updatedAt: Number(g.updated_at),
  updatedBy: g.updated_by,
});

const venueWire = (v: VenueTable, messages: Map<string, string>): ConsoleVenueRow => ({
  code: v.channel_code,
  name: v.name,
  category: v.category,
  status: v.status,
  sort: Number(v.sort),
  adapter: v.adapter,
  message: messages.get(v.channel_code) ?? null,
});

export function gamesRoutes(s: Services): ConsoleRoute[] {
  const db = s.handle.db;
  return [
    consoleRoute(api.list, async (i) => {
      const kw = i.keyword?.toLowerCase();
      const rows = (await s.catalogue.gamesOfSite(i.siteCode)).filter(
        (g) =>
          (!i.venue || g.channel_code === i.venue) &&
          (!i.category || g.category === i.category) &&
          (!i.status || g.status === i.status) &&
          (!kw || g.name_cn.toLowerCase().includes(kw) || g.code.toLowerCase().includes(kw)),
      );
      const { list, total } = page(rows, i);
      return { list: list.map(gameWire), total };
    }),
    consoleRoute(api.set, async (i, ctx) => {
      const r =
        (await s.catalogue.setGame(i.siteCode, i.code, { status: i.status, sort: i.sort, tags: i.tags }, ctx.staff.username)) ??
        fail(StatusCode.NOT_FOUND);
      const out = { before: gameWire(r.before), after: gameWire(r.after) };
      ctx.audit = { target: `${i.siteCode}/${i.code}`, siteCode: i.siteCode, ...out };
      return out;
    }),
    consoleRoute(api.venues, async () => {
      const rows = await db.selectFrom('venues').selectAll().orderBy('category').orderBy('sort').execute();
      const messages = await venueMaintenance.messages(db);
      return rows.map((v) => venueWire(v, messages));
    }),
    consoleRoute(api.tableRounds, async (i) => {
      const t = s.tables.config(i.code) ?? fail(StatusCode.NOT_FOUND);
      return tableRounds(db, t, i.page, i.pageSize);
    }),
    consoleRoute(api.cancelRound, async (i, ctx) => {
      assertDeploymentWide(ctx);
      if (!s.tables.config(i.code)) fail(StatusCode.NOT_FOUND);
      const r = (await cancelTableRound(db, roundId(i.code, i.seq), ctx.staff.username, i.reason)) ?? fail(StatusCode.NOT_FOUND);
      ctx.audit = {
        target: `${i.code}/${i.seq}`,
        siteCode: null,
        before: { status: 'open', requestedBy: r.requestedBy },
        after: r.pendingApproval
          ? { status: 'cancel requested', reason: i.reason }
          : { status: 'cancelled', reason: i.reason, refunded: r.refunded, approvedBy: r.requestedBy ? ctx.staff.username : null },
      };
      return r;
    }),
    consoleRoute(api.setVenue, async (i, ctx) => {
      assertDeploymentWide(ctx);
      const before = await venueMaintenance.messages(db);
      const r = (await s.catalogue.setVenue(i.code, { status: i.status, sort: i.sort })) ?? fail(StatusCode.NOT_FOUND);
      if (i.status === 'active' || (i.status === 'maintenance' && !i.message))
        await venueMaintenance.set(db, i.code, null, String, ctx.staff.username);
      else if (i.message && r.after.status === 'maintenance')
        await venueMaintenance.set(db, i.code, i.message, (t) => s.zhTW.of(t), ctx.staff.username);
      const out = { before: venueWire(r.before, before), after: venueWire(r.after, await venueMaintenance.messages(db)) };
      ctx.audit = { target: i.code, siteCode: null, ...out };
      return out;
    }),
  ];
}
