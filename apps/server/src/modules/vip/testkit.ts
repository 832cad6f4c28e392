/** Test helpers for the VIP suites: members with credited deposits and settled bets. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { memberAccount } from '../../ledger/accounts.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import type { Harness } from '../../test/harness.ts';
import { recordSettledBet, turnoverRepository } from '../turnover/repository.ts';

export const U = '/site/api/v1/user/';
export const A = '/act/api/v1/';

export function vipKit(h: () => Harness, net: number) {
  let ipSeq = 0;
  let betSeq = 0;
  const kit = {
    newMember: (site = 7000) =>
      h().member(undefined, undefined, { ip: `10.${net}.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`, site }),
    /** A real deposit: order, sandbox page, signed notification (credits once; the VIP check runs after). */
    async deposit(token: string, yuan: number, site = 7000) {
      const r = await h().call(
        '/fd/api/v1/payment/pay',
        { channelId: 'bank', amount: String(yuan) },
        { token, site, headers: { 'idempotency-key': `k-${randomUUID()}` } },
      );
      expect(r.status_code).toBe(6000);
      const res = await h().app.inject({ method: 'POST', url: `/sandbox/pay/${r.data.orderNo}/pay` });
      expect(res.statusCode).toBe(200);
      await h().s.sandboxPayments!.settle();
    },
    /** A settled bet of `validFen` valid turnover in `category`, at `atMs`. */
    async bet(memberId: string, category: string, validFen: number, atMs = Date.now(), siteCode = 7000) {
      await h()
        .s.handle.db.transaction()
        .execute((tx) =>
          recordSettledBet(tx, {
            memberId,
            siteCode,
            channelCode: `SB${category}`,
            category,
            betRef: `b${++betSeq}-${randomUUID()}`,
            stakeFen: validFen,
            validFen,
            payoutFen: 0,
            settledAtMs: atMs,
          }),
        );
    },
    central: (id: string) => balanceOf(h().s.handle.db, memberAccount(id, 'central')),
    required: async (id: string) => (await turnoverRepository.get(h().s.handle.db, id)).required,
    call: (path: string, body: unknown, token: string, o: { key?: string; site?: number } = {}) =>
      h().call(path, body, { token, site: o.site ?? 7000, headers: { 'idempotency-key': o.key ?? `k-${randomUUID()}` } }),
    claim: (token: string, id: string, key?: string) => kit.call(`${A}vipWelfare/receive`, { id }, token, key ? { key } : {}),
    welfare: async (token: string) =>
      (await kit.call(`${A}vipWelfare/list`, {}, token)).data as { grade: number; items: Array<Record<string, any>> },
  };
  return kit;
}
