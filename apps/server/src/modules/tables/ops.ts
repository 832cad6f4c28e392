import { yuan } from '@portal/rules';
import { need, UsageError, type OpsCommand } from '../../ops/command.ts';
import { tableConfig } from './config.ts';
import { cancelRound } from './settle.ts';
import { roundId } from './state.ts';

/** The tables desk (the console's games screen lists them too): a table's recent rounds; cancel a round with refunds. */
export const tableCommands: OpsCommand[] = [
  {
    name: 'table:rounds',
    args: '<table>',
    summary: "a house table's or lottery's last 20 rounds: status, seed hash, bets and stakes pending or settled",
    mutates: false,
    async run(ctx, args) {
      const code = need(args, 0, 'table code');
      if (!tableConfig(code)) throw new UsageError(`no table ${code}`);
      const db = ctx.handle.db;
      const rows = await db
        .selectFrom('table_rounds')
        .selectAll()
        .where('table_code', '=', code)
        .orderBy('seq', 'desc')
        .limit(20)
        .execute();
      const out = [];
      for (const r of rows) {
        const b = await db
          .selectFrom('table_bets')
          .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('amount').as('stake')])
          .where('round_id', '=', r.id)
          .executeTakeFirstOrThrow();
        out.push({
          seq: Number(r.seq),
          status: r.status,
          seedHash: r.seed_hash.slice(0, 16),
          bets: Number(b.n),
          stake: yuan(b.stake ?? 0),
        });
      }
      ctx.print(out);
      return { rounds: out.length };
    },
  },
  {
    name: 'table:cancel',
    args: '<table> <seq> <reason…>',
    summary:
      'cancel a round still taking bets, with a reason: every bet on it is refunded and its seed revealed (after betting closed: the console, two games staff)',
    mutates: true,
    target: (args) => `${args[0] ?? ''}/${args[1] ?? ''}`,
    async run(ctx, args) {
      const code = need(args, 0, 'table code');
      const seq = need(args, 1, 'round number');
      const reason = args.slice(2).join(' ').trim();
      if (!tableConfig(code)) throw new UsageError(`no table ${code}`);
      if (!/^\d{1,15}$/.test(seq)) throw new UsageError('the round number is an integer');
      if (reason.length < 2) throw new UsageError('a reason is required');
      // One person may cancel only while the round takes bets: after that the console's two-person flow.
      const refunded = await cancelRound(ctx.handle.db, roundId(code, Number(seq)), `ops:${ctx.operator}: ${reason}`, Date.now(), true);
      if (refunded === null)
        throw new UsageError(`round ${code} ${seq} no longer takes bets (or is unknown): cancel it in the console, two games staff`);
      ctx.print({ table: code, seq: Number(seq), refunded, reason });
      return { refunded };
    },
  },
];
