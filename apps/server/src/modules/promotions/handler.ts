/** What each promotion type implements; the service runs the common guards around it. */
import { StatusCode, type Locale, type TextKey, type promotionDetail } from '@portal/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/connect.ts';
import type { MemberTable, PromoParticipationTable, PromoRewardTable, PromotionTable } from '../../db/schema.ts';
import type { SiteRow } from '../site/repository.ts';
import { fail } from '../../lib/errors.ts';
import { fmt } from './view.ts';

export interface PromoCtx {
  db: DbOrTx;
  promo: PromotionTable;
  member: MemberTable;
  site: SiteRow;
  /** The brand's address for links (modules/site brandUrl: configured, else the request's origin). */
  brandUrl: string;
  locale: Locale;
  now: number;
  participation: PromoParticipationTable | undefined;
}

export interface JoinOutcome {
  joined: boolean;
  rewards: PromoRewardTable[];
  spin?: SpinView | null;
  message: string;
}

export interface SpinView {
  spinNo: number;
  prizeIndex: number;
  label: string;
  amount: string;
  commit: string;
  seed: string;
  hmac: string;
  createdAt: string;
}

export type Detail = Partial<Omit<z.input<typeof promotionDetail>, 'activity' | 'joined' | 'joinedAt' | 'eligible' | 'reason' | 'rewards'>>;

export interface TypeHandler {
  /** null when the member may take part now, else the reason (localized). */
  eligibility(c: PromoCtx): Promise<string | null>;
  /** Runs in a transaction (c.db is the transaction). */
  join(c: PromoCtx, option: string | undefined): Promise<JoinOutcome>;
  detail(c: PromoCtx): Promise<Detail>;
}

/** The member's participation in the promotion, joined now (no wheel seed yet). */
export const participationOf = (c: PromoCtx): PromoParticipationTable => ({
  promotion_id: c.promo.id,
  member_id: c.member.id,
  site_code: c.member.site_code,
  joined_at: c.now,
  next_seed: null,
  next_commit: null,
  spins_used: 0,
});

/** A business refusal (6012) with a catalogue text. */
export const refuse = (key: TextKey, locale: Locale, vars?: Record<string, string>): never =>
  fail(StatusCode.WARNING, { message: fmt(key, locale, vars) });

/** The answer of a call that produced rewards: paid, or held for review. */
export function rewardMessage(rewards: PromoRewardTable[], locale: Locale): string {
  return fmt(rewards.some((r) => r.status === 'flagged') ? 'PROMO_REWARD_REVIEW' : 'PROMO_REWARD_OK', locale);
}
