/**
 * Live rooms on the hub with real `ws` clients: every chat message id of spec §4, the guest and VIP gates,
 * moderation (mute, delete, clear, shadow-ban, word filter, contact details, flood, duplicates), a viewer's
 * block list, history paging (15 a page) and escaping (text stays text).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, MSG } from '@portal/contract';
import { createHarness, type Harness } from '../test/harness.ts';
import { U } from '../test/flows.ts';
import { SPORT_TOPIC } from './sport.ts';
import { drained, fakePush, guest, memberSocket, wsUrl, type TestSocket } from './testClient.ts';

let h: Harness;
let url: string;
const ops = { staff: 'mod1' };
const is = (id: number) => (m: { msgId: number }) => m.msgId === id;

beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = wsUrl((h.app.server.address() as { port: number }).port);
});
afterAll(async () => h.close());

// Registration is rate limited per address: six members, each test taking its own sockets of them.
const pool: Array<{ token: string; userId: string; name: string }> = [];
async function speaker(i: number): Promise<{ id: string; name: string; token: string; s: TestSocket }> {
  while (pool.length <= i) pool.push(await h.member());
  const m = pool[i]!;
  const jwt = (await h.call(`${U}member/jwt`, {}, { token: m.token })).data.jwt as string;
  return { id: m.userId, name: m.name, token: m.token, s: await memberSocket(url, m.token, jwt) };
}
const room = (o: { minVip?: number; matchId?: string } = {}) =>
  h.s.live.createRoom(ops, 7000, { title: '英超直播', hostName: '小美', hostStaff: 'host1', ...o });
async function join(s: TestSocket, roomId: string) {
  s.send({ msgId: MSG.JOIN_ROOM, msgData: { roomId } });
  return (await s.next(is(MSG.JOIN_ROOM))).msgData;
}
const say = (s: TestSocket, roomId: string, text: string) => s.send({ msgId: MSG.CHAT_SEND, msgData: { roomId, text } });

describe('joining and talking', () => {
  it('10002 answers the room and its latest history; 10016 welcomes the joiner; 10008 tells the others', async () => {
    const r = await room();
    const a = await speaker(0);
    const b = await speaker(1);
    const joined = await join(a.s, r.id);
    expect(joined).toMatchObject({
      room: { roomId: r.id, title: '英超直播', hostName: '小美', status: 'open' },
      list: [],
      cursor: null,
      canSend: true,
    });
    expect((await a.s.next(is(MSG.JOIN_UNICAST))).msgData.welcome).toContain('线下代理一律不予承认');
    await join(b.s, r.id);
    expect((await a.s.next(is(MSG.JOIN_BROADCAST))).msgData).toEqual({ roomId: r.id, name: b.name });
    say(a.s, r.id, '  主队加油  ');
    const got = (await b.s.next(is(MSG.CHAT_SEND))).msgData;
    expect(got).toMatchObject({ roomId: r.id, userId: a.id, name: a.name, text: '主队加油', kind: 'chat' });
    expect((await a.s.next(is(MSG.CHAT_SEND))).msgData.id).toBe(got.id);
    const c = await guest(url);
    expect((await join(c, r.id)).list.map((m: { text: string }) => m.text)).toEqual(['主队加油']);
    for (const s of [a.s, b.s, c]) s.ws.close();
  });

  it('guests read and never send (10005 guest); an empty or too long text is not sent (10005 length)', async () => {
    const r = await room();
    const g = await guest(url);
    await join(g, r.id);
    say(g, r.id, '你好');
    expect((await g.next(is(MSG.CHAT_BLOCKED))).msgData).toMatchObject({ reason: 'guest', message: '请先登录后再发言' });
    const a = await speaker(0);
    await join(a.s, r.id);
    say(a.s, r.id, '   ');
    expect((await a.s.next(is(MSG.CHAT_BLOCKED))).msgData.reason).toBe('length');
    say(a.s, r.id, '长'.repeat(CHAT_LIMITS.MAX_TEXT + 1));
    expect((await a.s.next(is(MSG.CHAT_BLOCKED))).msgData.reason).toBe('length');
    await drained(g);
    expect(g.messages.filter(is(MSG.CHAT_SEND))).toEqual([]);
    g.ws.close();
    a.s.ws.close();
  });

  it('the VIP gate (10007 when it changes): below the grade the member may not speak', async () => {
    const r = await room({ minVip: 3 });
    const a = await speaker(0);
    expect((await join(a.s, r.id)).canSend).toBe(false);
    say(a.s, r.id, '能说话吗');
    expect((await a.s.next(is(MSG.CHAT_BLOCKED))).msgData.reason).toBe('vip');
    await h.s.live.setMinVip(ops, r, 0);
    expect((await a.s.next(is(MSG.VIP_CHAT_LEVEL))).msgData).toEqual({ roomId: r.id, minVip: 0 });
    say(a.s, r.id, '现在可以了');
    expect((await a.s.next(is(MSG.CHAT_SEND))).msgData.text).toBe('现在可以了');
    a.s.ws.close();
  });
});

describe('room changes pushed', () => {
  it('10006 status change (paused: nobody speaks), 10009 status update, 10018 prediction, 10013 destroyed', async () => {
    const r = await room({ matchId: 'LV-1' });
    const a = await speaker(0);
    await join(a.s, r.id);
    await h.s.live.setStatus(ops, r, 'paused');
    expect((await a.s.next(is(MSG.ROOM_STATUS_CHANGE))).msgData).toEqual({ roomId: r.id, status: 'paused' });
    say(a.s, r.id, '暂停了吗');
    expect((await a.s.next(is(MSG.CHAT_BLOCKED))).msgData.reason).toBe('paused');
    await h.s.live.update(ops, r, { title: '决赛直播', streamUrl: 'https://cdn.example/live.m3u8' });
    expect((await a.s.next(is(MSG.ROOM_STATUS_UPDATE))).msgData).toMatchObject({
      title: '决赛直播',
      online: 1,
      streamUrl: 'https://cdn.example/live.m3u8',
    });
    await h.s.live.predict(ops, r, 2, 1, '主队稳了');
    expect((await a.s.next(is(MSG.PREDICTION_PUSH))).msgData).toMatchObject({ matchId: 'LV-1', scoreH: 2, scoreC: 1, note: '主队稳了' });
    await h.s.live.destroy(ops, r);
    expect((await a.s.next(is(MSG.ROOM_DESTROYED))).msgData).toEqual({ roomId: r.id });
    a.s.send({ msgId: MSG.JOIN_ROOM, msgData: { roomId: r.id } });
    // A destroyed room answers a join with 10013, never with 10002.
    await a.s.next(is(MSG.ROOM_DESTROYED));
    expect(a.s.messages.filter(is(MSG.JOIN_ROOM))).toHaveLength(1);
    a.s.ws.close();
  });

  it('10014 pushes the score of the room’s match once per change', async () => {
    const r = await room({ matchId: 'LV-2' });
    const g = await guest(url);
    await join(g, r.id);
    await h.s.bus.publish(SPORT_TOPIC, JSON.stringify(fakePush('LV-2', 1)));
    await h.s.bus.publish(SPORT_TOPIC, JSON.stringify(fakePush('LV-2', 2)));
    expect((await g.next(is(MSG.SCORE_PUSH))).msgData).toMatchObject({ roomId: r.id, matchId: 'LV-2', scoreH: 1, scoreC: 0, home: '主队' });
    expect((await g.next(is(MSG.SCORE_PUSH))).msgData.scoreH).toBe(2);
    await h.s.bus.publish(SPORT_TOPIC, JSON.stringify(fakePush('OTHER', 5)));
    await drained(g);
    expect(g.messages.filter(is(MSG.SCORE_PUSH))).toHaveLength(2);
    g.ws.close();
  });
});

describe('moderation', () => {
  it('10004 a timed mute; 10015 deletes one message, then clears the chat; each action audited', async () => {
    const r = await room();
    const a = await speaker(2);
    const b = await speaker(1);
    await join(a.s, r.id);
    await join(b.s, r.id);
    say(a.s, r.id, '第一条');
    const first = (await b.s.next(is(MSG.CHAT_SEND))).msgData;
    await h.s.live.mute(ops, 7000, r.id, a.id, 10);
    const muted = (await a.s.next(is(MSG.CHAT_MUTED))).msgData;
    expect(muted.until).toBeGreaterThan(Date.now() + 9 * 60_000);
    say(a.s, r.id, '被禁言了');
    expect((await a.s.next(is(MSG.CHAT_MUTED))).msgData.until).toBe(muted.until);
    await h.s.live.deleteMessage(ops, r, first.id);
    expect((await b.s.next(is(MSG.CLEAR_CHAT))).msgData).toEqual({ roomId: r.id, ids: [first.id] });
    expect((await h.call('/stream/api/v1/history', { roomId: r.id })).data.list).toEqual([]);
    await h.s.live.mute(ops, 7000, r.id, a.id, 0);
    say(a.s, r.id, '解禁了');
    await b.s.next((m) => m.msgId === MSG.CHAT_SEND && m.msgData.text === '解禁了');
    await h.s.live.clear(ops, r);
    expect((await b.s.next(is(MSG.CLEAR_CHAT))).msgData).toEqual({ roomId: r.id, ids: null });
    expect((await h.call('/stream/api/v1/history', { roomId: r.id })).data.list).toEqual([]);
    const actions = (await h.s.handle.db.selectFrom('audit_log').select('action').where('target', 'in', [r.id, a.id]).execute()).map(
      (x) => x.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['live.mute', 'live.unmute', 'live.message.delete', 'live.room.clear']));
    a.s.ws.close();
    b.s.ws.close();
  });

  it('blocks contact details, links and the brand’s words; suppresses floods and duplicates', async () => {
    const r = await room();
    const a = await speaker(3);
    await join(a.s, r.id);
    await h.s.live.setWords(ops, 7000, ['黑庄']);
    const reasons: string[] = [];
    for (const t of [
      '加我微信 abc123',
      'QQ 1234 5678 9',
      '去 www.example.com 充值',
      'https://x.io',
      '这是黑庄',
      '１３８００１３８０００',
    ]) {
      say(a.s, r.id, t);
      reasons.push((await a.s.next(is(MSG.CHAT_BLOCKED))).msgData.reason);
    }
    expect(reasons).toEqual(['contact', 'contact', 'contact', 'contact', 'word', 'contact']);
    say(a.s, r.id, '好球');
    await a.s.next(is(MSG.CHAT_SEND));
    say(a.s, r.id, '好球');
    expect((await a.s.next(is(MSG.CHAT_BLOCKED))).msgData.reason).toBe('duplicate');
    for (let i = 0; i < CHAT_LIMITS.FLOOD_MESSAGES; i += 1) say(a.s, r.id, `第${i}球`);
    expect((await a.s.next(is(MSG.CHAT_BLOCKED))).msgData.reason).toBe('flood');
    await h.s.live.setWords(ops, 7000, []);
    a.s.ws.close();
  });

  it('a shadow-banned member sees their own messages; nobody else does', async () => {
    const r = await room();
    const a = await speaker(4);
    const b = await speaker(1);
    await join(a.s, r.id);
    await join(b.s, r.id);
    await h.s.live.shadowBan(ops, 7000, a.id, true);
    say(a.s, r.id, '影子消息');
    expect((await a.s.next(is(MSG.CHAT_SEND))).msgData.text).toBe('影子消息');
    await drained(b.s);
    expect(b.s.messages.filter(is(MSG.CHAT_SEND))).toEqual([]);
    expect((await h.call('/stream/api/v1/history', { roomId: r.id })).data.list).toEqual([]);
    await h.s.live.shadowBan(ops, 7000, a.id, false);
    a.s.ws.close();
    b.s.ws.close();
  });

  it("a viewer's block list hides that member's messages, live and in history", async () => {
    const r = await room();
    const a = await speaker(0);
    const b = await speaker(5);
    await join(a.s, r.id);
    await join(b.s, r.id);
    const blocked = await h.call('/stream/api/v1/block', { memberId: a.id, on: true }, { token: b.token });
    expect(blocked.status_code).toBe(6000);
    say(a.s, r.id, '你看不到我');
    await a.s.next(is(MSG.CHAT_SEND));
    await drained(b.s);
    expect(b.s.messages.filter(is(MSG.CHAT_SEND)).map((m) => m.msgData.text)).not.toContain('你看不到我');
    const seen = (await h.call('/stream/api/v1/history', { roomId: r.id }, { token: b.token })).data.list;
    expect(seen).toEqual([]);
    expect((await h.call('/stream/api/v1/history', { roomId: r.id })).data.list.map((m: { text: string }) => m.text)).toEqual([
      '你看不到我',
    ]);
    a.s.ws.close();
    b.s.ws.close();
  });

  it('text stays text: markup reaches the other player exactly as typed, as a JSON string, never as markup', async () => {
    const r = await room();
    const a = await speaker(0);
    const b = await speaker(1);
    await join(a.s, r.id);
    await join(b.s, r.id);
    const evil = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    say(a.s, r.id, evil);
    expect((await b.s.next(is(MSG.CHAT_SEND))).msgData.text).toBe(evil);
    a.s.ws.close();
    b.s.ws.close();
  });
});

describe('/stream/api/v1/history', () => {
  it('pages 15 at a time by cursor, newest page first, each page oldest first', async () => {
    const r = await room();
    for (let i = 0; i < 20; i += 1)
      await h.s.handle.db
        .insertInto('live_messages')
        .values({ room_id: r.id, member_id: 'm', name: '甲', vip: 0, kind: 'chat', text: `#${i}`, shadow: 0, created_at: i })
        .execute();
    const p1 = (await h.call('/stream/api/v1/history', { roomId: r.id })).data;
    expect(p1.list.map((m: { text: string }) => m.text)).toEqual(Array.from({ length: 15 }, (_, i) => `#${i + 5}`));
    const p2 = (await h.call('/stream/api/v1/history', { roomId: r.id, cursor: p1.cursor })).data;
    expect(p2.list.map((m: { text: string }) => m.text)).toEqual(['#0', '#1', '#2', '#3', '#4']);
    expect(p2.cursor).toBeNull();
    const missing = await h.call('/stream/api/v1/history', { roomId: 'nope' });
    expect([missing.status_code, missing.message]).toEqual([6004, '直播间不存在或已关闭']);
  });
});
