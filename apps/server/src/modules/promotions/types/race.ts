/**
 * Race: a leaderboard of valid turnover (modules/turnover) over the promotion's period; every member of
 * the brand takes part by betting. After the end an operator (or the job) settles it once: the top
 * ranks get their prizes, each paid once (period 'race').
 */
import { formatAmount, businessDay, yuan } from '@portal/rules';
import type { DbOrTx } from '../../../db/connect.ts';
import type { PromoRewardTable, PromotionTable } from '../../../db/schema.ts';
import { turnoverBetween } from '../../turnover/repository.ts';
import { grantReward } from '../engine.ts';
import { refuse, type TypeHandler } from '../handler.ts';
import { parseParams } from '../params.ts';
import { promoRepository as repo } from '../repository.ts';
import { maskName } from '../view.ts';

/** Ranks shown on the board. */
const BOARD_SIZE = 20;

export async function standings(db: DbOrTx, p: PromotionTable, now: number) {
  const q = parseParams('race', JSON.parse(p.params_json));
  const end = p.ends_at === null ? now : Math.min(now, Number(p.ends_at) - 1);
  const rows = await turnoverBetween(db, { siteCode: p.site_code, fromDay: businessDay(Number(p.starts_at)), toDay: businessDay(end) });
  const per = new Map<string, number>();
  for (const r of rows)
    if (q.categories.length === 0 || q.categories.includes(r.category)) per.set(r.memberId, (per.get(r.memberId) ?? 0) + r.validFen);
  // Ties: the member id decides, so the order is stable across calls and nodes.
  const ranked = [...per.entries()].filter(([, v]) => v > 0 && v >= q.minTurnoverFen).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return { q, ranked, from: businessDay(Number(p.starts_at)), to: businessDay(end) };
}

/** Pays the prizes of an ended race, once. Returns null when it was settled already. */
export async function settleRace(tx: DbOrTx, p: PromotionTable, now: number): Promise<PromoRewardTable[] | null> {
  if (!(await repo.markSettled(tx, p.id, now))) return null;
  const s = await standings(tx, p, now);
  const out: PromoRewardTable[] = [];
  for (const [i, [memberId, turnover]] of s.ranked.slice(0, s.q.prizesFen.length).entries()) {
    const prize = s.q.prizesFen[i]!;
    const r = await grantReward(
      tx,
      {
        promo: p,
        memberId,
        periodKey: 'race',
        amountFen: prize,
        wageringFen: prize * s.q.multiple,
        ref: String(i + 1),
        source: {
          cn: `第 ${i + 1} 名 · 有效投注 ${formatAmount(turnover)} 元`,
          tw: `第 ${i + 1} 名 · 有效投注 ${formatAmount(turnover)} 元`,
        },
      },
      now,
    );
    if (r) out.push(r);
  }
  return out;
}

export const raceHandler: TypeHandler = {
  async eligibility() {
    return null;
  },
  async join(c) {
    return refuse('PROMO_AUTO', c.locale);
  },
  async detail(c) {
    const s = await standings(c.db, c.promo, c.now);
    const top = s.ranked.slice(0, Math.max(BOARD_SIZE, s.q.prizesFen.length));
    const names = new Map(
      (
        await repo.membersByIds(
          c.db,
          top.map(([id]) => id),
        )
      ).map((m) => [m.id, m.name]),
    );
    const mine = s.ranked.findIndex(([id]) => id === c.member.id);
    return {
      race: {
        from: s.from,
        to: s.to,
        settled: c.promo.settled_at !== null,
        myRank: mine >= 0 ? mine + 1 : null,
        myTurnover: yuan(mine >= 0 ? s.ranked[mine]![1] : 0),
        board: top.map(([id, v], i) => ({
          rank: i + 1,
          name: id === c.member.id ? (names.get(id) ?? '') : maskName(names.get(id) ?? '****'),
          turnover: yuan(v),
          prize: yuan(s.q.prizesFen[i] ?? 0),
          me: id === c.member.id,
        })),
        prizes: s.q.prizesFen.map(yuan),
      },
    };
  },
};
