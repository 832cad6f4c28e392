/**
 * The console's content screens: what staff publish reaches the portal's API of that brand
 * only, withdrawing hides it, letters reach the members' boxes, a brand-scoped staff member cannot touch
 * another brand (6003 by siteCode, 6004 by id), and every change lands in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../test/flows.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { dataUrl, png } from '../modules/uploads/fixtures.ts';
import { staffSession, type StaffSession } from './testKit.ts';

let h: Harness;
let content: StaffSession;
let content7001: StaffSession;
let cs: StaffSession;
beforeAll(async () => {
  h = await createHarness();
  content = await staffSession(h, { roles: ['content'], sites: [7000] });
  content7001 = await staffSession(h, { roles: ['content'], sites: [7001] });
  cs = await staffSession(h, { roles: ['customer_service'] });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const NOTICES = '/site/api/v1/advertising/queryNoticeListByPage';
const portalNotices = async (site: number, locale = 'zh-CN') =>
  ok(await h.call(NOTICES, { pageSize: 50 }, { site, headers: { 'x-lang': locale } })).data.list as Array<{
    id: string;
    title: string;
    content: string;
    marquee: boolean;
  }>;
const auditOf = (action: string) =>
  h.s.handle.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirst();

describe('notices and the marquee', () => {
  it('a published notice shows on its brand only, in the marquee when asked; withdrawing hides it', async () => {
    const r = await content.call('content/notice/publish', {
      siteCode: 7000,
      category: 'notice',
      title: '春节活动公告',
      content: '春节期间存款加赠，详情见优惠活动页面。',
      marquee: true,
    });
    expect(r.status_code).toBe(6000);
    const id = r.data.id as string;
    const mine = (await portalNotices(7000)).find((n) => n.id === id);
    expect(mine).toMatchObject({ title: '春节活动公告', marquee: true });
    expect((await portalNotices(7001)).some((n) => n.id === id)).toBe(false);

    const list = await content.call('content/notice/list', { siteCode: 7000, state: 'live' });
    expect(list.data.list.find((n: { id: string }) => n.id === id)).toMatchObject({ state: 'live', createdBy: content.username });
    const audit = await auditOf('content/notice/publish');
    expect(audit).toMatchObject({ actor: content.username, site_code: 7000, target: `notice:${id}`, outcome: 'ok' });

    expect((await content.call('content/notice/withdraw', { id })).status_code).toBe(6000);
    expect((await portalNotices(7000)).some((n) => n.id === id)).toBe(false);
    const withdrawn = await content.call('content/notice/list', { siteCode: 7000, state: 'withdrawn' });
    expect(withdrawn.data.list.some((n: { id: string }) => n.id === id)).toBe(true);
    // Twice: told it is already down.
    expect((await content.call('content/notice/withdraw', { id })).status_code).toBe(6007);
  });

  it('a scheduled notice waits for its start; an end before the start is refused in Chinese', async () => {
    const start = Date.now() + 3_600_000;
    const r = ok(
      await content.call('content/notice/publish', {
        siteCode: 7000,
        category: 'bulletin',
        title: '维护预告',
        content: '明日维护。',
        startAt: start,
      }),
    );
    expect((await portalNotices(7000)).some((n) => n.id === r.data.id)).toBe(false);
    const sched = await content.call('content/notice/list', { siteCode: 7000, state: 'scheduled' });
    expect(sched.data.list.map((n: { id: string }) => n.id)).toContain(r.data.id);
    const bad = await content.call('content/notice/publish', {
      siteCode: 7000,
      category: 'bulletin',
      title: '维护预告',
      content: '明日维护。',
      startAt: start,
      endAt: start - 1,
    });
    expect(bad.status_code).toBe(6007);
    expect(bad.message).toBe('结束时间须晚于开始时间');
  });

  it("the operator's zh-TW form is what zh-TW pages show (else the conversion)", async () => {
    const r = ok(
      await content.call('content/notice/publish', {
        siteCode: 7000,
        category: 'notice',
        title: '会员日公告',
        content: '每周五会员日加赠。',
        titleZhTW: '會員日公告（繁）',
      }),
    );
    const tw = (await portalNotices(7000, 'zh-TW')).find((n) => n.id === r.data.id)!;
    expect(tw.title).toBe('會員日公告（繁）');
    expect(tw.content).toBe('每週五會員日加贈。');
    const show = await content.call('content/zhtw/show', { zhCN: '会员日公告' });
    expect(show.data).toEqual({ zhCN: '会员日公告', zhTW: '會員日公告（繁）', source: 'operator' });
    // A form is shown on every brand: only deployment-wide staff set one directly.
    expect((await content.call('content/zhtw/set', { zhCN: '每周五会员日加赠。', zhTW: '每週五會員日加碼。' })).status_code).toBe(6003);
    const everyBrand = await staffSession(h, { roles: ['content'] });
    const set = await everyBrand.call('content/zhtw/set', { zhCN: '每周五会员日加赠。', zhTW: '每週五會員日加碼。' });
    expect(set.data.source).toBe('operator');
    const tw2 = (await portalNotices(7000, 'zh-TW')).find((n) => n.id === r.data.id)!;
    expect(tw2.content).toBe('每週五會員日加碼。');
  });

  it('brand scope: staff of 7001 cannot publish on 7000 (6003), nor withdraw or see its rows (6004, empty lists)', async () => {
    const r = ok(
      await content.call('content/notice/publish', { siteCode: 7000, category: 'notice', title: '仅限7000', content: '内容。' }),
    );
    const before = await h.count('audit_log');
    const pub = await content7001.call('content/notice/publish', { siteCode: 7000, category: 'notice', title: 'x', content: 'y' });
    expect(pub.status_code).toBe(6003);
    expect((await content7001.call('content/notice/withdraw', { id: r.data.id })).status_code).toBe(6004);
    expect((await portalNotices(7000)).some((n) => n.id === r.data.id)).toBe(true);
    const seen = await content7001.call('content/notice/list', {});
    expect(seen.data.list.every((n: { siteCode: number }) => n.siteCode === 7001)).toBe(true);
    expect((await content7001.call('content/notice/list', { siteCode: 7000 })).status_code).toBe(6003);
    // The refused withdrawal is audited as failed; the refused publish and list never reached the handler, and are
    // audited as brand refusals.
    expect(await h.count('audit_log')).toBe(before + 3);
  });

  it('customer service reads content but cannot publish (6003, nothing written)', async () => {
    expect((await cs.call('content/notice/list', {})).status_code).toBe(6000);
    const before = await h.count('notices');
    expect((await cs.call('content/notice/publish', { siteCode: 7000, category: 'notice', title: 'x', content: 'y' })).status_code).toBe(
      6003,
    );
    expect(await h.count('notices')).toBe(before);
  });
});

describe('banners', () => {
  it('an uploaded image or the brand art makes a banner the portal shows; withdrawing hides it', async () => {
    const up = await content.call('content/ad/upload', { siteCode: 7000, image: dataUrl(png(64, 32, [10, 120, 200])) });
    expect(up.status_code).toBe(6000);
    expect(up.data.url).toMatch(/^\/uploads\/[0-9a-f]{64}$/);
    const file = await h.app.inject({ method: 'GET', url: up.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await content.call('content/ad/upload', { siteCode: 7000, image: 'bm90IGFuIGltYWdl' })).status_code).toBe(6010);

    const art = ok(await content.call('content/ad/art', { siteCode: 7000 })).data as Array<{ url: string }>;
    expect(art.length).toBeGreaterThan(1);
    const r = ok(
      await content.call('content/ad/publish', {
        siteCode: 7000,
        position: 'banner',
        title: '新横幅',
        imageUrl: up.data.url,
        linkUrl: '/activity/discount',
        sort: 9,
      }),
    );
    const banners = async () =>
      ok(await h.call('/site/api/v1/advertising/navigationList', { position: 'banner' }, { site: 7000 })).data as Array<{
        id: string;
        imageUrl: string;
      }>;
    expect((await banners()).find((b) => b.id === r.data.id)?.imageUrl).toBe(up.data.url);
    const listed = await content.call('content/ad/list', { siteCode: 7000, position: 'banner', state: 'live' });
    expect(listed.data.list.some((a: { id: string }) => a.id === r.data.id)).toBe(true);
    expect((await content7001.call('content/ad/withdraw', { id: r.data.id })).status_code).toBe(6004);
    ok(await content.call('content/ad/withdraw', { id: r.data.id }));
    expect((await banners()).some((b) => b.id === r.data.id)).toBe(false);
    const bad = await content.call('content/ad/publish', {
      siteCode: 7000,
      position: 'banner',
      title: 'x',
      imageUrl: 'javascript:alert(1)',
    });
    expect(bad.status_code).toBe(6007);
  });
});

describe('letters', () => {
  it('a letter to one member by username reaches their box; unknown usernames are named; revoking removes it', async () => {
    const m = await h.member();
    const other = await h.member(undefined, undefined, { site: 7001 });
    const unknown = await content.call('content/letter/send', {
      siteCode: 7000,
      audience: { kind: 'members', usernames: [m.name, 'no_such_member_x'] },
      type: 'notice',
      title: '您好',
      content: '内容',
    });
    expect(unknown.status_code).toBe(6004);
    expect(unknown.message).toContain('no_such_member_x');
    // A member of another brand is unknown on this one.
    const cross = await content.call('content/letter/send', {
      siteCode: 7000,
      audience: { kind: 'members', usernames: [other.name] },
      type: 'notice',
      title: '您好',
      content: '内容',
    });
    expect(cross.status_code).toBe(6004);

    const r = await content.call('content/letter/send', {
      siteCode: 7000,
      audience: { kind: 'members', usernames: [m.name.toUpperCase()] },
      type: 'activity',
      title: '专属活动邀请',
      content: '您已获得本周专属活动资格。',
    });
    expect(r.data).toEqual({ id: expect.any(String), recipients: 1 });
    const box = async () =>
      ok(await h.call('/site/api/v1/site/letter/list', { pageSize: 50 }, { token: m.token })).data.list as Array<{
        id: string;
        title: string;
      }>;
    expect((await box()).find((l) => l.id === r.data.id)?.title).toBe('专属活动邀请');
    const listed = (await content.call('content/letter/list', { siteCode: 7000 })).data.list.find(
      (l: { id: string }) => l.id === r.data.id,
    );
    expect(listed).toMatchObject({ broadcast: false, recipients: 1, read: 0, audience: { kind: 'members', usernames: [m.name] } });

    expect((await content7001.call('content/letter/revoke', { id: r.data.id })).status_code).toBe(6004);
    ok(await content.call('content/letter/revoke', { id: r.data.id }));
    expect((await box()).some((l) => l.id === r.data.id)).toBe(false);
  });

  it('a broadcast to every member of a brand or a VIP range; a bulletin cannot go to one member', async () => {
    const m = await h.member();
    const all = ok(
      await content.call('content/letter/send', {
        siteCode: 7000,
        audience: { kind: 'all' },
        type: 'bulletin',
        title: '全站公告',
        content: '全体会员。',
      }),
    );
    expect(all.data.recipients).toBeGreaterThanOrEqual(1);
    const box = ok(await h.call('/site/api/v1/site/letter/list', { pageSize: 50 }, { token: m.token })).data.list as Array<{ id: string }>;
    expect(box.some((l) => l.id === all.data.id)).toBe(true);
    const vip = await content.call('content/letter/send', {
      siteCode: 7000,
      audience: { kind: 'vip', min: 5, max: 3 },
      type: 'bulletin',
      title: 'x',
      content: 'y',
    });
    expect(vip.status_code).toBe(6007);
    const one = await content.call('content/letter/send', {
      siteCode: 7000,
      audience: { kind: 'members', usernames: [m.name] },
      type: 'bulletin',
      title: 'x',
      content: 'y',
    });
    expect(one.status_code).toBe(6007);
  });
});
