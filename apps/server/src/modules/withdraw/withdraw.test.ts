import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { balanceOf, post } from '../../ledger/ledger.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { FUND_PASSWORD as SECOND, bindPhone, nextPhone, ok, readyToWithdraw, runOpsCommand } from '../../test/flows.ts';
import { createHarness, md5, type Harness } from '../../test/harness.ts';
import { turnoverRepository } from '../turnover/repository.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const F = '/fd/api/v1/';
let ipSeq = 0;
const newMember = () => h.member(undefined, undefined, { ip: `10.99.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}` });

/** A member ready to withdraw: phone, real name, second password, a card, funds, turnover met. */
async function ready(fen: number) {
  const m = await newMember();
  const cardId = await readyToWithdraw(h, m.token);
  await h.s.handle.db.transaction().execute((tx) =>
    post(tx, {
      kind: 'deposit',
      currency: 'CNY',
      refType: 'test',
      refId: m.userId,
      memberId: m.userId,
      lines: [
        { account: houseAccount('clearing', 'test'), amount: -fen },
        { account: memberAccount(m.userId, 'central'), amount: fen },
      ],
    }),
  );
  return { ...m, cardId };
}
const withdraw = (token: string, body: Record<string, unknown>) =>
  h.call(`${F}withdraw/new`, body, { token, headers: { 'idempotency-key': `k-${randomUUID()}` } });
const central = (id: string) => balanceOf(h.s.handle.db, memberAccount(id, 'central'));

describe('bank cards', () => {
  it('need a bound phone (6015) and a real name (6449); the holder must be the real name; shown masked', async () => {
    const m = await newMember();
    const add = (body: Record<string, unknown>) => h.call(`${F}bankCard/add`, body, { token: m.token });
    const card = { bankCode: 'CMB', cardNo: '6225880123456789', holderName: '李四' };
    expect((await add(card)).status_code).toBe(6015);
    await bindPhone(h, m.token, nextPhone());
    expect((await add(card)).status_code).toBe(6449);
    await h.call('/site/api/v1/user/member/bindOther', { realName: '李四' }, { token: m.token });
    const wrongHolder = await add({ ...card, holderName: '王五' });
    expect(wrongHolder.message).toBe('持卡人姓名须与真实姓名一致');
    const ok = await add(card);
    expect(ok.data).toMatchObject({ bankName: '招商银行', cardNo: '**** **** **** 6789', holderName: '李四' });
    const list = await h.call(`${F}bankCard/queryMemberBanksInfoList`, {}, { token: m.token, method: 'GET' });
    expect((await h.call(`${F}bankCard/withdraw/add/list`, {}, { token: m.token, method: 'GET' })).data.length).toBeGreaterThan(10);
    expect(list.data.cards).toHaveLength(1);
    expect((await add(card)).status_code).toBe(6009);
  });
});

describe('withdrawals', () => {
  it('locks the funds while pending; payout posts them out; rejection returns them', async () => {
    const m = await ready(100_000);
    const a = await withdraw(m.token, { amount: '300', method: 'bank', targetId: m.cardId, secondPassword: md5(SECOND) });
    expect(a.data).toMatchObject({ status: 'pending', amount: '300.00' });
    expect(await central(m.userId)).toBe(70_000);
    expect(await balanceOf(h.s.handle.db, memberAccount(m.userId, 'locked'))).toBe(30_000);
    await h.s.withdrawReview.approveAs(a.data.orderNo, 'risk-ann');
    await h.s.withdrawReview.payAs(a.data.orderNo, 'fin-carl');
    const b = await withdraw(m.token, { amount: '200', method: 'bank', targetId: m.cardId, secondPassword: md5(SECOND) });
    await h.s.withdrawReview.reject(b.data.orderNo, 'risk-ann', '银行信息有误', 'any');
    expect(await central(m.userId)).toBe(70_000);
    expect(await balanceOf(h.s.handle.db, memberAccount(m.userId, 'locked'))).toBe(0);
    await expect(h.s.withdrawReview.reject(b.data.orderNo, 'risk-ann', 'again', 'any')).rejects.toThrow('订单状态已变更');
    const orders = await h.call(`${F}withdraw/withdrawOrderInfo`, {}, { token: m.token });
    expect(orders.data.list.map((o: { status: string }) => o.status)).toEqual(['rejected', 'paid']);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('a zh-TW request gets every check in Traditional Chinese (issue 12: one catalogue)', async () => {
    const m = await ready(5_000_000);
    const body = { amount: '100', method: 'bank', targetId: m.cardId, secondPassword: md5(SECOND) };
    const tw = { token: m.token, headers: { 'x-lang': 'zh-TW' } };
    const twWithdraw = (b: Record<string, unknown>) =>
      h.call(`${F}withdraw/new`, b, { ...tw, headers: { ...tw.headers, 'idempotency-key': `k-${randomUUID()}` } });
    expect((await twWithdraw({ ...body, amount: '99' })).message).toBe('單筆取款金額為100-50,000元');
    expect((await twWithdraw({ ...body, targetId: 'nope' })).message).toBe('請先綁定銀行卡');
    expect((await twWithdraw({ ...body, method: 'usdt', targetId: 'nope' })).message).toBe('請先綁定錢包地址');
    await turnoverRepository.add(h.s.handle.db, m.userId, 'required', 150_000);
    await turnoverRepository.add(h.s.handle.db, m.userId, 'done', 50_000);
    expect((await twWithdraw(body)).message).toBe('還需完成有效投注 1,000 元才能取款');
    await turnoverRepository.add(h.s.handle.db, m.userId, 'done', 100_000);
    for (let i = 0; i < 5; i++) expect((await twWithdraw(body)).status_code).toBe(6000);
    expect((await twWithdraw(body)).message).toBe('今日取款次數已達上限');
    const card = { bankCode: 'ICBC', cardNo: '6222 0212 3456 7890 123', holderName: '张三丰' };
    expect((await h.call(`${F}bankCard/add`, { ...card, holderName: '王五' }, tw)).message).toBe('持卡人姓名須與真實姓名一致');
    expect((await h.call(`${F}bankCard/add`, card, tw)).message).toBe('該銀行卡已新增');
    const banks = await h.call(`${F}bankCard/withdraw/add/list`, {}, { ...tw, method: 'GET' });
    expect(banks.data).toContainEqual({ bankCode: 'ICBC', bankName: '中國工商銀行' });
    // The member's own cards name their bank in zh-TW too (the withdrawal form and the card page read them).
    const mine = await h.call(`${F}bankCard/queryMemberBanksInfoList`, {}, { ...tw, method: 'GET' });
    expect(mine.data.cards.map((c: { bankName: string }) => c.bankName)).toContain('中國工商銀行');
    expect((await h.call(`${F}withdraw/withdrawInfo`, {}, tw)).data.cards.map((c: { bankName: string }) => c.bankName)).toContain(
      '中國工商銀行',
    );
  });

  it('checks: limits, second password (6100), target, turnover still to wager, daily count', async () => {
    const m = await ready(5_000_000);
    const body = { amount: '100', method: 'bank', targetId: m.cardId, secondPassword: md5(SECOND) };
    expect((await withdraw(m.token, { ...body, amount: '99' })).message).toBe('单笔取款金额为100-50,000元');
    const wrong = await withdraw(m.token, { ...body, secondPassword: md5('nope12345') });
    expect(wrong.status_code).toBe(6100);
    expect(wrong.message).toBe('取款密码错误');
    expect((await withdraw(m.token, { ...body, targetId: 'nope' })).message).toBe('请先绑定银行卡');
    await turnoverRepository.add(h.s.handle.db, m.userId, 'required', 150_000);
    await turnoverRepository.add(h.s.handle.db, m.userId, 'done', 50_000);
    expect((await withdraw(m.token, body)).message).toBe('还需完成有效投注 1,000 元才能取款');
    const info = await h.call(`${F}withdraw/withdrawInfo`, {}, { token: m.token });
    expect(info.data).toMatchObject({ turnoverRemaining: '1000.00', hasSecondPassword: true });
    await turnoverRepository.add(h.s.handle.db, m.userId, 'done', 100_000);
    for (let i = 0; i < 5; i++) expect((await withdraw(m.token, body)).status_code).toBe(6000);
    expect((await withdraw(m.token, body)).message).toBe('今日取款次数已达上限');
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('a deposit adds to the turnover requirement', async () => {
    const m = await newMember();
    const r = await h.call(
      `${F}payment/pay`,
      { channelId: 'bank', amount: '500' },
      { token: m.token, headers: { 'idempotency-key': `k-${randomUUID()}` } },
    );
    await h.app.inject({ method: 'POST', url: `/sandbox/pay/${r.data.orderNo}/pay` });
    await h.s.sandboxPayments!.settle();
    expect(await turnoverRepository.get(h.s.handle.db, m.userId)).toEqual({ required: 50_000, done: 0 });
  });
});

describe('funds letters', () => {
  const fdLetters = async (token: string) =>
    ok(await h.call('/site/api/v1/site/letter/list', { type: 'fd' }, { token })).data.list as Array<{ title: string; content: string }>;
  // Four eyes on the CLI too: the approver (ops-ann) may not pay; ops-bob pays.
  const ops = (...argv: string[]) => runOpsCommand(h, argv[0] === 'withdraw:approve' ? 'ops-ann' : 'ops-bob', ...argv).then((r) => r.code);

  it("paid out: one fd letter with amount, order and account (none at approval); rejected: one with the operator's reason", async () => {
    const m = await ready(100_000);
    const body = { method: 'bank', targetId: m.cardId, secondPassword: md5(SECOND) };
    const a = (await withdraw(m.token, { ...body, amount: '300' })).data.orderNo as string;
    expect(await ops('withdraw:approve', a)).toBe(0);
    expect(await fdLetters(m.token)).toEqual([]);
    expect(await ops('withdraw:payout', a)).toBe(0);
    expect(await ops('withdraw:payout', a)).not.toBe(0); // a retried payout is refused and sends nothing
    expect(await fdLetters(m.token)).toEqual([
      expect.objectContaining({
        title: '取款成功通知',
        content: `您的取款已出款，金额 300 元，订单号 ${a}，收款账户 中国工商银行 **** **** **** 0123。到账时间以银行或钱包为准，如有疑问，请联系在线客服。`,
      }),
    ]);

    const b = (await withdraw(m.token, { ...body, amount: '200' })).data.orderNo as string;
    expect(await ops('withdraw:reject', b, '银行卡信息有误，请核对后重新提交。')).toBe(0);
    expect(await ops('withdraw:reject', b, 'again')).not.toBe(0);
    const letters = await fdLetters(m.token);
    expect(letters).toHaveLength(2);
    expect(letters[0]).toMatchObject({
      title: '取款未通过通知',
      content: `您的取款申请未通过审核，金额 200 元，订单号 ${b}。原因：银行卡信息有误，请核对后重新提交。冻结的 200 元已退回中心钱包，如有疑问，请联系在线客服。`,
    });
    expect(ok(await h.call('/site/api/v1/site/letter/getUnreadForType', { userSystem: 'web' }, { token: m.token })).data).toMatchObject({
      fd: 2,
    });
  });
});
