/**
 * The console's desk and brand settings: a feedback reply reaches the member, a staff answer
 * reaches the player's /support thread and moves the desk's unread counts, a brand setting takes effect in
 * preInfo at once, unknown flags are refused, and a brand-scoped staff member cannot touch another brand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, U } from '../test/flows.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { dataUrl, png } from '../modules/uploads/fixtures.ts';
import { seed } from '../seed.ts';
import { staffSession, type StaffSession } from './testKit.ts';

let h: Harness;
let cs: StaffSession;
let cs7001: StaffSession;
let admin: StaffSession;
let admin7001: StaffSession;
let content: StaffSession;
beforeAll(async () => {
  h = await createHarness();
  cs = await staffSession(h, { roles: ['customer_service'], sites: [7000] });
  cs7001 = await staffSession(h, { roles: ['customer_service'], sites: [7001] });
  admin = await staffSession(h, { roles: ['super_admin'] });
  admin7001 = await staffSession(h, { roles: ['super_admin'], sites: [7001] });
  content = await staffSession(h, { roles: ['content'] });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const F = `${U}feedback/`;
const S = '/site/api/v1/support/';

describe('feedback', () => {
  it('listed by username with images; the reply reaches the member as unread; another brand’s staff get 6004', async () => {
    const m = await h.member();
    const img = ok(
      await h.call(`${U}upload/uploadImage`, { purpose: 'feedback', image: dataUrl(png(8, 8, [1, 2, 3])) }, { token: m.token }),
    ).data as { id: string; url: string };
    const fb = ok(
      await h.call(`${F}addFeedBack`, { type: 'deposit', content: '存款已经成功但余额没有到账。', images: [img.id] }, { token: m.token }),
    ).data as { id: string };
    const list = await cs.call('feedback/list', { status: 'pending', type: 'deposit', username: m.name, from: Date.now() - 60_000 });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ id: fb.id, username: m.name, siteCode: 7000, images: [{ id: img.id, url: img.url }] });
    expect((await cs.call('feedback/list', { username: m.name, to: Date.now() - 60_000 })).data.total).toBe(0);
    expect((await cs.call('feedback/detail', { id: fb.id })).data.content).toBe('存款已经成功但余额没有到账。');

    expect((await cs7001.call('feedback/detail', { id: fb.id })).status_code).toBe(6004);
    expect((await cs7001.call('feedback/reply', { id: fb.id, reply: '不该看到' })).status_code).toBe(6004);
    expect((await content.call('feedback/reply', { id: fb.id, reply: '无权限' })).status_code).toBe(6003);

    const r = await cs.call('feedback/reply', { id: fb.id, reply: '您好，款项已到账，请刷新余额。' });
    expect(r.data).toMatchObject({ status: 'replied', repliedBy: cs.username, replyRead: false });
    expect(ok(await h.call(`${F}unreadNum`, {}, { token: m.token })).data.count).toBe(1);
    const seen = ok(await h.call(`${F}getFeedbackInfo`, { id: fb.id }, { token: m.token })).data;
    expect(seen.reply).toBe('您好，款项已到账，请刷新余额。');
    expect((await cs.call('feedback/detail', { id: fb.id })).data.replyRead).toBe(true);
    const audit = await h.s.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'feedback/reply')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(audit).toMatchObject({ actor: cs.username, site_code: 7000, outcome: 'ok' });
  });
});

describe('the customer-service desk', () => {
  it('unread counts move as the player writes and staff answer; the player sees the answer; handled clears the wait', async () => {
    const m = await h.member();
    const summary = async () => (await cs.call('support/summary', {})).data as { waiting: number; unread: number };
    const start = await summary();
    ok(await h.call(`${S}send`, { body: '提款什么时候到账？' }, { token: m.token }));
    ok(await h.call(`${S}send`, { body: '订单号 W123' }, { token: m.token }));
    expect(await summary()).toEqual({ waiting: start.waiting + 1, unread: start.unread + 2 });

    const list = await cs.call('support/list', { waitingOnly: true, username: m.name });
    const t = list.data.list[0];
    expect(t).toMatchObject({ username: m.name, waiting: true, unread: 2, last: '订单号 W123', lastFrom: 'player' });
    // Another brand's staff: not in their queue, 6004 by id.
    expect((await cs7001.call('support/list', {})).data.list.some((x: { id: string }) => x.id === t.id)).toBe(false);
    expect((await cs7001.call('support/thread', { id: t.id })).status_code).toBe(6004);
    expect((await cs7001.call('support/reply', { id: t.id, body: 'x' })).status_code).toBe(6004);

    const th = await cs.call('support/thread', { id: t.id });
    // The desk's automatic answers (the acknowledgement, the help centre's withdrawal answer) are shown as such, and
    // count as no answer: the two questions stay unread.
    expect(th.data.messages.map((x: { body: string; staff: string | null }) => (x.staff === '#auto' ? 'auto' : x.body))).toEqual([
      '提款什么时候到账？',
      'auto',
      'auto',
      '订单号 W123',
    ]);
    const answered = await cs.call('support/reply', { id: t.id, body: '您好，正在为您查询。' });
    expect(answered.data).toMatchObject({ waiting: false, unread: 0, lastFrom: 'staff' });
    expect(await summary()).toEqual(start);
    const thread = ok(await h.call(`${S}thread`, {}, { token: m.token })).data;
    expect(thread.messages.at(-1)).toMatchObject({ from: 'staff', body: '您好，正在为您查询。' });
    // Polling from the last id answers only what is new.
    const lastId = th.data.messages.at(-1).id as number;
    expect((await cs.call('support/thread', { id: t.id, afterId: lastId })).data.messages.map((x: { from: string }) => x.from)).toEqual([
      'staff',
    ]);

    ok(await h.call(`${S}send`, { body: '好的谢谢' }, { token: m.token }));
    expect((await summary()).unread).toBe(start.unread + 1);
    const handled = await cs.call('support/handled', { id: t.id });
    expect(handled.data).toMatchObject({ waiting: false, unread: 0 });
    expect(await summary()).toEqual(start);
    expect((await content.call('support/handled', { id: t.id })).status_code).toBe(6003);
  });
});

describe('brand settings', () => {
  const preInfo = async (site: number) =>
    ok(await h.call('/site/api/v1/configuration/preInfo', {}, { site, headers: { 'x-lang': 'zh-CN' } })).data.siteBaseConfig;

  it('a change takes effect in preInfo at once; compliance settings stay off preInfo; unknown flags are refused', async () => {
    const before = (await admin.call('site/get', { siteCode: 7001 })).data;
    expect(before.compliance.kycWithdrawThresholdFen).toBe(2_000_000);
    const r = await admin.call('site/update', {
      siteCode: 7001,
      title: '蓝鲸娱乐城',
      registerOpen: false,
      csUrl: 'https://cs.bluewhale.example/room',
      flags: { skipSport: true, apiPerIpPerMin: 600 },
      compliance: { ...before.compliance, blockedRegions: ['US'] },
    });
    expect(r.status_code).toBe(6000);
    const pre = await preInfo(7001);
    expect(pre).toMatchObject({ title: '蓝鲸娱乐城', registerOpen: false, customerServiceUrl: 'https://cs.bluewhale.example/room' });
    expect(pre.flags).toMatchObject({ skipSport: true, apiPerIpPerMin: 600, defaultLanguage: 'zh-TW' });
    expect(pre.flags.blockedRegions).toBeUndefined();
    expect(h.s.sites.get(7001)!.flags.blockedRegions).toEqual(['US']);
    const audit = await h.s.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'site/update')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(JSON.parse(audit!.before).title).toBe('蓝鲸娱乐');
    expect(JSON.parse(audit!.after).title).toBe('蓝鲸娱乐城');

    // A restart (the demo seed runs at every start) keeps the operator's settings.
    await seed(h.s.handle.db);
    await h.s.sites.load();
    expect((await preInfo(7001)).title).toBe('蓝鲸娱乐城');
    expect(h.s.sites.get(7001)!.flags.blockedRegions).toEqual(['US']);

    const bad = await admin.call('site/update', { siteCode: 7001, flags: { skipSportt: true } });
    expect(bad.status_code).toBe(6007);
    expect((await admin.call('site/update', { siteCode: 7001, compliance: { blockedRegions: ['usa'] } })).status_code).toBe(6007);
    // A host name of another brand is refused.
    expect((await admin.call('site/update', { siteCode: 7001, domains: ['localhost'] })).status_code).toBe(6009);
    ok(
      await admin.call('site/update', {
        siteCode: 7001,
        title: '蓝鲸娱乐',
        registerOpen: true,
        csUrl: '',
        flags: { skipSport: false },
        clearFlags: ['apiPerIpPerMin'],
        compliance: before.compliance,
      }),
    );
    const restored = await preInfo(7001);
    expect(restored.title).toBe('蓝鲸娱乐');
    expect(restored.flags.apiPerIpPerMin).toBeUndefined();
    expect(restored.flags.skipSport).toBe(false);
  });

  it('brand scope: 7001 staff cannot read or change 7000 (6003); the content role reads but cannot save', async () => {
    const before = await h.count('audit_log');
    expect((await admin7001.call('site/get', { siteCode: 7000 })).status_code).toBe(6003);
    expect((await admin7001.call('site/update', { siteCode: 7000, title: '抢站' })).status_code).toBe(6003);
    expect((await content.call('site/get', { siteCode: 7000 })).status_code).toBe(6000);
    expect((await content.call('site/update', { siteCode: 7000, title: '抢站' })).status_code).toBe(6003);
    // The three refusals are audited; nothing else is written.
    expect(await h.count('audit_log')).toBe(before + 3);
    expect((await preInfo(7000)).title).toBe('翡翠湾体育');
  });
});
