import { GAME_TAGS, type GameTag } from '@portal/contract';
import { yuan } from '@portal/rules';
import { need, UsageError, type OpsCommand } from '../../ops/command.ts';
import type { CasinoGameTable } from '../../db/schema.ts';
import { tagsOf } from './repository.ts';

const STATUSES: readonly CasinoGameTable['status'][] = ['active', 'maintenance', 'hidden'];

function siteArg(v: string): number {
  if (!/^\d{1,9}$/.test(v)) throw new UsageError(`site code is a number: ${v}`);
  return Number(v);
}

/** `status=… sort=… tags=hot,new` (tags= empty clears them): each at most once, at least one. */
export function parseGamePatch(args: string[]): { status?: CasinoGameTable['status']; sort?: number; tags?: GameTag[] } {
  const patch: { status?: CasinoGameTable['status']; sort?: number; tags?: GameTag[] } = {};
  if (args.length === 0) throw new UsageError('nothing to change: give status=, sort= and/or tags=');
  for (const a of args) {
    const m = /^(status|sort|tags)=(.*)$/.exec(a);
    if (!m) throw new UsageError(`not a setting: ${a} (status=…, sort=…, tags=…)`);
    const [, key, value] = m as unknown as [string, 'status' | 'sort' | 'tags', string];
    if (key in patch) throw new UsageError(`${key} given twice`);
    if (key === 'status') {
      if (!STATUSES.includes(value as CasinoGameTable['status'])) throw new UsageError(`status is one of ${STATUSES.join(', ')}`);
      patch.status = value as CasinoGameTable['status'];
    } else if (key === 'sort') {
      if (!/^-?\d{1,6}$/.test(value)) throw new UsageError('sort is an integer (-999999…999999)');
      patch.sort = Number(value);
    } else {
      const tags = value === '' ? [] : value.split(',');
      const bad = tags.filter((t) => !GAME_TAGS.includes(t as GameTag));
      if (bad.length > 0) throw new UsageError(`unknown tag(s) ${bad.join(',')}: tags are ${GAME_TAGS.join(', ')}`);
      patch.tags = tags as GameTag[];
    }
  }
  return patch;
}

const view = (g: CasinoGameTable) => ({
  code: g.code,
  venue: g.channel_code,
  category: g.category,
  name: g.name_cn,
  status: g.status,
  sort: g.sort,
  tags: tagsOf(g.tags).join(','),
  rtp: `${(g.rtp_bp / 100).toFixed(2)}%`,
  volatility: g.volatility,
  bets: `${yuan(g.min_bet)}-${yuan(g.max_bet)}`,
  pool: g.pool_code ?? '',
});

/** The game catalogue desk until the console has screens: list a brand's games, change status, sort and tags. */
export const casinoCommands: OpsCommand[] = [
  {
    name: 'game:list',
    args: '<site>',
    summary: "a brand's games (hidden ones included): venue, status, sort, tags, declared RTP, bet limits, pool",
    mutates: false,
    async run(ctx, args) {
      const rows = await (await ctx.services()).catalogue.gamesOfSite(siteArg(need(args, 0, 'site code')));
      ctx.print(rows.map(view));
      return { games: rows.length };
    },
  },
  {
    name: 'game:set',
    args: '<site> <code> [status=active|maintenance|hidden] [sort=<n>] [tags=hot,new,jackpot]',
    summary: "change a game's lobby status (maintenance: 6415 to play; hidden: not listed), sort and tags at one brand",
    mutates: true,
    target: (args) => `${args[0] ?? ''}/${args[1] ?? ''}`,
    async run(ctx, args) {
      const site = siteArg(need(args, 0, 'site code'));
      const code = need(args, 1, 'game code');
      const patch = parseGamePatch(args.slice(2));
      const r = await (await ctx.services()).catalogue.setGame(site, code, patch, ctx.operator);
      if (!r) throw new UsageError(`no game ${code} at site ${site}`);
      ctx.print({ before: view(r.before), after: view(r.after) });
      return { before: view(r.before), after: view(r.after) };
    },
  },
  {
    name: 'venue:list',
    summary: 'every venue: category, status, sort, adapter',
    mutates: false,
    async run(ctx) {
      const rows = await ctx.handle.db.selectFrom('venues').selectAll().orderBy('category').orderBy('sort').execute();
      ctx.print(
        rows.map((v) => ({ code: v.channel_code, name: v.name, category: v.category, status: v.status, sort: v.sort, adapter: v.adapter })),
      );
      return { venues: rows.length };
    },
  },
  {
    name: 'venue:set',
    args: '<channelCode> [status=active|maintenance] [sort=<n>]',
    summary: 'put a venue into or out of maintenance (its games, launch and transfers: 6415) or re-sort it, every brand',
    mutates: true,
    async run(ctx, args) {
      const code = need(args, 0, 'channel code');
      const patch = parseGamePatch(args.slice(1));
      if (patch.tags || patch.status === 'hidden') throw new UsageError('a venue takes status=active|maintenance and sort= only');
      const r = await (
        await ctx.services()
      ).catalogue.setVenue(code, { status: patch.status as 'active' | 'maintenance' | undefined, sort: patch.sort });
      if (!r) throw new UsageError(`no venue ${code}`);
      ctx.print({ before: r.before, after: r.after });
      return { before: { status: r.before.status, sort: r.before.sort }, after: { status: r.after.status, sort: r.after.sort } };
    },
  },
];
