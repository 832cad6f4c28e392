/** What the promotions screen reads beyond the engine's repository: cost per promotion, flagged rewards with usernames. */
import type { PromotionRow } from '@portal/contract/console';
import type { DbOrTx } from '../../db/connect.ts';
import type { PromotionTable } from '../../db/schema.ts';
import { statusOf } from '../../modules/promotions/view.ts';
import { usernames } from './common.ts';

export interface PromoCost {
  paidCount: number;
  paidFen: number;
  flaggedCount: number;
}

export async function promoCosts(db: DbOrTx, ids: string[]): Promise<Map<string, PromoCost>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('promo_rewards')
    .select(['promotion_id', 'status'])
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<string>('amount').as('fen')])
    .where('promotion_id', 'in', ids)
    .groupBy(['promotion_id', 'status'])
    .execute();
  const out = new Map<string, PromoCost>();
  for (const r of rows) {
    const c = out.get(r.promotion_id) ?? { paidCount: 0, paidFen: 0, flaggedCount: 0 };
    if (r.status === 'paid') {
      c.paidCount += Number(r.n);
      c.paidFen += Number(r.fen ?? 0);
    } else if (r.status === 'flagged') c.flaggedCount += Number(r.n);
    out.set(r.promotion_id, c);
  }
  return out;
}

export function promoWire(p: PromotionTable, cost: PromoCost | undefined, now = Date.now()): PromotionRow {
  return {
    id: p.id,
    siteCode: Number(p.site_code),
    type: p.type as PromotionRow['type'],
    category: p.category as PromotionRow['category'],
    title: p.title_cn,
    startsAt: Number(p.starts_at),
    endsAt: p.ends_at === null ? null : Number(p.ends_at),
    state: statusOf(p, now),
    settledAt: p.settled_at === null ? null : Number(p.settled_at),
    paidCount: cost?.paidCount ?? 0,
    paidFen: cost?.paidFen ?? 0,
    flaggedCount: cost?.flaggedCount ?? 0,
    params: JSON.parse(p.params_json) as unknown,
  };
}

/** Flagged rewards of some brands, oldest first, with the member's username and the promotion's title. */
export async function flaggedRewards(db: DbOrTx, sites: number[], limit: number, offset: number) {
  if (sites.length === 0) return { rows: [], total: 0 };
  const base = db
    .selectFrom('promo_rewards as r')
    .innerJoin('members as m', 'm.id', 'r.member_id')
    .innerJoin('promotions as p', 'p.id', 'r.promotion_id')
    .where('r.status', '=', 'flagged')
    .where('r.site_code', 'in', sites);
  const [rows, total] = await Promise.all([
    base
      .select(['r.id', 'r.promotion_id', 'p.title_cn', 'r.site_code', 'm.name', 'r.amount', 'r.flag_reason', 'r.created_at'])
      .orderBy('r.created_at')
      .orderBy('r.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const reasons = rows.map((r) => (r.flag_reason ?? '').split(',').filter(Boolean));
  const linked = await usernames(
    db,
    reasons.flat().map((x) => x.slice(x.indexOf(':') + 1)),
  );
  /** `device:<id>` / `ip:<id>` → the linked member by username (the console never shows internal ids). */
  const why = (parts: string[]) =>
    parts
      .map((x) => {
        const [via, id = ''] = x.split(':', 2) as [string, string?];
        const who = linked.get(id);
        if (via === 'device' && who) return `与 ${who} 同设备`;
        if (via === 'ip' && who) return `与 ${who} 同网络`;
        if (via.startsWith('invitee-') && who) return `被邀请人 ${who} 与邀请人${via.endsWith('device') ? '同设备' : '同网络'}`;
        return x;
      })
      .join('；');
  return {
    total: Number(total?.n ?? 0),
    rows: rows.map((r, k) => ({
      id: r.id,
      promotionId: r.promotion_id,
      promotionTitle: r.title_cn,
      siteCode: Number(r.site_code),
      username: r.name,
      amountFen: Number(r.amount),
      reason: why(reasons[k]!),
      createdAt: Number(r.created_at),
    })),
  };
}
