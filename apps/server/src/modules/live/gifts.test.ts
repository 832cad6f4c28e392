/**
 * Live-room gifts through the ledger: one balanced journal member → the host's gift account, once per
 * Idempotency-Key (a double send moves money once and pushes once), a failed debit writes and pushes nothing,
 * the brand's list and prices, the limits; the room sees 10017 and a gift line in its history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_LIMITS, MSG } from '@portal/contract';
import { createHarness, type Harness } from '../../test/harness.ts';
import { U, creditCentral, expectFail, ok } from '../../test/flows.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { memberAccount } from '../../ledger/accounts.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { drained, memberSocket, wsUrl, type TestSocket } from '../../realtime/testClient.ts';
import { giftAccount } from './gifts.ts';

let h: Harness;
let url: string;
const ops = { staff: 'mod1' };
const is = (id: number) => (m: { msgId: number }) => m.msgId === id;
let key = 0;
const idem = () => ({ 'idempotency-key': `gift-test-${Date.now()}-${++key}` });

beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = wsUrl((h.app.server.address() as { port: number }).port);
});
afterAll(async () => h.close());

async function viewer(): Promise<{ id: string; token: string; s: TestSocket }> {
  const m = await h.member();
  const jwt = (await h.call(`${U}member/jwt`, {}, { token: m.token })).data.jwt as string;
  return { id: m.userId, token: m.token, s: await memberSocket(url, m.token, jwt) };
}
async function joined(s: TestSocket, roomId: string) {
  s.send({ msgId: MSG.JOIN_ROOM, msgData: { roomId } });
  await s.next(is(MSG.JOIN_ROOM));
}
const central = (id: string) => balanceOf(h.s.handle.db, memberAccount(id, 'central'));
const gift = (token: string, body: object, headers = idem()) => h.call('/stream/api/v1/gift', body, { token, headers });

describe('gifts', () => {
  it('a gift is one journal to the host, pushed to the room as 10017 and kept in the history; a retry moves nothing', async () => {
    const r = await h.s.live.createRoom(ops, 7000, { title: '送礼测试', hostName: '小美', hostStaff: 'host-gift-1' });
    const a = await viewer();
    const b = await viewer();
    await creditCentral(h, a.id, 10_000);
    await joined(a.s, r.id);
    await joined(b.s, r.id);
    const headers = idem();
    const first = ok(await gift(a.token, { roomId: r.id, giftCode: 'ball', count: 3 }, headers)).data;
    expect(first).toMatchObject({ amount: '30.00', balance: '70.00' });
    const push = (await b.s.next(is(MSG.GIFT_PUSH))).msgData;
    expect(push).toMatchObject({ roomId: r.id, giftCode: 'ball', count: 3, from: a.id });
    expect((await b.s.next(is(MSG.CHAT_SEND))).msgData).toMatchObject({ kind: 'gift', text: 'ball:3', userId: a.id });
    // The same key again: the same gift answered, no second debit, no second push.
    const again = ok(await gift(a.token, { roomId: r.id, giftCode: 'ball', count: 3 }, headers)).data;
    expect(again).toEqual(first);
    expect(await central(a.id)).toBe(7_000);
    expect(await balanceOf(h.s.handle.db, giftAccount('host-gift-1'))).toBe(3_000);
    // The same key with another request is a conflict and moves nothing.
    expect((await gift(a.token, { roomId: r.id, giftCode: 'ball', count: 1 }, headers)).status_code).not.toBe(6000);
    await drained(b.s);
    expect(b.s.messages.filter(is(MSG.GIFT_PUSH))).toHaveLength(1);
    expect(b.s.messages.filter(is(MSG.CHAT_SEND))).toHaveLength(1);
    const hist = ok(await h.call('/stream/api/v1/history', { roomId: r.id })).data.list;
    expect(hist).toEqual([expect.objectContaining({ kind: 'gift', text: 'ball:3', userId: a.id })]);
    const journals = await h.s.handle.db
      .selectFrom('ledger_journals')
      .selectAll()
      .where('ref_type', '=', 'live_gift')
      .where('member_id', '=', a.id)
      .execute();
    expect(journals).toHaveLength(1);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
    a.s.ws.close();
    b.s.ws.close();
  });

  it('two sends of one key at once (a double tap, a retry racing the first): one journal, one answer', async () => {
    const r = await h.s.live.createRoom(ops, 7000, { title: '并发测试', hostName: '小美', hostStaff: 'host-gift-4' });
    const a = await h.member();
    await creditCentral(h, a.userId, 1_000);
    const headers = idem();
    const [x, y] = await Promise.all([0, 1].map(() => gift(a.token, { roomId: r.id, giftCode: 'flag', count: 1 }, headers)));
    expect(ok(x!).data.giftId).toBe(ok(y!).data.giftId);
    expect(await central(a.userId)).toBe(500);
    expect(await balanceOf(h.s.handle.db, giftAccount('host-gift-4'))).toBe(500);
  });

  it('a failed debit (余额不足) writes nothing and pushes nothing; the limits and a closed room refuse first', async () => {
    const r = await h.s.live.createRoom(ops, 7000, { title: '余额测试', hostName: '小美', hostStaff: 'host-gift-2' });
    const a = await viewer();
    await creditCentral(h, a.id, 500);
    await joined(a.s, r.id);
    expectFail(await gift(a.token, { roomId: r.id, giftCode: 'ball', count: 1 }), 6007, '余额不足');
    expect(await central(a.id)).toBe(500);
    expect(await h.s.handle.db.selectFrom('live_gifts').select('member_id').where('member_id', '=', a.id).execute()).toEqual([]);
    expect(ok(await h.call('/stream/api/v1/history', { roomId: r.id })).data.list).toEqual([]);
    expect(await balanceOf(h.s.handle.db, giftAccount('host-gift-2'))).toBe(0);
    expectFail(await gift(a.token, { roomId: r.id, giftCode: 'rocket', count: 11 }), 6007, '单次送礼金额不能超过2000元');
    expectFail(await gift(a.token, { roomId: r.id, giftCode: 'nosuch', count: 1 }), 6004, '该礼物暂不可用');
    expect((await gift(a.token, { roomId: r.id, giftCode: 'heart', count: GIFT_LIMITS.MAX_COUNT + 1 })).status_code).toBe(6007);
    // No key: money endpoints need one.
    expect((await h.call('/stream/api/v1/gift', { roomId: r.id, giftCode: 'heart', count: 1 }, { token: a.token })).status_code).toBe(6007);
    await h.s.live.setStatus(ops, r, 'closed');
    expectFail(await gift(a.token, { roomId: r.id, giftCode: 'heart', count: 1 }), 6007, '直播间已关闭，暂不能送礼');
    await drained(a.s);
    expect(a.s.messages.filter(is(MSG.GIFT_PUSH))).toEqual([]);
    expect(await central(a.id)).toBe(500);
    a.s.ws.close();
  });

  it("each brand's list: its own prices, a gift taken off, names in the request's language", async () => {
    const zhCN = ok(await h.call('/stream/api/v1/gifts', {})).data.list;
    expect(zhCN.find((g: { code: string }) => g.code === 'trophy')).toMatchObject({ name: '奖杯', price: '52.00' });
    await h.s.liveGifts.setPrice(7000, 'trophy', 6_600, true);
    await h.s.liveGifts.setPrice(7000, 'rocket', 18_800, false);
    const tw = ok(await h.call('/stream/api/v1/gifts', {}, { headers: { 'x-lang': 'zh-TW' } })).data.list;
    expect(tw.find((g: { code: string }) => g.code === 'trophy')).toMatchObject({ name: '獎盃', price: '66.00' });
    expect(tw.map((g: { code: string }) => g.code)).not.toContain('rocket');
    const r = await h.s.live.createRoom(ops, 7000, { title: '价格测试', hostName: '小美', hostStaff: 'host-gift-3' });
    const a = await h.member();
    await creditCentral(h, a.userId, 100_000);
    expect(ok(await gift(a.token, { roomId: r.id, giftCode: 'trophy', count: 1 })).data.amount).toBe('66.00');
    expectFail(await gift(a.token, { roomId: r.id, giftCode: 'rocket', count: 1 }), 6004, '该礼物暂不可用');
    await h.s.liveGifts.setPrice(7000, 'trophy', 5_200, true);
    await h.s.liveGifts.setPrice(7000, 'rocket', 18_800, true);
  });
});
