/** The report roll-ups from the command line: `npm run ops -- report:rebuild <from> <to>` (console/reports/rollup.ts). */
import { UsageError, need, type OpsCommand } from '../../ops/command.ts';
import { REBUILD_MAX_DAYS, daysBetween, isDay, rebuildReports } from './rollup.ts';

export const reportCommands: OpsCommand[] = [
  {
    name: 'report:rebuild',
    args: '<from YYYY-MM-DD> <to YYYY-MM-DD>',
    summary: "recompute the console's daily report roll-ups of every brand for the business days from..to (idempotent)",
    mutates: true,
    target: (args) => `${args[0] ?? ''}..${args[1] ?? ''}`,
    async run(ctx, args) {
      const from = need(args, 0, 'from');
      const to = need(args, 1, 'to');
      if (!isDay(from) || !isDay(to) || from > to) throw new UsageError('from and to: business days YYYY-MM-DD, from ≤ to');
      if (daysBetween(from, to).length > REBUILD_MAX_DAYS) throw new UsageError(`at most ${REBUILD_MAX_DAYS} days per run`);
      const started = Date.now();
      const r = await rebuildReports(ctx.handle.db, from, to);
      ctx.print(`report:rebuild ${from}..${to}: ${r.days} day(s) in ${Date.now() - started} ms`);
      return r;
    },
  },
];
