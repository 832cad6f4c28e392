import { need, UsageError, type OpsCommand } from '../../ops/command.ts';

const time = (ms: number | null) => (ms === null ? '' : new Date(Number(ms)).toISOString());

/** The feedback desk until the console exists: the queue and replies (the member sees the reply as unread). */
export const feedbackCommands: OpsCommand[] = [
  {
    name: 'feedback:list',
    args: '[site] [pending|replied]',
    summary: 'member feedback, oldest first (default: pending)',
    mutates: false,
    async run(ctx, args) {
      const status = (args[1] ?? 'pending') as 'pending' | 'replied';
      if (status !== 'pending' && status !== 'replied') throw new UsageError('status is pending or replied');
      if (args[0] && !/^\d{1,9}$/.test(args[0])) throw new UsageError(`site code is a number: ${args[0]}`);
      const rows = await (await ctx.services()).feedback.queue({ siteCode: args[0] ? Number(args[0]) : undefined, status });
      ctx.print(
        rows.map((f) => ({
          id: f.id,
          no: f.ticket_no,
          site: f.site_code,
          member: f.name,
          type: f.type,
          content: f.content.slice(0, 80),
          images: (JSON.parse(f.images) as unknown[]).length,
          status: f.status,
          reply: (f.reply ?? '').slice(0, 40),
          at: time(f.created_at),
          deleted: time(f.deleted_at),
        })),
      );
    },
  },
  {
    name: 'feedback:reply',
    args: '<id> <reply…>',
    summary: "reply to a member's feedback (counts as unread for them until opened)",
    mutates: true,
    async run(ctx, args) {
      await (
        await ctx.services()
      ).feedback.reply(need(args, 0, 'feedback id'), need(args, 1, 'reply') && args.slice(1).join(' '), ctx.operator);
    },
  },
];
