import { AD_POSITIONS, NOTICE_CATEGORIES } from '@portal/contract';
import { need, UsageError, type OpsCommand } from '../../ops/command.ts';
import type { AdTable, NoticeTable } from '../../db/schema.ts';
import { LETTER_TYPES, type Segment } from './service.ts';
import type { LetterType } from './repository.ts';

/** Brand-local times (UTC+8) as 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm'; anything else must carry its zone (ISO 8601). */
export function parseTime(v: string, what: string): number {
  const local = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::(\d{2}))?)?$/.exec(v);
  const ms = local ? Date.parse(`${local[1]}T${local[2] ?? '00:00'}:${local[3] ?? '00'}+08:00`) : Date.parse(v);
  if (!Number.isFinite(ms)) throw new UsageError(`${what}: not a time (YYYY-MM-DD [HH:mm] brand time, or ISO 8601 with a zone): ${v}`);
  return ms;
}

/** Splits `--name=value` / `--flag` options from the positional arguments. */
export function options(args: string[]): { pos: string[]; opt: Map<string, string> } {
  const pos: string[] = [];
  const opt = new Map<string, string>();
  for (const a of args) {
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(a);
    if (m) opt.set(m[1]!, m[2] ?? 'true');
    else pos.push(a);
  }
  return { pos, opt };
}

const siteOf = (v: string) => {
  if (!/^\d{1,9}$/.test(v)) throw new UsageError(`site code is a number: ${v}`);
  return Number(v);
};
const oneOf = <T extends string>(v: string, list: readonly T[], what: string): T => {
  if (!(list as readonly string[]).includes(v)) throw new UsageError(`${what} is one of ${list.join(', ')}`);
  return v as T;
};
const optSite = (v: string | undefined) => (v ? siteOf(v) : undefined);
const window = (opt: Map<string, string>) => ({
  startAt: opt.has('start') ? parseTime(opt.get('start')!, 'start') : undefined,
  endAt: opt.has('end') ? parseTime(opt.get('end')!, 'end') : undefined,
});
const time = (ms: number | null) => (ms === null ? '' : new Date(Number(ms)).toISOString());

/** all | member:<name>[,<name>…] | registered:<from>..<to> | vip:<min>-<max> */
export function parseSegment(v: string): Segment {
  if (v === 'all') return { kind: 'all' };
  const [kind, rest = ''] = v.split(/:(.*)/s) as [string, string?];
  if (kind === 'member' || kind === 'members')
    return {
      kind: 'members',
      names: rest
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    };
  if (kind === 'registered') {
    const [from, to] = rest.split('..');
    if (!from || !to) throw new UsageError('registered:<from>..<to>, e.g. registered:2026-01-01..2026-02-01');
    return { kind: 'registered', fromMs: parseTime(from, 'from'), toMs: parseTime(to, 'to') };
  }
  if (kind === 'vip') {
    const m = /^(\d{1,3})-(\d{1,3})$/.exec(rest);
    if (!m || Number(m[1]) > Number(m[2])) throw new UsageError('vip:<min>-<max>, e.g. vip:3-5');
    return { kind: 'vip', min: Number(m[1]), max: Number(m[2]) };
  }
  throw new UsageError('segment is all, member:<name>[,<name>…], registered:<from>..<to> or vip:<min>-<max>');
}

/** Notices, letters and advertising until the console exists. Every changing command lands in the audit log. */
export const messageCommands: OpsCommand[] = [
  {
    name: 'notice:publish',
    args: '<site> <category> <title> <content…> [--marquee] [--start=…] [--end=…]',
    mutates: true,
    summary: `publish a notice (category: ${NOTICE_CATEGORIES.join('|')}); --marquee also scrolls it in the header`,
    target: (a) => `site:${a[0] ?? ''}`,
    async run(ctx, args) {
      const { pos, opt } = options(args);
      const draft = {
        siteCode: siteOf(need(pos, 0, 'site')),
        category: oneOf<NoticeTable['category']>(need(pos, 1, 'category'), NOTICE_CATEGORIES, 'category'),
        title: need(pos, 2, 'title'),
        content: need(pos, 3, 'content') && pos.slice(3).join(' '),
        marquee: opt.has('marquee'),
        ...window(opt),
      };
      const r = await (await ctx.services()).messages.publishNotice(draft, ctx.operator);
      ctx.print(`notice ${r.id}`);
      return r;
    },
  },
  {
    name: 'notice:list',
    args: '[site]',
    summary: 'recent notices with their window and state',
    mutates: false,
    async run(ctx, args) {
      const rows = await (await ctx.services()).messages.recentNotices(optSite(args[0]));
      ctx.print(
        rows.map((n) => ({
          id: n.id,
          site: n.site_code,
          category: n.category,
          marquee: Number(n.marquee) === 1,
          title: n.title,
          start: time(n.start_at),
          end: time(n.end_at),
          withdrawn: time(n.withdrawn_at),
        })),
      );
    },
  },
  {
    name: 'notice:withdraw',
    args: '<id>',
    summary: 'take a notice down',
    mutates: true,
    async run(ctx, args) {
      await (await ctx.services()).messages.withdrawNotice(need(args, 0, 'notice id'));
    },
  },
  {
    name: 'letter:send',
    args: '<site> <segment> <type> <title> <content…> [--start=…]',
    mutates: true,
    summary: `send a letter (type: ${LETTER_TYPES.join('|')}) to all | member:<name,…> | registered:<from>..<to> | vip:<min>-<max>`,
    target: (a) => `site:${a[0] ?? ''} ${a[1] ?? ''}`,
    async run(ctx, args) {
      const { pos, opt } = options(args);
      const draft = {
        siteCode: siteOf(need(pos, 0, 'site')),
        segment: parseSegment(need(pos, 1, 'segment')),
        type: oneOf<LetterType>(need(pos, 2, 'type'), LETTER_TYPES, 'type'),
        title: need(pos, 3, 'title'),
        content: need(pos, 4, 'content') && pos.slice(4).join(' '),
        startAt: window(opt).startAt,
      };
      const r = await (await ctx.services()).messages.sendLetter(draft, ctx.operator);
      ctx.print(`letter ${r.id} → ${r.recipients} member(s), box ${r.box}`);
      return r;
    },
  },
  {
    name: 'letter:list',
    args: '[site]',
    summary: 'recent letters with recipients and how many read them',
    mutates: false,
    async run(ctx, args) {
      const rows = await (await ctx.services()).messages.recentLetters(optSite(args[0]));
      ctx.print(
        rows.map((l) => ({
          id: l.id,
          site: l.site_code,
          type: l.type,
          broadcast: Number(l.broadcast) === 1,
          title: l.title,
          recipients: Number(l.recipients),
          read: l.read,
          start: time(l.start_at),
          by: l.created_by,
          revoked: time(l.revoked_at),
        })),
      );
    },
  },
  {
    name: 'letter:revoke',
    args: '<id>',
    summary: "withdraw a letter from every recipient's box",
    mutates: true,
    async run(ctx, args) {
      await (await ctx.services()).messages.revokeLetter(need(args, 0, 'letter id'));
    },
  },
  {
    name: 'ad:publish',
    args: '<site> <position> <title> <imageUrl> <linkUrl|-> [content…] [--sort=N] [--start=…] [--end=…]',
    mutates: true,
    summary: `publish an advertising item (position: ${AD_POSITIONS.join('|')})`,
    target: (a) => `site:${a[0] ?? ''}`,
    async run(ctx, args) {
      const { pos, opt } = options(args);
      const sort = Number(opt.get('sort') ?? 0);
      if (!Number.isInteger(sort)) throw new UsageError('--sort is an integer');
      const link = need(pos, 4, 'link (- for none)');
      const r = await (
        await ctx.services()
      ).messages.publishAd(
        {
          siteCode: siteOf(need(pos, 0, 'site')),
          position: oneOf<AdTable['position']>(need(pos, 1, 'position'), AD_POSITIONS, 'position'),
          title: need(pos, 2, 'title'),
          imageUrl: need(pos, 3, 'image url'),
          linkUrl: link === '-' ? '' : link,
          content: pos.slice(5).join(' '),
          sort,
          ...window(opt),
        },
        ctx.operator,
      );
      ctx.print(`ad ${r.id}`);
      return r;
    },
  },
  {
    name: 'ad:list',
    args: '[site]',
    summary: 'recent advertising items',
    mutates: false,
    async run(ctx, args) {
      const rows = await (await ctx.services()).messages.recentAds(optSite(args[0]));
      ctx.print(
        rows.map((a) => ({
          id: a.id,
          site: a.site_code,
          position: a.position,
          sort: Number(a.sort),
          title: a.title,
          start: time(a.start_at),
          end: time(a.end_at),
          withdrawn: time(a.withdrawn_at),
        })),
      );
    },
  },
  {
    name: 'ad:withdraw',
    args: '<id>',
    summary: 'take an advertising item down',
    mutates: true,
    async run(ctx, args) {
      await (await ctx.services()).messages.withdrawAd(need(args, 0, 'ad id'));
    },
  },
];
