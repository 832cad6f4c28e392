import { need, UsageError, type OpsCommand } from '../../ops/command.ts';

const time = (ms: number) => new Date(Number(ms)).toISOString();

/**
 * Player protection for the operator (until the console has a screen): every limit change, exclusion,
 * reality-check answer and refusal of a brand or a member, newest first. Read-only: nothing here lifts an
 * exclusion or raises a limit (only the player can, under the cooling-off rules).
 */
export const protectionCommands: OpsCommand[] = [
  {
    name: 'protection:events',
    args: '<site> [member name] [limit]',
    summary: 'player-protection log of a brand or one member: limit changes, exclusions, reality checks, refusals',
    mutates: false,
    async run(ctx, args) {
      const site = need(args, 0, 'site code');
      if (!/^\d{1,9}$/.test(site)) throw new UsageError(`site code is a number: ${site}`);
      const limit = Math.min(Number(args[2] ?? 100) || 100, 1000);
      const db = (await ctx.services()).handle.db;
      let q = db
        .selectFrom('protection_events as e')
        .innerJoin('members as m', 'm.id', 'e.member_id')
        .select(['e.at', 'm.name', 'e.action', 'e.kind', 'e.period', 'e.before', 'e.after', 'e.detail'])
        .where('e.site_code', '=', Number(site));
      if (args[1]) q = q.where('m.name_lower', '=', args[1].toLowerCase());
      const rows = await q.orderBy('e.id', 'desc').limit(limit).execute();
      ctx.print(rows.map((r) => ({ ...r, at: time(r.at) })));
    },
  },
  {
    name: 'protection:show',
    args: '<site> <member name>',
    summary: "a member's limits in force and pending, and exclusions",
    mutates: false,
    async run(ctx, args) {
      const site = Number(need(args, 0, 'site code'));
      const name = need(args, 1, 'member name');
      const db = (await ctx.services()).handle.db;
      const m = await db
        .selectFrom('members')
        .select(['id', 'name'])
        .where('site_code', '=', site)
        .where('name_lower', '=', name.toLowerCase())
        .executeTakeFirst();
      if (!m) throw new UsageError(`no member ${name} on site ${site}`);
      const limits = await db.selectFrom('protection_limits').selectAll().where('member_id', '=', m.id).execute();
      const exclusions = await db
        .selectFrom('protection_exclusions')
        .selectAll()
        .where('member_id', '=', m.id)
        .orderBy('starts_at', 'desc')
        .execute();
      ctx.print({
        member: m.name,
        limits: limits.map((l) => ({
          kind: l.kind,
          period: l.period,
          amount: l.amount,
          pending: l.pending_at === null ? null : { amount: l.pending_remove ? 'remove' : l.pending_amount, from: time(l.pending_at) },
        })),
        exclusions: exclusions.map((e) => ({
          kind: e.kind,
          from: time(e.starts_at),
          until: e.ends_at === null ? 'permanent' : time(e.ends_at),
          allBrands: e.all_brands === 1,
          copyOf: e.source_id,
        })),
      });
    },
  },
];
