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
    args: '<table> <seq>',
    summary: 'cancel a round not yet settled: every bet on it is refunded to the venue wallet and its seed revealed',
    mutates: true,
    target: (args) => `${args[0] ?? ''}/${args[1] ?? ''}`,
    async run(ctx, args) {
      const code = need(args, 0, 'table code');
      const seq = need(args, 1, 'round number');
      if (!tableConfig(code)) throw new UsageError(`no table ${code}`);
      if (!/^\d{1,15}$/.test(seq)) throw new UsageError('the round number is an integer');
      const refunded = await cancelRound(ctx.handle.db, roundId(code, Number(seq)), `ops:${ctx.operator}`);
      if (refunded === null) throw new UsageError(`round ${code} ${seq} is settled, cancelled or unknown`);
      ctx.print({ table: code, seq: Number(seq), refunded });
      return { refunded };
    },
  },
];
