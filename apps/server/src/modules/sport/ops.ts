import { isCancelCode } from '@portal/rules';
import { UsageError, need, type OpsCommand } from '../../ops/command.ts';
import type { EsportsMapResult } from '../../providers/oddsFeed.ts';

const int = (v: string | undefined, what: string) => {
  const n = Number(v);
  if (v === undefined || !Number.isInteger(n) || n < 0) throw new UsageError(`bad ${what}`);
  return n;
};
const cancelCode = (v: string) => {
  if (!isCancelCode(v)) throw new UsageError('cancel code must be D0…D9 or DA…DZ');
  return v;
};

/**
 * An operator's e-sports map results, 'H:18-9,C:7-12': each map played, its winner and kills (or rounds). First
 * blood, first objective and pistol round are not given: their markets on these maps settle void.
 */
function esportsMaps(v: string): EsportsMapResult[] {
  return v.split(',').map((m) => {
    const x = /^(H|C):(\d{1,3})-(\d{1,3})$/.exec(m);
    if (!x) throw new UsageError('maps= takes winner:home-away per map, e.g. maps=H:18-9,C:7-12');
    return { winner: x[1] as 'H' | 'C', h: Number(x[2]), c: Number(x[3]), fb: null, fo: null, pr: null };
  });
}

/** The sportsbook desk: settle now, set or correct a result (resettlement), restore (A), cancel (D0…DZ). */
export const sportCommands: OpsCommand[] = [
  {
    name: 'sport:settle',
    summary: 'confirm due in-play bets and settle every bet whose events have results',
    mutates: true,
    target: () => 'sportsbook',
    async run(ctx) {
      const { sport } = await ctx.services();
      const confirmed = await sport.settlement.confirmDue();
      const settled = await sport.settlement.settleDue();
      ctx.print({ ...confirmed, settled });
      return { ...confirmed, settled };
    },
  },
  {
    name: 'sport:result',
    args: '<eventId> <home> <away> [htHome htAway] [winnerRtype] [maps=H:18-9,C:7-12 …]',
    summary:
      'set or correct an event result (an e-sports series: maps= each map played, winner:kills-kills or rounds); its bets are resettled',
    mutates: true,
    async run(ctx, all) {
      const mapsArg = all.find((a) => a.startsWith('maps='));
      const args = all.filter((a) => a !== mapsArg);
      const eventId = need(args, 0, 'event id');
      const n = await (
        await ctx.services()
      ).sport.settlement.resettleEvent({
        event_id: eventId,
        score_h: int(args[1], 'home score'),
        score_c: int(args[2], 'away score'),
        ht_h: args[3] === undefined ? null : int(args[3], 'half-time home'),
        ht_c: args[4] === undefined ? null : int(args[4], 'half-time away'),
        winner: args[5] ?? null,
        cancel_code: null,
        ...(mapsArg ? { detail: JSON.stringify({ maps: esportsMaps(mapsArg.slice('maps='.length)), forfeit: false }) } : {}),
      });
      ctx.print({ eventId, settled: n });
      return { settled: n };
    },
  },
  {
    name: 'sport:cancel-event',
    args: '<eventId> <D0…DZ>',
    summary: 'cancel an event: every bet leg on it is void with the reason',
    mutates: true,
    async run(ctx, args) {
      const n = await (
        await ctx.services()
      ).sport.settlement.resettleEvent({
        event_id: need(args, 0, 'event id'),
        score_h: 0,
        score_c: 0,
        ht_h: null,
        ht_c: null,
        winner: null,
        cancel_code: cancelCode(need(args, 1, 'cancel code')),
      });
      return { settled: n };
    },
  },
  {
    name: 'sport:restore',
    args: '<ticketId>',
    summary: 'restore a settled bet (A): payout reversed, it settles again',
    mutates: true,
    async run(ctx, args) {
      if (!(await (await ctx.services()).sport.settlement.restore(need(args, 0, 'ticket id')))) throw new Error('not a settled bet');
    },
  },
  {
    name: 'sport:cancel',
    args: '<ticketId> <D0…DZ>',
    summary: 'cancel a bet with a reason: the stake goes back to the member',
    mutates: true,
    async run(ctx, args) {
      if (!(await (await ctx.services()).sport.settlement.cancel(need(args, 0, 'ticket id'), cancelCode(need(args, 1, 'cancel code')))))
        throw new Error('bet not found or not cancellable');
    },
  },
];
