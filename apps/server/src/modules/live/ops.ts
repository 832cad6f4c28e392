/**
 * The live rooms for scripts (`npm run ops -- live:…`): the same service calls as the console's screens, each audited
 * by the service (`live.*`, actor kind 'ops') and by the dispatcher. Pushes reach the nodes through the bus (Redis).
 */
import { ROOM_STATUSES, type RoomStatus } from '@portal/contract';
import { yuan } from '@portal/rules';
import { need, UsageError, type OpsCommand, type OpsContext } from '../../ops/command.ts';
import { deskRooms, giftIncome } from './desk.ts';
import type { Actor, RoomRow } from './service.ts';

const actor = (ctx: OpsContext): Actor => ({ staff: ctx.operator, kind: 'ops' });
const site = (v: string | undefined): number => {
  if (!v || !/^\d{1,8}$/.test(v)) throw new UsageError('the brand is a site code');
  return Number(v);
};
/** `--name=value` options of a command's arguments, and the rest. */
function options(args: string[]): { rest: string[]; opt: Map<string, string> } {
  const opt = new Map<string, string>();
  const rest: string[] = [];
  for (const a of args) {
    const m = /^--([a-z]+)=(.*)$/.exec(a);
    if (m) opt.set(m[1]!, m[2]!);
    else rest.push(a);
  }
  return { rest, opt };
}
async function roomOf(ctx: OpsContext, roomId: string): Promise<RoomRow> {
  const r = await ctx.handle.db.selectFrom('live_rooms').selectAll().where('id', '=', roomId).executeTakeFirst();
  if (!r || r.destroyed_at !== null) throw new UsageError(`no live room ${roomId}`);
  return r;
}

export const liveCommands: OpsCommand[] = [
  {
    name: 'live:rooms',
    args: '[site]',
    summary: 'live rooms (newest first): status, VIP gate, match, stream, gift income',
    mutates: false,
    async run(ctx, args) {
      const sites = args[0]
        ? [site(args[0])]
        : (await ctx.handle.db.selectFrom('sites').select('site_code').execute()).map((s) => s.site_code);
      const { rows } = await deskRooms(ctx.handle.db, sites, 100, 0);
      const out = rows.map((r) => ({
        room: r.id,
        site: r.site_code,
        title: r.title,
        host: `${r.host_name} (${r.host_staff})`,
        status: r.destroyed_at !== null ? 'destroyed' : r.status,
        minVip: Number(r.min_vip),
        match: r.match_id ?? '',
        stream: r.stream_url ? 'hls' : '',
        gifts: yuan(Number(r.gift_fen)),
      }));
      ctx.print(out);
      return { rooms: out.length };
    },
  },
  {
    name: 'live:create',
    args: '<site> <hostStaff> <hostName> <title…> [--match=ID] [--vip=N] [--stream=https://…]',
    summary: 'open a live room with a host (a staff account and a shown name), optionally tied to a match',
    mutates: true,
    async run(ctx, args) {
      const { rest, opt } = options(args);
      const siteCode = site(rest[0]);
      const hostStaff = need(rest, 1, 'host staff account');
      const hostName = need(rest, 2, 'host name');
      const title = rest.slice(3).join(' ').trim();
      if (!title) throw new UsageError('missing title');
      const stream = opt.get('stream') ?? null;
      if (stream && !/^https:\/\/\S+$/.test(stream)) throw new UsageError('the stream is an https url');
      const minVip = Number(opt.get('vip') ?? 0);
      if (!Number.isInteger(minVip) || minVip < 0 || minVip > 20) throw new UsageError('--vip is a grade 0–20');
      const live = (await ctx.services()).live;
      const r = await live.createRoom(actor(ctx), siteCode, {
        title,
        hostName,
        hostStaff,
        matchId: opt.get('match') ?? null,
        minVip,
        streamUrl: stream,
      });
      ctx.print({ room: r.id });
      return { room: r.id };
    },
  },
  {
    name: 'live:status',
    args: '<room> <open|paused|closed>',
    summary: "open, pause (nobody speaks) or close a room's chat",
    mutates: true,
    async run(ctx, args) {
      const status = need(args, 1, 'status') as RoomStatus;
      if (!ROOM_STATUSES.includes(status)) throw new UsageError(`status is one of ${ROOM_STATUSES.join(', ')}`);
      await (await ctx.services()).live.setStatus(actor(ctx), await roomOf(ctx, need(args, 0, 'room')), status);
      return { status };
    },
  },
  {
    name: 'live:destroy',
    args: '<room>',
    summary: 'destroy a room (everyone in it is told and leaves)',
    mutates: true,
    async run(ctx, args) {
      await (await ctx.services()).live.destroy(actor(ctx), await roomOf(ctx, need(args, 0, 'room')));
      return { destroyed: true };
    },
  },
  {
    name: 'live:mute',
    args: '<room> <member> <minutes>',
    summary: 'mute a member (by username) in a room for some minutes (0 lifts it)',
    mutates: true,
    target: (args) => `${args[0] ?? ''}/${args[1] ?? ''}`,
    async run(ctx, args) {
      const r = await roomOf(ctx, need(args, 0, 'room'));
      const name = need(args, 1, 'member');
      const minutes = Number(need(args, 2, 'minutes'));
      if (!Number.isInteger(minutes) || minutes < 0 || minutes > 43_200) throw new UsageError('minutes is 0–43200');
      const m = await ctx.handle.db
        .selectFrom('members')
        .select('id')
        .where('site_code', '=', r.site_code)
        .where('name_lower', '=', name.toLowerCase())
        .executeTakeFirst();
      if (!m) throw new UsageError(`no member ${name} on brand ${r.site_code}`);
      const until = await (await ctx.services()).live.mute(actor(ctx), r.site_code, r.id, m.id, minutes);
      return { until: minutes > 0 ? until : null };
    },
  },
  {
    name: 'live:clear',
    args: '<room>',
    summary: "clear a room's chat for everyone",
    mutates: true,
    async run(ctx, args) {
      await (await ctx.services()).live.clear(actor(ctx), await roomOf(ctx, need(args, 0, 'room')));
      return { cleared: true };
    },
  },
  {
    name: 'live:gifts',
    args: '<site> [days]',
    summary: 'gift income of a brand by business day, room and host (default the last 7 days)',
    mutates: false,
    async run(ctx, args) {
      const days = Number(args[1] ?? 7);
      if (!Number.isInteger(days) || days < 1 || days > 366) throw new UsageError('days is 1–366');
      const now = Date.now();
      const r = await giftIncome(ctx.handle.db, [site(args[0])], now - days * 86_400_000, now + 1);
      ctx.print(r.list.map((x) => ({ ...x, amount: yuan(x.amountFen) })));
      ctx.print(`total ${yuan(r.totalFen)}`);
      return { total: r.totalFen };
    },
  },
];
