/** Finance console tests: members with a withdrawal waiting for review, and the books' state around it. */
import { randomUUID } from 'node:crypto';
import { memberAccount } from '../ledger/accounts.ts';
import { balanceOf } from '../ledger/ledger.ts';
import { FUND_PASSWORD, creditCentral, readyToWithdraw } from '../test/flows.ts';
import { md5, type Harness } from '../test/harness.ts';

let seq = 0;

/** A member (brand 7000) with `fundsFen` in the central wallet who asked to withdraw `yuan`: the order number. */
export async function withdrawalOf(h: Harness, yuan: number, fundsFen = 3_000_000) {
  seq++;
  const m = await h.member(undefined, undefined, { ip: `10.77.${Math.floor(seq / 250)}.${(seq % 250) + 1}` });
  const cardId = await readyToWithdraw(h, m.token);
  await creditCentral(h, m.userId, fundsFen);
  const r = await h.call(
    '/fd/api/v1/withdraw/new',
    { amount: String(yuan), method: 'bank', targetId: cardId, secondPassword: md5(FUND_PASSWORD) },
    { token: m.token, headers: { 'idempotency-key': `k-${randomUUID()}` } },
  );
  if (r.status_code !== 6000) throw new Error(`withdraw: ${JSON.stringify(r)}`);
  return { ...m, orderNo: r.data.orderNo as string };
}

export const moneyOf = async (h: Harness, memberId: string) => ({
  central: await balanceOf(h.s.handle.db, memberAccount(memberId, 'central')),
  locked: await balanceOf(h.s.handle.db, memberAccount(memberId, 'locked')),
});

/** The member's own view of their withdrawal (the portal's order list). */
export async function memberStatus(h: Harness, token: string, orderNo: string): Promise<string> {
  const r = await h.call('/fd/api/v1/withdraw/withdrawOrderInfo', {}, { token });
  return (r.data.list as Array<{ orderNo: string; status: string }>).find((o) => o.orderNo === orderNo)!.status;
}
