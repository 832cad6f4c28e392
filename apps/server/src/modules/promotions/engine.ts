/**
 * Paying a promotion reward: once per member, rule and period. Three guards, outermost first: the
 * caller's own check, the reward row's unique key (promotion, member, period), and the ledger journal's
 * idempotency key — all in the caller's transaction with the business row. A reward to a member who
 * shares a device or network with another member already rewarded by the same rule is recorded as
 * flagged and pays nothing until an operator decides (spec §9: one account per person).
 */
import { randomId } from '../../lib/crypto.ts';
import type { DbOrTx } from '../../db/connect.ts';
import type { PromoRewardTable, PromotionTable } from '../../db/schema.ts';
import { houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/ledger.ts';
import { promoRepository as repo } from './repository.ts';
import { turnoverRepository } from '../turnover/repository.ts';

export interface RewardInput {
  promo: PromotionTable;
  memberId: string;
  /** The period this reward belongs to ('once', a business day, 'spin:3', 'invitee:<id>', …). */
  periodKey: string;
  amountFen: number;
  /** Turnover added to the member's withdrawal requirement when paid. */
  wageringFen: number;
  source: { cn: string; tw: string };
  ref?: string;
  /** A reason to hold this reward for review whatever the shared-device check says (e.g. self-invitation). */
  flag?: string | null;
}

/** The ledger idempotency key of a reward: the same member, rule and period can never move money twice. */
export const rewardIdemKey = (promotionId: string, memberId: string, periodKey: string) => `promo:${promotionId}:${memberId}:${periodKey}`;

/** Credits a reward row that is (now) paid: bonus expense → member central wallet, plus its wagering. */
async function credit(tx: DbOrTx, r: PromoRewardTable, now: number): Promise<void> {
  const { journalId } = await post(
    tx,
    {
      kind: 'bonus',
      currency: 'CNY',
      refType: 'promotion',
      refId: r.id,
      memberId: r.member_id,
      memo: `${r.promotion_id} ${r.period_key}`,
      idemKey: rewardIdemKey(r.promotion_id, r.member_id, r.period_key),
      lines: [
        { account: houseAccount('bonus_expense'), amount: -Number(r.amount) },
        { account: memberAccount(r.member_id, 'central'), amount: Number(r.amount) },
      ],
    },
    now,
  );
  if (Number(r.wagering) > 0) await turnoverRepository.add(tx, r.member_id, 'required', Number(r.wagering));
  await repo.setRewardJournal(tx, r.id, journalId);
}

/**
 * Records and pays (or flags) one reward in the caller's transaction. Returns the reward row, or null
 * when this member already has the reward of this rule and period (nothing changes).
 */
export async function grantReward(tx: DbOrTx, g: RewardInput, now = Date.now()): Promise<PromoRewardTable | null> {
  if (!Number.isSafeInteger(g.amountFen) || g.amountFen <= 0) return null;
  const near = await repo.sharedWithRewarded(tx, g.memberId, g.promo.id);
  const reasons = [...(g.flag ? [g.flag] : []), ...near.map((n) => `${n.via}:${n.member_id}`)];
  const row: PromoRewardTable = {
    id: randomId(),
    promotion_id: g.promo.id,
    member_id: g.memberId,
    site_code: g.promo.site_code,
    period_key: g.periodKey,
    amount: g.amountFen,
    wagering: Math.max(0, g.wageringFen),
    status: reasons.length > 0 ? 'flagged' : 'paid',
    source_cn: g.source.cn,
    source_tw: g.source.tw,
    ref: g.ref ?? '',
    flag_reason: reasons.length > 0 ? reasons.join(',') : null,
    journal_id: null,
    decided_by: null,
    decided_at: null,
    created_at: now,
  };
  if (!(await repo.insertReward(tx, row))) return null;
  if (row.status === 'paid') await credit(tx, row, now);
  return row;
}

/** An operator pays a flagged reward (once) or refuses it. */
export async function decideReward(
  tx: DbOrTx,
  id: string,
  decision: 'paid' | 'refused',
  operator: string,
  now = Date.now(),
): Promise<PromoRewardTable | null> {
  if (!(await repo.decide(tx, id, decision, operator, now))) return null;
  const r = (await repo.reward(tx, id))!;
  if (decision === 'paid') await credit(tx, r, now);
  return r;
}

/** Wagering of a deposit bonus: bonus × multiple, or (deposit + bonus) × multiple. */
export function depositWagering(depositFen: number, bonusFen: number, multiple: number, base: 'bonus' | 'deposit_bonus'): number {
  return (base === 'bonus' ? bonusFen : depositFen + bonusFen) * multiple;
}
