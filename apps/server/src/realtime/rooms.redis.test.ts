/**
 * A live room spanning two nodes on one Redis: a member on node A speaks, a guest on node B reads it (and the
 * join broadcast, and a moderator's clear); history lives in the database. Redis pass only.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/contract';
import type { RedisBus } from './bus.ts';
import { demoOn, node } from './multiNodeKit.ts';
import { guest } from './testClient.ts';

const redisUrl = process.env.REDIS_URL;

// `*.redis.test.ts`: run only in the Redis pass (vitest.config.ts), never skipped.
if (redisUrl)
  describe('a live room across two nodes sharing Redis', () => {
    const prefix = `live-${randomBytes(4).toString('hex')}`;
    let a: Awaited<ReturnType<typeof node>>;
    let b: Awaited<ReturnType<typeof node>>;
    beforeAll(async () => {
      a = await node(prefix);
      b = await node(prefix);
      await (a.s.bus as RedisBus).ready();
      await (b.s.bus as RedisBus).ready();
    });
    afterAll(async () => {
      for (const n of [a, b]) {
        await n.app.close();
        await n.s.close();
      }
    });

    it('a message sent on node A reaches the room’s members on node B', async () => {
      // Each test node has its own database here: the same room row in both (in production they share one).
      const room = await a.s.live.createRoom({ staff: 'ops' }, 7000, { title: '跨节点', hostName: '主播', hostStaff: 'h' });
      await b.s.handle.db.insertInto('live_rooms').values(room).execute();
      const onB = await guest(b.url);
      onB.send({ msgId: MSG.JOIN_ROOM, msgData: { roomId: room.id } });
      await onB.next((m) => m.msgId === MSG.JOIN_ROOM);
      const speaker = await demoOn(a);
      speaker.socket.send({ msgId: MSG.JOIN_ROOM, msgData: { roomId: room.id } });
      await speaker.socket.next((m) => m.msgId === MSG.JOIN_ROOM);
      expect((await onB.next((m) => m.msgId === MSG.JOIN_BROADCAST)).msgData.roomId).toBe(room.id);
      speaker.socket.send({ msgId: MSG.CHAT_SEND, msgData: { roomId: room.id, text: '两个节点都能看到' } });
      expect((await onB.next((m) => m.msgId === MSG.CHAT_SEND)).msgData).toMatchObject({
        userId: speaker.userId,
        text: '两个节点都能看到',
      });
      // Online counts cover both nodes: each node tells the other its sockets per room.
      await a.s.realtime.rooms!.publishOnline();
      await b.s.realtime.rooms!.publishOnline();
      await expect.poll(() => [a.s.live.online(room.id), b.s.live.online(room.id)]).toEqual([2, 2]);
      await a.s.live.clear({ staff: 'mod' }, room);
      expect((await onB.next((m) => m.msgId === MSG.CLEAR_CHAT)).msgData).toEqual({ roomId: room.id, ids: null });
      onB.ws.close();
      speaker.socket.ws.close();
    });
  });
