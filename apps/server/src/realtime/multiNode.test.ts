/**
 * Two nodes on one Redis: a change published on node A's bus reaches the sockets of node B too; a
 * node-local publish (the deterministic simulator's scope) stays on its node. Redis pass only.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/contract';
import { MemoryBus, createBus, type RedisBus } from './bus.ts';
import { SPORT_TOPIC } from './sport.ts';
import { demoOn, node } from './multiNodeKit.ts';
import { drained, fakePush, guest, type TestSocket } from './testClient.ts';

const redisUrl = process.env.REDIS_URL;

// Registered only in the Redis pass of `npm test` (REDIS_URL set), like ../multiNode.test.ts: no skipped tests elsewhere.
if (redisUrl)
  describe('realtime across two nodes sharing Redis', () => {
    const prefix = `rt-${randomBytes(4).toString('hex')}`;
    let a: Awaited<ReturnType<typeof node>>;
    let b: Awaited<ReturnType<typeof node>>;
    let ca: TestSocket;
    let cb: TestSocket;
    beforeAll(async () => {
      a = await node(prefix);
      b = await node(prefix);
      await (a.s.bus as RedisBus).ready();
      await (b.s.bus as RedisBus).ready();
      ca = await guest(a.url);
      cb = await guest(b.url);
      for (const c of [ca, cb]) {
        c.send({ msgId: MSG.SPORT_SUBSCRIBE, msgData: { sub: 1, gameIds: ['XX-31', 'XX-32'] } });
        await c.next((m) => m.msgId === MSG.SPORT_SUBSCRIBE);
      }
    });
    afterAll(async () => {
      for (const n of [a, b]) {
        await n.app.close();
        await n.s.close();
      }
    });

    it('a change published on node A is pushed by both nodes, once each', async () => {
      await a.s.bus.publish(SPORT_TOPIC, JSON.stringify(fakePush('XX-31', 7)));
      for (const c of [ca, cb])
        expect((await c.next((m) => m.msgId === MSG.SPORT_EVENT)).msgData).toMatchObject({ gameId: 'XX-31', version: 7 });
      await b.s.bus.publish(SPORT_TOPIC, JSON.stringify(fakePush('XX-31', 7)));
      await a.s.bus.publish(SPORT_TOPIC, JSON.stringify(fakePush('XX-31', 8)));
      for (const c of [ca, cb]) expect((await c.next((m) => m.msgId === MSG.SPORT_EVENT)).msgData.version).toBe(8);
    });

    it("a member push published on node A reaches that member's socket on node B, and no one else's", async () => {
      const onA = await demoOn(a);
      const onB = await demoOn(b);
      await a.s.realtime.notifyMembers([onB.userId], 'letter');
      expect((await onB.socket.next((m) => m.msgId === MSG.MEMBER_UNREAD)).msgData).toEqual({ kind: 'letter' });
      for (const c of [onA.socket, ca, cb]) await drained(c);
      for (const c of [onA.socket, ca, cb]) expect(c.messages.some((m) => m.msgId === MSG.MEMBER_UNREAD)).toBe(false);
      await b.s.realtime.notifyMembers([onA.userId, onB.userId], 'feedback');
      for (const c of [onA.socket, onB.socket])
        expect((await c.next((m) => m.msgId === MSG.MEMBER_UNREAD)).msgData).toEqual({ kind: 'feedback' });
      onA.socket.ws.close();
      onB.socket.ws.close();
    });

    it('a node-local publish stays on its node', async () => {
      a.s.bus.publishLocal(SPORT_TOPIC, JSON.stringify(fakePush('XX-32', 1)));
      expect((await ca.next((m) => m.msgId === MSG.SPORT_EVENT)).msgData.gameId).toBe('XX-32');
      await a.s.bus.publish(SPORT_TOPIC, JSON.stringify(fakePush('XX-31', 9)));
      expect((await cb.next((m) => m.msgId === MSG.SPORT_EVENT)).msgData).toMatchObject({ gameId: 'XX-31', version: 9 });
      expect(cb.messages.some((m) => m.msgData?.gameId === 'XX-32')).toBe(false);
    });
  });

// Without Redis (the embedded default) each node's bus is its own: a publish never leaves the node.
if (!redisUrl)
  describe('realtime without Redis', () => {
    it('the in-memory bus delivers on its own node only', async () => {
      const a = createBus(null, 'solo');
      const b = createBus(null, 'solo');
      expect(a).toBeInstanceOf(MemoryBus);
      const seenA: string[] = [];
      const seenB: string[] = [];
      a.subscribe('t', (p) => seenA.push(p));
      b.subscribe('t', (p) => seenB.push(p));
      await a.publish('t', 'x');
      a.publishLocal('t', 'y');
      expect(seenA).toEqual(['x', 'y']);
      expect(seenB).toEqual([]);
      await a.close();
      await b.close();
    });
  });
