/**
 * Friend invitation: each member has an invite code and a link carrying it (icode, plus the member's own
 * agent code as rcode). Registration stores the code the invitee came with (members.icode), which names
 * the inviter. When an invitee's credited deposit reaches the minimum, the inviter is rewarded once per
 * invitee (up to a maximum); an invitee on the inviter's own device or network is held for review.
 */
import { randomInt } from 'node:crypto';
import { formatAmount, yuan } from '@portal/rules';
import type { DbOrTx } from '../../../db/connect.ts';
import type { PromoDepositEventTable, PromoRewardTable, PromotionTable } from '../../../db/schema.ts';
import { grantReward } from '../engine.ts';
import { refuse, type PromoCtx, type TypeHandler } from '../handler.ts';
import { parseParams } from '../params.ts';
import { promoRepository as repo } from '../repository.ts';
import { iso, maskName, statusOf } from '../view.ts';

/** Unambiguous characters (no 0/O, 1/I). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** The member's invite code, created on first use (a handful of retries covers a collision). */
export async function ensureInviteCode(db: DbOrTx, memberId: string, siteCode: number, now: number): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const have = await repo.inviteCode(db, memberId);
    if (have) return have.code;
    const code = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    await repo.insertInviteCode(db, memberId, siteCode, code, now);
  }
  throw new Error('invite code: no free code after 5 tries');
}

export function inviteLink(h5DomainUrl: string, code: string, rcode: string | null): string {
  const u = new URL(h5DomainUrl);
  u.pathname = '/';
  u.searchParams.set('icode', code);
  if (rcode) u.searchParams.set('rcode', rcode);
  return u.toString();
}

export const inviteHandler: TypeHandler = {
  async eligibility() {
    return null;
  },
  async join(c) {
    return refuse('PROMO_AUTO', c.locale);
  },
  async detail(c: PromoCtx) {
    const q = parseParams('friend_invite', JSON.parse(c.promo.params_json));
    const code = await ensureInviteCode(c.db, c.member.id, c.member.site_code, c.now);
    const invitees = await repo.invitees(c.db, c.member.site_code, code);
    const rewards = await repo.rewardsOf(c.db, c.member.id, c.promo.id);
    const byInvitee = new Map(rewards.map((r) => [r.ref, r]));
    return {
      invite: {
        code,
        link: inviteLink(c.brandUrl, code, c.member.rcode),
        bonus: yuan(q.bonusFen),
        minDeposit: yuan(q.minDepositFen),
        rewardTotal: yuan(rewards.filter((r) => r.status === 'paid').reduce((s, r) => s + Number(r.amount), 0)),
        invitees: invitees.map((m) => ({
          name: maskName(m.name),
          registeredAt: iso(m.created_at),
          qualified: byInvitee.has(m.id),
          rewardStatus: byInvitee.get(m.id)?.status ?? null,
        })),
      },
    };
  },
};

/** An invitee's credited deposit: the inviter's reward, once per invitee. */
export async function inviteRewards(
  tx: DbOrTx,
  e: PromoDepositEventTable,
  promos: PromotionTable[],
  now: number,
): Promise<PromoRewardTable[]> {
  const invites = promos.filter((p) => p.type === 'friend_invite' && statusOf(p, Number(e.paid_at)) === 'active');
  if (invites.length === 0) return [];
  const invitee = await repo.member(tx, e.member_id);
  if (!invitee?.icode) return [];
  const inviter = await repo.inviterByCode(tx, e.site_code, invitee.icode);
  if (!inviter || inviter.member_id === invitee.id) return [];
  const link = await repo.sharedBetween(tx, invitee.id, inviter.member_id);
  const out: PromoRewardTable[] = [];
  for (const p of invites) {
    const q = parseParams('friend_invite', JSON.parse(p.params_json));
    if (Number(e.amount) < q.minDepositFen) continue;
    if ((await repo.rewardCount(tx, p.id, inviter.member_id)) >= q.maxInvitees) continue;
    const name = maskName(invitee.name);
    const r = await grantReward(
      tx,
      {
        promo: p,
        memberId: inviter.member_id,
        periodKey: `invitee:${invitee.id}`,
        amountFen: q.bonusFen,
        wageringFen: q.bonusFen * q.multiple,
        ref: invitee.id,
        flag: link ? `invitee-${link}:${invitee.id}` : null,
        source: {
          cn: `好友 ${name} 存款 ${formatAmount(Number(e.amount))} 元`,
          tw: `好友 ${name} 存款 ${formatAmount(Number(e.amount))} 元`,
        },
      },
      now,
    );
    if (r) out.push(r);
  }
  return out;
}
