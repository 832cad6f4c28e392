import { readFile } from 'node:fs/promises';
import { need, UsageError, type OpsCommand } from '../../ops/command.ts';
import { createPromotion, decideFlagged, endPromotion, settlePromotion } from './admin.ts';
import { promoRepository as repo } from './repository.ts';
import { statusOf } from './view.ts';

const fen = (v: number | string) => (Number(v) / 100).toFixed(2);
const time = (v: number | string | null) => (v === null ? '' : new Date(Number(v)).toISOString());

/** Promotions until the console exists: list, create from a JSON file, end, settle a race, review flagged rewards. */
export const promotionCommands: OpsCommand[] = [
  {
    name: 'promo:list',
    args: '[siteCode]',
    summary: 'promotions with type, period and status',
    mutates: false,
    async run(ctx, args) {
      const now = Date.now();
      const rows = await repo.list(ctx.handle.db, args[0] ? Number(args[0]) : undefined);
      ctx.print(
        rows.map((p) => ({
          id: p.id,
          site: p.site_code,
          type: p.type,
          title: p.title_cn,
          from: time(p.starts_at),
          to: time(p.ends_at),
          status: statusOf(p, now),
          settled: time(p.settled_at),
        })),
      );
    },
  },
  {
    name: 'promo:create',
    args: '<file.json>',
    summary: 'create a promotion from a JSON file (see the operator guide)',
    mutates: true,
    async run(ctx, args) {
      const file = need(args, 0, 'JSON file');
      let input: unknown;
      try {
        input = JSON.parse(await readFile(file, 'utf8'));
      } catch (e) {
        throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
      }
      const row = await createPromotion(ctx.handle.db, input);
      return { id: row.id, site: row.site_code, type: row.type };
    },
    target: (args) => args[0] ?? '',
  },
  {
    name: 'promo:end',
    args: '<id>',
    summary: 'end a promotion now (members can no longer join or claim)',
    mutates: true,
    async run(ctx, args) {
      await endPromotion(ctx.handle.db, need(args, 0, 'promotion id'));
    },
  },
  {
    name: 'promo:settle',
    args: '<id>',
    summary: "pay an ended race's prizes (once)",
    mutates: true,
    async run(ctx, args) {
      const paid = await settlePromotion(ctx.handle.db, need(args, 0, 'race id'));
      ctx.print(paid.map((r) => ({ member: r.member_id, rank: r.ref, amount: fen(r.amount), status: r.status })));
      return { rewards: paid.length };
    },
  },
  {
    name: 'promo:flagged',
    summary: 'rewards held for review (shared device or network)',
    mutates: false,
    async run(ctx) {
      const rows = await repo.flagged(ctx.handle.db);
      ctx.print(
        rows.map((r) => ({
          reward: r.id,
          promotion: r.promotion_id,
          member: r.member_id,
          amount: fen(r.amount),
          why: r.flag_reason,
          at: time(r.created_at),
        })),
      );
    },
  },
  {
    name: 'promo:pay',
    args: '<rewardId>',
    summary: 'pay a flagged reward after review',
    mutates: true,
    async run(ctx, args) {
      const r = await decideFlagged(ctx.handle.db, need(args, 0, 'reward id'), 'paid', ctx.operator);
      return { member: r.member_id, amount: fen(r.amount) };
    },
  },
  {
    name: 'promo:refuse',
    args: '<rewardId>',
    summary: 'refuse a flagged reward (nothing is paid)',
    mutates: true,
    async run(ctx, args) {
      const r = await decideFlagged(ctx.handle.db, need(args, 0, 'reward id'), 'refused', ctx.operator);
      return { member: r.member_id, amount: fen(r.amount) };
    },
  },
];
