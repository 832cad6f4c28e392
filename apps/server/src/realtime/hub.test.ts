/**
 * The websocket hub on a listening app with real `ws` clients: handshake, guest and member login,
 * versioned sport pushes (order, duplicates, resync after a reconnect), limits and shutdown.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, WS_CLOSE, WS_LIMITS } from '@portal/contract';
import { createHarness, type Harness } from '../test/harness.ts';
import { U } from '../test/flows.ts';
import { RealtimeHub } from './hub.ts';
import { registerRealtime } from './plugin.ts';
import { SPORT_TOPIC } from './sport.ts';
import { fakePush, guest, openSocket, wsUrl } from './testClient.ts';

let h: Harness;
let port: number;
let url: string;
const publish = (gameId: string, version: number, o = {}) => h.s.bus.publish(SPORT_TOPIC, JSON.stringify(fakePush(gameId, version, o)));
const events = (id: string) => (m: { msgId: number; msgData: any }) => m.msgId === MSG.SPORT_EVENT && m.msgData.gameId === id;

beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as { port: number }).port;
  url = wsUrl(port);
});
afterAll(async () => h.close());

describe('handshake and login', () => {
  it('refuses a handshake without clientType=web or with an unknown site (4400)', async () => {
    expect((await (await openSocket(wsUrl(port, 'siteId=7000'))).closed).code).toBe(WS_CLOSE.BAD_HANDSHAKE);
    expect((await (await openSocket(wsUrl(port, 'clientType=web&siteId=99999'))).closed).code).toBe(WS_CLOSE.BAD_HANDSHAKE);
  });

  it('guest login answers 10019 with a guest id; subscribing before any login answers 6001', async () => {
    const s = await openSocket(url);
    s.send({ msgId: MSG.SPORT_SUBSCRIBE, msgData: { sub: 1, gameType: 'FT' } });
    expect((await s.next((m) => m.msgId === MSG.ERROR)).msgData.code).toBe(6001);
    s.send({ msgId: MSG.GUEST_LOGIN });
    expect((await s.next((m) => m.msgId === MSG.GUEST_LOGIN)).msgData.guestId).toMatch(/^g[0-9a-f]{16}$/);
    s.ws.close();
  });

  it('member login needs the live session token and the jwt of the same member', async () => {
    const a = await h.member();
    const b = await h.member();
    const jwtA = (await h.call(`${U}member/jwt`, {}, { token: a.token })).data.jwt as string;
    const jwtB = (await h.call(`${U}member/jwt`, {}, { token: b.token })).data.jwt as string;
    const s = await openSocket(url);
    s.send({ msgId: MSG.LOGIN, msgData: { token: a.token, jwt: jwtB } });
    expect((await s.next((m) => m.msgId === MSG.ERROR)).msgData.code).toBe(6001);
    s.send({ msgId: MSG.LOGIN, msgData: { token: a.token, jwt: `${jwtA.slice(0, -2)}xx` } });
    expect((await s.next((m) => m.msgId === MSG.ERROR)).msgData.code).toBe(6001);
    s.send({ msgId: MSG.LOGIN, msgData: { token: a.token, jwt: jwtA } });
    expect((await s.next((m) => m.msgId === MSG.LOGIN)).msgData).toEqual({ userId: a.userId, name: a.name });
    // A token of site 7000 does not log in on another site's socket.
    const other = await openSocket(wsUrl(port, 'clientType=web&siteId=7001'));
    other.send({ msgId: MSG.LOGIN, msgData: { token: a.token, jwt: jwtA } });
    expect((await other.next((m) => m.msgId === MSG.ERROR)).msgData.code).toBe(6001);
    s.ws.close();
    other.ws.close();
  });

  it('answers a heartbeat with its own', async () => {
    const s = await openSocket(url);
    s.send({ msgId: MSG.HEARTBEAT });
    expect((await s.next((m) => m.msgId === MSG.HEARTBEAT)).msgData.ts).toBeGreaterThan(0);
    s.ws.close();
  });
});

describe('sport pushes', () => {
  it('delivers newer versions in order to matching subscriptions only, never a duplicate or an older one', async () => {
    const ft = await guest(url);
    const bk = await guest(url);
    ft.send({ msgId: MSG.SPORT_SUBSCRIBE, msgData: { sub: 1, gameType: 'FT', showType: 'RB' } });
    bk.send({ msgId: MSG.SPORT_SUBSCRIBE, msgData: { sub: 1, gameType: 'BK' } });
    await ft.next((m) => m.msgId === MSG.SPORT_SUBSCRIBE);
    await bk.next((m) => m.msgId === MSG.SPORT_SUBSCRIBE);
    for (const v of [1, 2, 2, 1, 3]) await publish('XX-1', v);
    await publish('XX-2', 1, { gameType: 'BK', showType: 'RB' });
    expect((await bk.next(events('XX-2'))).msgData.version).toBe(1);
    const got = [];
    for (let i = 0; i < 3; i++) got.push((await ft.next(events('XX-1'))).msgData);
    expect(got.map((e) => e.version)).toEqual([1, 2, 3]);
    expect(got[2]).toMatchObject({ resync: false, markets: [{ selections: [{ r: 1903 }] }], data: { sc_FT_A: '3-0' } });
    await publish('XX-1', 4);
    expect((await ft.next(events('XX-1'))).msgData.version).toBe(4);
    expect(bk.messages.some((m) => m.msgData?.gameId === 'XX-1')).toBe(false);
    // Unsubscribed: nothing more.
    ft.send({ msgId: MSG.SPORT_UNSUBSCRIBE, msgData: { sub: 1 } });
    ft.send({ msgId: MSG.HEARTBEAT });
    await ft.next((m) => m.msgId === MSG.HEARTBEAT);
    await publish('XX-1', 5);
    await bk.ws.ping();
    await new Promise((r) => setTimeout(r, 100));
    expect(ft.messages.filter(events('XX-1')).map((m) => m.msgData.version)).toEqual([1, 2, 3, 4]);
    ft.ws.close();
    bk.ws.close();
  });

  it('a reconnect with an old version gets the current event (resync); with the current one, only newer ones', async () => {
    for (const v of [1, 2, 3]) await publish('XX-7', v);
    const stale = await guest(url);
    stale.send({ msgId: MSG.SPORT_SUBSCRIBE, msgData: { sub: 3, gameIds: ['XX-7'], versions: { 'XX-7': 1 } } });
    expect((await stale.next(events('XX-7'))).msgData).toMatchObject({ version: 3, resync: true });
    const fresh = await guest(url);
    fresh.send({ msgId: MSG.SPORT_SUBSCRIBE, msgData: { sub: 3, gameIds: ['XX-7'], versions: { 'XX-7': 3 } } });
    await fresh.next((m) => m.msgId === MSG.SPORT_SUBSCRIBE);
    // A client ahead of this node (it saw version 5 elsewhere) is not sent 4.
    const ahead = await guest(url);
    ahead.send({ msgId: MSG.SPORT_SUBSCRIBE, msgData: { sub: 1, gameType: 'FT', versions: { 'XX-7': 5 } } });
    await ahead.next((m) => m.msgId === MSG.SPORT_SUBSCRIBE);
    await publish('XX-7', 4);
    await publish('XX-7', 6);
    expect((await fresh.next(events('XX-7'))).msgData).toMatchObject({ version: 4, resync: false });
    expect((await stale.next(events('XX-7'))).msgData.version).toBe(4);
    expect((await ahead.next(events('XX-7'))).msgData.version).toBe(6);
    expect(ahead.messages.filter(events('XX-7')).map((m) => m.msgData.version)).toEqual([6]);
    for (const s of [stale, fresh, ahead]) s.ws.close();
  });

  it('a type subscription catches up on the live events this node has, and a game id from the feed itself', async () => {
    await publish('XX-9', 2, { gameType: 'VB', showType: 'RB' });
    const s = await guest(url);
    const feedEvent = h.s.sportFeed!.list({ gameType: 'FT', showType: 'FU' }).events[0]!;
    s.send({ msgId: MSG.SPORT_SUBSCRIBE, msgData: { sub: 1, gameType: 'VB' } });
    expect((await s.next(events('XX-9'))).msgData).toMatchObject({ version: 2, resync: true });
    s.send({ msgId: MSG.SPORT_SUBSCRIBE, msgData: { sub: 2, gameIds: [feedEvent.gameId], versions: { [feedEvent.gameId]: 0 } } });
    const e = (await s.next(events(feedEvent.gameId))).msgData;
    expect(e).toMatchObject({ version: feedEvent.version, resync: true, team_h: feedEvent.team_h });
    expect(e.markets.length).toBeGreaterThan(0);
    s.ws.close();
  });

  it('names come in the socket’s language: lang=zh-TW (or a zh-TW brand) gets them in Traditional, pushes and catch-ups alike', async () => {
    const names = { league: '英格兰超级联赛', team_h: '曼联', team_c: '热刺' };
    const cn = await guest(url);
    const tw = await guest(wsUrl(port, 'clientType=web&siteId=7000&lang=zh-TW'));
    const brandTw = await guest(wsUrl(port, 'clientType=web&siteId=7001'));
    for (const s of [cn, tw, brandTw]) {
      s.send({ msgId: MSG.SPORT_SUBSCRIBE, msgData: { sub: 1, gameIds: ['XX-TW'] } });
      await s.next((m) => m.msgId === MSG.SPORT_SUBSCRIBE);
    }
    await publish('XX-TW', 1, names);
    const pushed = await Promise.all([cn, tw, brandTw].map(async (s) => (await s.next(events('XX-TW'))).msgData));
    expect(pushed[0]).toMatchObject({ ...names, markets: [{ name: '独赢', selections: [{ name: '主', r: 1901 }] }] });
    for (const p of pushed.slice(1))
      expect(p).toMatchObject({
        league: '英格蘭超級聯賽',
        team_h: '曼聯',
        team_c: '熱刺',
        markets: [{ name: '獨贏', selections: [{ r: 1901 }] }],
      });
    // A late subscriber's catch-up (resync) too.
    const late = await guest(wsUrl(port, 'clientType=web&siteId=7000&lang=zh-TW'));
    late.send({ msgId: MSG.SPORT_SUBSCRIBE, msgData: { sub: 1, gameIds: ['XX-TW'], versions: { 'XX-TW': 0 } } });
    expect((await late.next(events('XX-TW'))).msgData).toMatchObject({ resync: true, team_h: '曼聯' });
    for (const s of [cn, tw, brandTw, late]) s.ws.close();
  });
});

describe('limits', () => {
  it(`closes with ${WS_CLOSE.RATE_LIMITED} past ${WS_LIMITS.MESSAGES_PER_WINDOW} messages in a window`, async () => {
    const s = await openSocket(url);
    for (let i = 0; i <= WS_LIMITS.MESSAGES_PER_WINDOW; i++) s.send({ msgId: MSG.HEARTBEAT });
    expect((await s.closed).code).toBe(WS_CLOSE.RATE_LIMITED);
  });

  it('closes with 1009 on a frame over the size limit, 4422 on one that is not a known message', async () => {
    const big = await openSocket(url);
    big.send(JSON.stringify({ msgId: 0, msgData: { pad: 'x'.repeat(WS_LIMITS.MAX_MESSAGE_BYTES) } }));
    expect((await big.closed).code).toBe(WS_CLOSE.TOO_BIG);
    const junk = await openSocket(url);
    junk.send('not json');
    expect((await junk.closed).code).toBe(WS_CLOSE.BAD_MESSAGE);
    const unknown = await openSocket(url);
    unknown.send({ msgId: 10002, msgData: {} });
    expect((await unknown.closed).code).toBe(WS_CLOSE.BAD_MESSAGE);
    const tooMany = await guest(url);
    tooMany.send({
      msgId: MSG.SPORT_SUBSCRIBE,
      msgData: { sub: 1, gameIds: Array.from({ length: WS_LIMITS.MAX_GAME_IDS + 1 }, (_, i) => `X-${i}`) },
    });
    expect((await tooMany.closed).code).toBe(WS_CLOSE.BAD_MESSAGE);
  });

  it('idle sockets, sockets that never log in, sockets past the per-IP cap; shutdown says 1001', async () => {
    const app = Fastify({ trustProxy: true });
    const hub = new RealtimeHub({
      bus: h.s.bus,
      sites: h.s.sites,
      sessions: h.s.sessions,
      jwtSecret: h.config.jwtSecret,
      feed: () => null,
      feedScope: 'node',
      idleTimeoutMs: 400,
      loginTimeoutMs: 200,
      sweepMs: 50,
      maxPerIp: 2,
    });
    await registerRealtime(app, hub);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const u = wsUrl((app.server.address() as { port: number }).port);
    const xff = (ip: string) => ({ 'x-forwarded-for': ip });
    const idle = await guest(u, xff('10.1.0.1'));
    const noLogin = await openSocket(u, xff('10.1.0.2'));
    const alive = await guest(u, xff('10.1.0.3'));
    const beat = setInterval(() => alive.send({ msgId: MSG.HEARTBEAT }), 100);
    expect((await idle.closed).code).toBe(WS_CLOSE.IDLE);
    expect((await noLogin.closed).code).toBe(WS_CLOSE.NO_LOGIN);
    expect(alive.ws.readyState).toBe(alive.ws.OPEN);
    clearInterval(beat);
    const second = await openSocket(u, xff('10.1.0.3'));
    const third = await openSocket(u, xff('10.1.0.3'));
    expect((await third.closed).code).toBe(WS_CLOSE.TOO_MANY);
    expect(hub.connections).toBe(2);
    await app.close();
    expect((await alive.closed).code).toBe(WS_CLOSE.GOING_AWAY);
    expect((await second.closed).code).toBe(WS_CLOSE.GOING_AWAY);
  });
});
