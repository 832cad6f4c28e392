/**
 * The live rooms desk: a content operator opens and edits a room, moderates its chat (delete, mute, shadow-ban,
 * clear) and the word filter, every write in the audit log; a brand-scoped operator never sees another brand's
 * room; gift income by day, room and host for the reports role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../ops/audit.ts';
import { creditCentral, ok, runOpsCommand } from '../test/flows.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { staffSession, type StaffSession } from './testKit.ts';

let h: Harness;
let content: StaffSession;
let reports: StaffSession;
let other: StaffSession;
beforeAll(async () => {
  h = await createHarness();
  content = await staffSession(h, { roles: ['content'] });
  reports = await staffSession(h, { roles: ['finance'] });
  other = await staffSession(h, { roles: ['content'], sites: [7001] });
}, 60_000);
afterAll(async () => h?.close());

describe('live rooms desk', () => {
  it('opens, edits, moderates and destroys a room; every write audited; another brand sees nothing', async () => {
    const roomId = ok(
      await content.call('live/room/create', {
        siteCode: 7000,
        title: '欧冠夜',
        hostName: '阿杰',
        hostStaff: 'host-desk',
        matchId: null,
        minVip: 0,
        streamUrl: null,
      }),
    ).data.roomId as string;
    ok(await content.call('live/room/update', { roomId, minVip: 2, streamUrl: 'https://cdn.example/a.m3u8', status: 'paused' }));
    const listed = ok(await content.call('live/rooms', {})).data.list.find((r: { roomId: string }) => r.roomId === roomId);
    expect(listed).toMatchObject({ title: '欧冠夜', minVip: 2, status: 'paused', streamUrl: 'https://cdn.example/a.m3u8', giftFen: 0 });
    expect((await other.call('live/rooms', {})).data.list.some((r: { roomId: string }) => r.roomId === roomId)).toBe(false);
    expect((await other.call('live/messages', { roomId })).status_code).toBe(6004);

    ok(await content.call('live/room/update', { roomId, minVip: 0, status: 'open' }));
    const room = (await h.s.live.room(7000, roomId))!;
    const m = await h.member();
    await h.s.live.post(room, { id: m.userId, name: m.name, siteCode: 7000 }, 0, '第一条');
    await h.s.live.post(room, { id: m.userId, name: m.name, siteCode: 7000 }, 0, '第二条');
    const lines = ok(await content.call('live/messages', { roomId })).data.list;
    expect(lines.map((l: { text: string }) => l.text)).toEqual(['第二条', '第一条']);
    ok(await content.call('live/moderate', { roomId, action: 'delete', messageId: lines[0].id }));
    ok(await content.call('live/moderate', { roomId, action: 'mute', memberId: m.userId, minutes: 5 }));
    expect(await h.s.live.mutedUntil(7000, roomId, m.userId)).toBeGreaterThan(Date.now());
    ok(await content.call('live/moderate', { roomId, action: 'shadow', memberId: m.userId }));
    ok(await content.call('live/moderate', { roomId, action: 'clear' }));
    const after = ok(await content.call('live/messages', { roomId })).data.list;
    expect(after.every((l: { deletedBy: string | null }) => l.deletedBy !== null)).toBe(true);
    ok(await content.call('live/words/set', { siteCode: 7000, words: ['代充', '私聊'] }));
    expect(ok(await content.call('live/words', { siteCode: 7000 })).data.words).toEqual(['代充', '私聊'].sort());
    ok(await content.call('live/predict', { roomId, scoreH: 1, scoreC: 0, note: '上半场' }));
    ok(await content.call('live/room/destroy', { roomId }));
    expect(await h.s.live.room(7000, roomId)).toBeNull();
    const actions = (await listAudit(h.s.handle.db, { limit: 200 })).map((a) => a.action);
    for (const a of [
      'live.room.create',
      'live.room.vip',
      'live.room.status',
      'live.message.delete',
      'live.mute',
      'live.shadow.on',
      'live.room.clear',
      'live.words',
      'live.predict',
      'live.room.destroy',
    ])
      expect(actions).toContain(a);
    // The content role has no gift income (a report).
    expect((await content.call('live/gift/income', { from: 0, to: Date.now() })).status_code).toBe(6003);
  });

  it('gift prices per brand and gift income by day, room and host', async () => {
    ok(await content.call('live/gift/price', { siteCode: 7000, giftCode: 'flag', priceFen: 800, enabled: true }));
    const prices = ok(await content.call('live/gift/prices', { siteCode: 7000 })).data.list;
    expect(prices.find((g: { code: string }) => g.code === 'flag')).toMatchObject({ priceFen: 800, enabled: true, name: '助威旗' });
    const r = await h.s.live.createRoom({ staff: 'x' }, 7000, { title: '收入', hostName: '阿杰', hostStaff: 'host-income' });
    const a = await h.member();
    await creditCentral(h, a.userId, 5_000);
    const gift = (key: string) =>
      h.call('/stream/api/v1/gift', { roomId: r.id, giftCode: 'flag', count: 2 }, { token: a.token, headers: { 'idempotency-key': key } });
    ok(await gift('income-key-0001'));
    ok(await gift('income-key-0002'));
    const income = ok(await reports.call('live/gift/income', { from: Date.now() - 3_600_000, to: Date.now() + 1 })).data;
    expect(income.list.find((x: { roomId: string }) => x.roomId === r.id)).toMatchObject({
      hostStaff: 'host-income',
      gifts: 2,
      senders: 1,
      amountFen: 3_200,
    });
    expect(ok(await content.call('live/rooms', {})).data.list.find((x: { roomId: string }) => x.roomId === r.id).giftFen).toBe(3_200);
  });

  it('the ops CLI: live:create, live:status, live:mute, live:clear, live:destroy, live:rooms; audited', async () => {
    const created = await runOpsCommand(
      h,
      'ops-live',
      'live:create',
      '7000',
      'host-cli',
      '小美',
      '英超',
      '焦点战',
      '--vip=1',
      '--match=LV-9',
    );
    expect(created.code).toBe(0);
    const roomId = (created.out[0] as { room: string }).room;
    expect(await h.s.live.room(7000, roomId)).toMatchObject({ title: '英超 焦点战', min_vip: 1, match_id: 'LV-9', host_staff: 'host-cli' });
    expect((await runOpsCommand(h, 'ops-live', 'live:status', roomId, 'paused')).code).toBe(0);
    expect((await runOpsCommand(h, 'ops-live', 'live:status', roomId, 'nope')).code).not.toBe(0);
    const m = await h.member();
    expect((await runOpsCommand(h, 'ops-live', 'live:mute', roomId, m.name, '15')).code).toBe(0);
    expect(await h.s.live.mutedUntil(7000, roomId, m.userId)).toBeGreaterThan(Date.now());
    expect((await runOpsCommand(h, 'ops-live', 'live:clear', roomId)).code).toBe(0);
    const rooms = await runOpsCommand(h, 'ops-live', 'live:rooms', '7000');
    expect(rooms.out[0]).toEqual(expect.arrayContaining([expect.objectContaining({ room: roomId, status: 'paused', minVip: 1 })]));
    expect((await runOpsCommand(h, 'ops-live', 'live:destroy', roomId)).code).toBe(0);
    expect(await h.s.live.room(7000, roomId)).toBeNull();
    const audit = (await listAudit(h.s.handle.db, { limit: 100 })).filter((a) => a.actor === 'ops-live').map((a) => a.action);
    expect(audit).toEqual(
      expect.arrayContaining(['live.room.create', 'live.room.status', 'live.mute', 'live.room.clear', 'live.room.destroy']),
    );
  });
});
