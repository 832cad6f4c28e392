/** Test helpers of the promotion suites: members on their own device and network, deposits, bets. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { memberAccount } from '../../ledger/accounts.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { freshMember, newUuid, nextIp } from '../../test/flows.ts';
import { md5, uniqueName, type CallOptions, type Harness } from '../../test/harness.ts';
import { recordSettledBet, turnoverRepository } from '../turnover/repository.ts';

export const A = '/act/api/v1/promotion/';

export interface M {
  token: string;
  userId: string;
  name: string;
  o: CallOptions;
}

/** A member on a device and network of its own (unless given), so abuse checks do not link test members. */
export async function promoMember(h: Harness, o: { uuid?: string; ip?: string; site?: number; iCode?: string } = {}): Promise<M> {
  const opts: CallOptions = { uuid: o.uuid ?? newUuid(), ip: o.ip ?? nextIp(), ...(o.site ? { site: o.site } : {}) };
  if (o.iCode) {
    const cap = await h.imageCaptcha(1, o.site ?? 7000);
    const name = uniqueName('i');
    const r = await h.call(
      '/site/api/v1/user/register',
      {
        name,
        password: md5('Abc12345xy'),
        secondPassword: md5('Abc12345xy'),
        ...cap,
        domain: `http://localhost/?icode=${o.iCode}`,
        iCode: o.iCode,
      },
      opts,
    );
    expect(r.status_code, JSON.stringify(r)).toBe(6000);
    const l = await h.call(
      '/site/api/v1/user/login',
      { isAgent: 0, name, password: md5('Abc12345xy'), version: '1.0', kaptchcate: 99, codeId: r.data.codeId, code: r.data.code },
      opts,
    );
    return { token: l.data.token, userId: l.data.userId, name, o: { ...opts, token: l.data.token } };
  }
  const m = await freshMember(h, opts);
  return { token: m.token, userId: m.userId, name: m.name, o: { ...opts, token: m.token } };
}

export const call = (h: Harness, m: M, path: string, body: unknown = {}) => h.call(path, body, m.o);
export const join = (h: Harness, m: M, activityId: string, option?: string) =>
  call(h, m, `${A}joinActivity`, { activityId, ...(option ? { option } : {}) });
export const info = (h: Harness, m: M, activityId: string) => call(h, m, `${A}confirmInfo`, { activityId });

/** A credited deposit through the sandbox provider's page (signed notification and all). */
export async function deposit(h: Harness, m: M, yuan: number): Promise<string> {
  Object.assign(h.s.sandboxPayments!.opts, { maxDelayMs: 0, duplicateRate: 0, outOfOrderRate: 0 });
  const r = await h.call(
    '/fd/api/v1/payment/pay',
    { channelId: yuan < 100 ? 'ewallet' : 'bank', amount: String(yuan) },
    { ...m.o, headers: { 'idempotency-key': `k-${randomUUID()}` } },
  );
  expect(r.status_code, JSON.stringify(r)).toBe(6000);
  const res = await h.app.inject({ method: 'POST', url: `/sandbox/pay/${r.data.orderNo}/pay` });
  expect(res.statusCode).toBe(200);
  await h.s.sandboxPayments!.settle();
  return r.data.orderNo as string;
}

let betSeq = 0;
/** A settled bet with this much valid turnover (fen), today unless `at` is given. */
export async function bet(h: Harness, m: M, validFen: number, at = Date.now(), category = 'TY', siteCode = 7000): Promise<void> {
  await recordSettledBet(h.s.handle.db, {
    memberId: m.userId,
    siteCode,
    channelCode: 'CRTY',
    category,
    betRef: `b${Date.now()}-${betSeq++}`,
    stakeFen: validFen,
    validFen,
    payoutFen: 0,
    settledAtMs: at,
  });
}

export const central = (h: Harness, m: M) => balanceOf(h.s.handle.db, memberAccount(m.userId, 'central'));
export const required = async (h: Harness, m: M) => (await turnoverRepository.get(h.s.handle.db, m.userId)).required;
export const rewards = (h: Harness, memberId: string) =>
  h.s.handle.db.selectFrom('promo_rewards').selectAll().where('member_id', '=', memberId).execute();
