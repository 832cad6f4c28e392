/**
 * Member pushes on the hub (a listening app, real `ws` clients): a letter or a feedback reply to member A
 * reaches every socket logged in as A — and no socket of another member or of a guest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/contract';
import type { WithdrawOrderTable } from '../db/schema.ts';
import { U, freshMember, ok } from '../test/flows.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { RedisBus } from './bus.ts';
import { MEMBER_IDS_PER_MESSAGE, MEMBER_TOPIC, publishUnread } from './members.ts';
import { drained, guest, memberSocket, wsUrl, type TestSocket } from './testClient.ts';

let h: Harness;
let url: string;
beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = wsUrl((h.app.server.address() as { port: number }).port);
});
afterAll(async () => h.close());

const isUnread = (m: { msgId: number }) => m.msgId === MSG.MEMBER_UNREAD;
const pushes = (s: TestSocket) => s.messages.filter(isUnread).map((m) => m.msgData.kind as string);
async function member() {
  const m = await freshMember(h);
  const jwt = (await h.call(`${U}member/jwt`, {}, { token: m.token })).data.jwt as string;
  return { ...m, socket: () => memberSocket(url, m.token, jwt) };
}
const letter = (names: string[], o: { startAt?: number } = {}) =>
  h.s.messages.sendLetter(
    {
      siteCode: 7000,
      segment: { kind: 'members', names },
      type: names.length > 1 ? 'bulletin' : 'notice',
      title: '系统通知',
      content: '通知内容',
      ...o,
    },
    'tester',
  );

describe('member pushes', () => {
  it("a letter to member A reaches both of A's tabs, not member B's socket nor a guest's", async () => {
    const a = await member();
    const b = await member();
    const [a1, a2, b1, g] = [await a.socket(), await a.socket(), await b.socket(), await guest(url)];
    await letter([a.name]);
    for (const s of [a1, a2]) expect((await s.next(isUnread)).msgData).toEqual({ kind: 'letter' });
    for (const s of [b1, g]) await drained(s);
    expect([pushes(b1), pushes(g)]).toEqual([[], []]);
    // A letter to both (a broadcast): one push each.
    await letter([a.name, b.name]);
    await b1.next(isUnread);
    for (const s of [a1, a2, b1, g]) await drained(s);
    expect([pushes(a1), pushes(a2), pushes(b1), pushes(g)]).toEqual([['letter', 'letter'], ['letter', 'letter'], ['letter'], []]);
    for (const s of [a1, a2, b1, g]) s.ws.close();
  });

  it('a funds letter pushes once however often its event is retried; a feedback reply pushes "feedback"; a scheduled letter waits', async () => {
    const a = await member();
    const s = await a.socket();
    const order = {
      order_no: `W-push-${a.userId}`,
      member_id: a.userId,
      site_code: 7000,
      amount: 10_000,
      fee: 0,
      target: 'TRC20 T1',
      remark: '账户异常',
    } as WithdrawOrderTable;
    for (let i = 0; i < 3; i++) await h.s.messages.sendFundsLetter({ kind: 'withdraw_rejected', order });
    await letter([a.name], { startAt: Date.now() + 3_600_000 });
    const fb = ok(
      await h.call(
        `${U}feedback/addFeedBack`,
        { type: 'deposit', content: '存款已经成功但余额没有到账，请帮忙查询一下。' },
        { token: a.token },
      ),
    ).data;
    await h.s.feedback.reply(fb.id, '已为您核实，款项已到账。', 'tester');
    await s.next((m) => isUnread(m) && m.msgData.kind === 'feedback');
    await drained(s);
    expect(pushes(s)).toEqual(['letter', 'feedback']);
    s.ws.close();
  });

  it('a socket that logs out to a guest, or closes, gets nothing more; a malformed bus message is dropped', async () => {
    const a = await member();
    const [stays, leaves, closes] = [await a.socket(), await a.socket(), await a.socket()];
    leaves.send({ msgId: MSG.GUEST_LOGIN });
    await leaves.next((m) => m.msgId === MSG.GUEST_LOGIN);
    closes.ws.close();
    await closes.closed;
    await h.s.bus.publish(MEMBER_TOPIC, JSON.stringify({ memberIds: [a.userId], kind: 'balance' }));
    await h.s.bus.publish(MEMBER_TOPIC, '{not json');
    await letter([a.name]);
    await stays.next(isUnread);
    await drained(leaves);
    expect([pushes(stays), pushes(leaves)]).toEqual([['letter'], []]);
    stays.ws.close();
    leaves.ws.close();
  });

  it('a long recipient list is published in bounded bus messages', async () => {
    const seen: string[][] = [];
    const off = h.s.bus.subscribe(MEMBER_TOPIC, (json) => seen.push(JSON.parse(json).memberIds));
    const ids = Array.from({ length: MEMBER_IDS_PER_MESSAGE * 2 + 1 }, (_, i) => `m${i}`);
    if (h.s.bus instanceof RedisBus) await h.s.bus.ready();
    await publishUnread(h.s.bus, ids, 'letter');
    for (let i = 0; i < 100 && seen.length < 3; i++) await new Promise((r) => setTimeout(r, 10)); // Redis delivers asynchronously
    off();
    expect(seen.map((x) => x.length)).toEqual([MEMBER_IDS_PER_MESSAGE, MEMBER_IDS_PER_MESSAGE, 1]);
    expect(seen.flat()).toEqual(ids);
  });
});
