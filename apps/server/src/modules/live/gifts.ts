/**
 * Live-room gifts (issue 34): a member buys a gift for a room's host from the central wallet. One balanced journal
 * — the member's central wallet → the house's gift account of that host (`live_gift`, ref: the host's staff id) —
 * written in one money step with the gift's row, once per Idempotency-Key: a retry answers the first send and moves
 * nothing; a failed debit (too little money, a debt, a refusal) writes nothing and pushes nothing. After the commit
 * the room sees it: a 10017 push and a gift line in the history (kind 'gift', text `code:count`).
 */
import { randomBytes } from 'node:crypto';
import { GIFT_LIMITS, LIVE_GIFTS, LIVE_MSG, StatusCode, type Locale, type LiveGiftWire } from '@portal/contract';
import { yuan } from '@portal/rules';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/connect.ts';
import { accountId, houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { refuseWhileOwing } from '../../ledger/debt.ts';
import { balanceOf, post } from '../../ledger/ledger.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { fail } from '../../lib/errors.ts';
import type { Eligibility } from '../compliance/eligibility.ts';
import type { MemberCaller } from '../user/caller.ts';
import type { LiveService } from './service.ts';

export interface BrandGift {
  code: string;
  priceFen: number;
  anim: string;
  name: Record<Locale, string>;
}

/** The house's gift revenue of one host: every gift sent in that host's rooms. */
export const giftAccount = (hostStaff: string) => houseAccount('live_gift', hostStaff);

const stored = z.object({ giftId: z.string() });
export type SentGift = { giftId: string; amount: string; balance: string };

export class GiftService {
  constructor(
    private readonly db: Db,
    private readonly live: LiveService,
    private readonly eligibility: Pick<Eligibility, 'check'> | null,
    private readonly now: () => number = Date.now,
  ) {}

  /** A brand's gifts: the catalogue with that brand's prices, less those it took off its list. */
  async catalogue(siteCode: number): Promise<BrandGift[]> {
    const rows = await this.db.selectFrom('live_gift_prices').selectAll().where('site_code', '=', siteCode).execute();
    const own = new Map(rows.map((r) => [r.gift_code, r]));
    return LIVE_GIFTS.filter((g) => Number(own.get(g.code)?.enabled ?? 1) === 1).map((g) => ({
      code: g.code,
      priceFen: Number(own.get(g.code)?.price ?? g.priceFen),
      anim: g.anim,
      name: g.name,
    }));
  }

  async list(siteCode: number, locale: Locale): Promise<LiveGiftWire[]> {
    return (await this.catalogue(siteCode)).map((g) => ({ code: g.code, name: g.name[locale], price: yuan(g.priceFen), anim: g.anim }));
  }

  /** An operator's price of a gift on a brand (fen), or the gift off the list (enabled false). Audited by the caller. */
  async setPrice(siteCode: number, giftCode: string, priceFen: number, enabled: boolean): Promise<void> {
    if (!LIVE_GIFTS.some((g) => g.code === giftCode)) fail(StatusCode.NOT_FOUND, { key: 'LIVE_GIFT_NOT_FOUND' });
    if (!Number.isSafeInteger(priceFen) || priceFen < 1 || priceFen > GIFT_LIMITS.MAX_PRICE_FEN) fail(StatusCode.INVALID_PARAMETER);
    await this.db
      .insertInto('live_gift_prices')
      .values({ site_code: siteCode, gift_code: giftCode, price: priceFen, enabled: enabled ? 1 : 0 })
      .onConflict((oc) => oc.columns(['site_code', 'gift_code']).doUpdateSet({ price: priceFen, enabled: enabled ? 1 : 0 }))
      .execute();
  }

  /** A member's gift to the room's host: checks in order, one money step, then the room's push. */
  async send(ctx: MemberCaller, i: { roomId: string; giftCode: string; count: number }): Promise<SentGift> {
    const siteCode = ctx.site.siteCode;
    const room = (await this.live.room(siteCode, i.roomId)) ?? fail(StatusCode.NOT_FOUND, { key: 'LIVE_ROOM_NOT_FOUND' });
    if (room.status === 'closed') fail(StatusCode.INVALID_PARAMETER, { key: 'LIVE_GIFT_ROOM_CLOSED' });
    const gift =
      (await this.catalogue(siteCode)).find((g) => g.code === i.giftCode) ?? fail(StatusCode.NOT_FOUND, { key: 'LIVE_GIFT_NOT_FOUND' });
    const amount = gift.priceFen * i.count;
    if (amount > GIFT_LIMITS.MAX_AMOUNT_FEN)
      fail(StatusCode.INVALID_PARAMETER, { key: 'LIVE_GIFT_OVER_LIMIT', vars: { max: String(GIFT_LIMITS.MAX_AMOUNT_FEN / 100) } });
    await this.eligibility?.check(ctx, 'gift', amount);
    const memberId = ctx.member.id;
    const giftId = `g${randomBytes(8).toString('hex')}`;
    const now = this.now();
    const r = await moneyStep(
      this.db,
      async (tx, requestKey) => {
        await refuseWhileOwing(tx, memberId);
        await tx
          .insertInto('live_gifts')
          .values({
            request_key: giftId,
            site_code: siteCode,
            room_id: room.id,
            member_id: memberId,
            gift_code: gift.code,
            count: i.count,
            amount,
            created_at: now,
          })
          .execute();
        const central = memberAccount(memberId, 'central');
        const { balances } = await post(
          tx,
          {
            kind: 'live.gift',
            currency: 'CNY',
            refType: 'live_gift',
            refId: giftId,
            memberId,
            memo: `${gift.code}×${i.count}`,
            requestKey,
            lines: [
              { account: central, amount: -amount },
              { account: giftAccount(room.host_staff), amount },
            ],
          },
          now,
        ); // a debit the wallet cannot cover: LedgerError INSUFFICIENT_FUNDS (余额不足), and the whole step rolls back
        const line = {
          room_id: room.id,
          member_id: memberId,
          name: ctx.member.name,
          vip: ctx.member.vipGrade ?? 0,
          kind: 'gift' as const,
          text: `${gift.code}:${i.count}`,
          shadow: 0,
          created_at: now,
        };
        const { id } = await tx.insertInto('live_messages').values(line).returning('id').executeTakeFirstOrThrow();
        return { giftId, balance: balances.get(accountId(central))!, line: { ...line, id: Number(id) } };
      },
      { scope: `live.gift:${memberId}`, key: ctx.requestKey, request: i, store: { before: { giftId } }, decode: stored.parse },
    );
    if (!r.fresh) return this.replay(r.stored.giftId, memberId);
    await this.live.push({
      roomId: room.id,
      msgId: LIVE_MSG.GIFT_PUSH,
      msgData: { roomId: room.id, giftCode: gift.code, name: ctx.member.name, count: i.count, from: memberId, ts: now },
      from: memberId,
    });
    // The gift's line in the chat, as history will show it (moderators may delete it like any message).
    const l = r.value.line;
    const msgData = { id: l.id, roomId: room.id, userId: memberId, name: l.name, vip: l.vip, text: l.text, ts: now, kind: l.kind };
    await this.live.push({ roomId: room.id, msgId: LIVE_MSG.CHAT_SEND, msgData, from: memberId });
    return { giftId, amount: yuan(amount), balance: yuan(r.value.balance) };
  }

  /** A retry's answer: the first send's gift and the wallet as it is now. */
  private async replay(giftId: string, memberId: string): Promise<SentGift> {
    const g = await this.db.selectFrom('live_gifts').select('amount').where('request_key', '=', giftId).executeTakeFirstOrThrow();
    return { giftId, amount: yuan(Number(g.amount)), balance: yuan(await centralBalance(this.db, memberId)) };
  }
}

const centralBalance = (db: DbOrTx, memberId: string): Promise<number> => balanceOf(db, memberAccount(memberId, 'central'));
