import { need, UsageError, type OpsCommand } from '../../ops/command.ts';

const time = (ms: number) => new Date(Number(ms)).toISOString();

/** The service desk until the console exists: the queue and answers (the player sees them on /support). */
export const supportCommands: OpsCommand[] = [
  {
    name: 'support:list',
    args: '[site] [waiting|all]',
    summary: 'service-desk conversations, waiting ones first (default: waiting)',
    mutates: false,
    async run(ctx, args) {
      const which = args[1] ?? 'waiting';
      if (which !== 'waiting' && which !== 'all') throw new UsageError('waiting or all');
      if (args[0] && !/^\d{1,9}$/.test(args[0])) throw new UsageError(`site code is a number: ${args[0]}`);
      const rows = await (
        await ctx.services()
      ).support.queue({ siteCode: args[0] ? Number(args[0]) : undefined, waitingOnly: which === 'waiting' });
      ctx.print(
        rows.map((t) => ({
          id: t.id,
          no: t.ticket_no,
          site: t.site_code,
          who: t.name ?? 'visitor',
          waiting: Number(t.waiting) === 1,
          last: t.last.slice(0, 80),
          at: time(t.updated_at),
        })),
      );
    },
  },
  {
    name: 'support:reply',
    args: '<id> <answer…>',
    summary: 'answer a service-desk conversation',
    mutates: true,
    target: (args) => `support_thread:${args[0] ?? ''}`,
    async run(ctx, args) {
      const id = need(args, 0, 'conversation id');
      const body = need(args, 1, 'answer') && args.slice(1).join(' ');
      if (!(await (await ctx.services()).support.reply(id, body, ctx.operator))) throw new UsageError(`no conversation ${id}`);
    },
  },
];
