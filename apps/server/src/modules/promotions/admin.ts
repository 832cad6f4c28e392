/** The operator side of promotions (ops CLI now, console later): create, end, settle races, decide flagged rewards. */
import type { Db } from '../../db/connect.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import type { PromoRewardTable, PromotionTable } from '../../db/schema.ts';
import { decideReward } from './engine.ts';
import { parseParams, promotionInput, type PromotionInput } from './params.ts';
import { promoRepository as repo } from './repository.ts';
import { settleRace } from './types/race.ts';
import { statusOf } from './view.ts';

/** Checks a promotion as written by an operator (zod, then the type's parameters) and builds its row. */
export function promotionRow(input: unknown, now = Date.now()): PromotionTable {
  const p = promotionInput.parse(input);
  const params = parseParams(p.type, p.params);
  const startsAt = Date.parse(p.startsAt);
  const endsAt = p.endsAt === null ? null : Date.parse(p.endsAt);
  if (endsAt !== null && endsAt <= startsAt) throw new Error('endsAt must be after startsAt');
  if (p.type === 'race' && endsAt === null) throw new Error('a race needs endsAt');
  return {
    id: p.id,
    site_code: p.siteCode,
    type: p.type,
    category: p.category,
    title_cn: p.title['zh-CN'],
    title_tw: p.title['zh-TW'],
    summary_cn: p.summary['zh-CN'],
    summary_tw: p.summary['zh-TW'],
    rules_cn: p.rules['zh-CN'],
    rules_tw: p.rules['zh-TW'],
    banner_theme: p.banner.theme,
    banner_image: p.banner.image ?? null,
    params_json: JSON.stringify(params),
    starts_at: startsAt,
    ends_at: endsAt,
    status: 'active',
    sort: p.sort ?? 0,
    settled_at: null,
    created_at: now,
    updated_at: now,
  };
}

export async function createPromotion(db: Db, input: PromotionInput | unknown, now = Date.now()): Promise<PromotionTable> {
  const row = promotionRow(input, now);
  if (!(await repo.insert(db, row))) throw new Error(`promotion ${row.id} exists already`);
  return row;
}

export async function endPromotion(db: Db, id: string, now = Date.now()): Promise<void> {
  if (!(await repo.byId(db, id))) throw new Error(`no promotion ${id}`);
  if (!(await repo.end(db, id, now))) throw new Error(`promotion ${id} has ended already`);
}

/** Pays an ended race's prizes, once. */
export async function settlePromotion(db: Db, id: string, now = Date.now()): Promise<PromoRewardTable[]> {
  const p = await repo.byId(db, id);
  if (!p || p.type !== 'race') throw new Error(`no race ${id}`);
  if (statusOf(p, now) !== 'ended') throw new Error(`race ${id} has not ended yet`);
  const paid = await moneyStep(db, (tx) => settleRace(tx, p, now));
  if (paid === null) throw new Error(`race ${id} was settled already`);
  return paid;
}

/** Races ended at least `graceMs` ago and not settled yet (late bet reports get that long). */
export async function dueRaces(db: Db, now: number, graceMs: number): Promise<PromotionTable[]> {
  return (await repo.list(db)).filter(
    (p) => p.type === 'race' && p.settled_at === null && p.ends_at !== null && Number(p.ends_at) + graceMs <= now,
  );
}

export async function decideFlagged(
  db: Db,
  rewardId: string,
  decision: 'paid' | 'refused',
  operator: string,
  now = Date.now(),
): Promise<PromoRewardTable> {
  const r = await moneyStep(db, (tx) => decideReward(tx, rewardId, decision, operator, now));
  if (!r) throw new Error(`no flagged reward ${rewardId}`);
  return r;
}
