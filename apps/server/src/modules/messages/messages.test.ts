import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../ops/audit.ts';
import { expectFail, freshMember, ok, runOpsCommand } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const L = '/site/api/v1/site/letter/';
const A = '/site/api/v1/advertising/';

const ops = (...argv: string[]) => runOpsCommand(h, 'ops-alice', ...argv);
const send = (site: number, segment: string, type: string, title: string, content = `${title}的内容`, ...extra: string[]) =>
  h.s.messages.sendLetter(
    {
      siteCode: site,
      segment: segmentOf(segment),
      type: type as never,
      title,
      content,
      ...(extra[0] ? { startAt: Number(extra[0]) } : {}),
    },
    'tester',
  );
function segmentOf(s: string) {
  if (s === 'all') return { kind: 'all' as const };
  return { kind: 'members' as const, names: s.replace(/^member:/, '').split(',') };
}
const unread = async (token: string, site = 7000) => ok(await h.call(`${L}getUnreadForType`, { userSystem: 'web' }, { token, site })).data;
const list = async (token: string, body: Record<string, unknown> = {}) => ok(await h.call(`${L}list`, body, { token })).data;
const recipientRows = () => h.s.handle.db.selectFrom('letter_recipients').selectAll().orderBy('letter_id').orderBy('member_id').execute();

describe('letters', () => {
  it('a letter to one member is personal, to a segment a broadcast (br-prefixed box); counts, list, read', async () => {
    const a = await freshMember(h);
    const personal = await send(7000, `member:${a.name.toUpperCase()}`, 'fd', '提款已到账');
    expect(personal).toMatchObject({ recipients: 1, box: 'fd' });
    const bulletin = await send(7000, `member:${a.name},${a.userId}`, 'bulletin', '平台公告');
    expect(bulletin.box).toBe('brBulletin');
    expect(await unread(a.token)).toEqual({
      notice: 0,
      activity: 0,
      fd: 1,
      brNotice: 0,
      brActivity: 0,
      brBulletin: 1,
      brMatch: 0,
      brFd: 0,
      total: 2,
    });

    const all = await list(a.token);
    expect(all.total).toBe(2);
    // Newest first; the two letters may share their millisecond (then either order is right).
    expect(all.list.map((l: { title: string }) => l.title).sort()).toEqual(['平台公告', '提款已到账'].sort());
    expect(all.list.find((l: { id: string }) => l.id === personal.id)).toEqual({
      id: personal.id,
      type: 'fd',
      title: '提款已到账',
      content: '提款已到账的内容',
      isRead: false,
      createdAt: expect.any(String),
    });
    expect((await list(a.token, { type: 'brBulletin' })).list.map((l: { id: string }) => l.id)).toEqual([bulletin.id]);
    expect((await list(a.token, { type: 'notice' })).total).toBe(0);

    const read = ok(await h.call(`${L}read`, { id: personal.id }, { token: a.token })).data;
    expect(read).toMatchObject({ id: personal.id, isRead: true });
    expect((await unread(a.token)).total).toBe(1);
    ok(await h.call(`${L}read`, { id: personal.id }, { token: a.token })); // reading again is harmless
    expect((await unread(a.token)).fd).toBe(0);
  });

  it('onekeyRead marks all (or one box) read for that member only; delete is per member and soft', async () => {
    const a = await freshMember(h);
    const b = await freshMember(h);
    const shared = await send(7000, `member:${a.name},${b.name}`, 'activity', '周末活动');
    await send(7000, `member:${a.name}`, 'notice', '系统通知');
    expect(ok(await h.call(`${L}onekeyRead`, { type: 'brActivity' }, { token: a.token })).data).toEqual({ updated: 1 });
    expect(await unread(a.token)).toMatchObject({ notice: 1, brActivity: 0, total: 1 });
    expect(ok(await h.call(`${L}onekeyRead`, {}, { token: a.token })).data).toEqual({ updated: 1 });
    expect((await unread(a.token)).total).toBe(0);
    expect(await unread(b.token)).toMatchObject({ brActivity: 1, total: 1 });

    expect(ok(await h.call(`${L}delete`, { ids: [shared.id] }, { token: a.token })).data).toEqual({ deleted: 1 });
    expect((await list(a.token)).list.map((l: { title: string }) => l.title)).toEqual(['系统通知']);
    expect((await list(b.token)).total).toBe(1);
    expectFail(await h.call(`${L}delete`, { ids: [shared.id] }, { token: a.token }), 6004, '消息不存在或已删除');
    const row = await h.s.handle.db
      .selectFrom('letter_recipients')
      .selectAll()
      .where('letter_id', '=', shared.id)
      .where('member_id', '=', a.userId)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });

  it("another member's letter ids: read, delete answer 6004 and change nothing", async () => {
    const a = await freshMember(h);
    const b = await freshMember(h);
    const mine = await send(7000, `member:${a.name}`, 'notice', '只给A');
    const before = await recipientRows();
    expectFail(await h.call(`${L}read`, { id: mine.id }, { token: b.token }), 6004, '消息不存在或已删除');
    expectFail(await h.call(`${L}delete`, { ids: [mine.id] }, { token: b.token }), 6004);
    expect(ok(await h.call(`${L}onekeyRead`, {}, { token: b.token })).data).toEqual({ updated: 0 });
    expect((await list(b.token)).total).toBe(0);
    expect(await recipientRows()).toEqual(before);
    expect((await unread(a.token)).notice).toBe(1);
    // Not logged in: 6001.
    expectFail(await h.call(`${L}list`, {}), 6001);
  });

  it('a segment is per brand; a letter starting later and a withdrawn letter are not shown', async () => {
    const a = await freshMember(h);
    const blue = await freshMember(h, { site: 7001 });
    const broadcast = await send(7000, 'all', 'notice', '全站通知');
    expect(broadcast.recipients).toBeGreaterThanOrEqual(2);
    expect((await unread(a.token)).brNotice).toBe(1);
    expect((await unread(blue.token, 7001)).total).toBe(0);
    await send(7000, `member:${a.name}`, 'notice', '明天的通知', '内容', String(Date.now() + 86_400_000));
    expect((await list(a.token)).list.map((l: { title: string }) => l.title)).toEqual(['全站通知']);
    await h.s.messages.revokeLetter(broadcast.id);
    expect((await list(a.token)).total).toBe(0);
    expectFail(await h.call(`${L}read`, { id: broadcast.id }, { token: a.token }), 6004);
  });

  it('pages are bounded; bad bodies answer 6007', async () => {
    const a = await freshMember(h);
    for (let i = 0; i < 3; i++) await send(7000, `member:${a.name}`, 'notice', `通知${i}`);
    const titles = (p: { list: Array<{ title: string }> }) => p.list.map((l) => l.title);
    const p1 = await list(a.token, { pageNum: 1, pageSize: 2 });
    const p2 = await list(a.token, { pageNum: 2, pageSize: 2 });
    expect(p2).toMatchObject({ total: 3 });
    // Letters sent in the same millisecond tie on time: the pages still split the three without overlap.
    expect(titles(p1)).toHaveLength(2);
    expect(titles(p2)).toHaveLength(1);
    expect([...titles(p1), ...titles(p2)].sort()).toEqual(['通知0', '通知1', '通知2']);
    expectFail(await h.call(`${L}list`, { pageSize: 51 }, { token: a.token }), 6007);
    expectFail(await h.call(`${L}list`, { type: 'brSomething' }, { token: a.token }), 6007);
    expectFail(await h.call(`${L}delete`, { ids: [] }, { token: a.token }), 6007);
    expectFail(await h.call(`${L}delete`, { ids: Array.from({ length: 101 }, (_, i) => `x${i}`) }, { token: a.token }), 6007);
  });
});

describe('VIP segment', () => {
  it('vip:<min>-<max> reaches members of those grades on that brand (no VIP row = grade 0)', async () => {
    const low = await freshMember(h);
    const mid = await freshMember(h);
    const high = await freshMember(h);
    const setGrade = (id: string, grade: number) =>
      h.s.handle.db
        .insertInto('member_vip')
        .values({ member_id: id, site_code: 7000, grade, upgraded_at: null, updated_at: Date.now() })
        .execute();
    await setGrade(mid.userId, 3);
    await setGrade(high.userId, 6);
    const r = await ops('letter:send', '7000', 'vip:2-5', 'activity', 'VIP专属', 'VIP2-5专属活动');
    expect(r.code).toBe(0);
    expect(await unread(mid.token)).toMatchObject({ brActivity: 1 });
    expect((await unread(low.token)).brActivity).toBe(0);
    expect((await unread(high.token)).brActivity).toBe(0);
    const zero = await h.s.messages.sendLetter(
      { siteCode: 7000, segment: { kind: 'vip', min: 0, max: 0 }, type: 'notice', title: 'VIP0', content: '内容' },
      'tester',
    );
    expect((await unread(low.token)).brNotice).toBe(1);
    expect((await unread(mid.token)).brNotice).toBe(0);
    expect(zero.recipients).toBeGreaterThanOrEqual(1);
    expect((await ops('letter:send', '7000', 'vip:5-2', 'notice', '标题', '内容')).code).toBe(2);
  });
});

describe('notices, advertising, customer service', () => {
  it('notices of the brand inside their window, newest first; marquee filter; anonymous callers too', async () => {
    const pub = (site: number, title: string, extra: Record<string, unknown> = {}) =>
      h.s.messages.publishNotice(
        { siteCode: site, category: 'bulletin', title, content: `${title}内容`, marquee: false, ...extra },
        'tester',
      );
    const now = Date.now();
    const live = await pub(7001, '进行中', { marquee: true });
    await pub(7001, '未开始', { startAt: now + 3_600_000 });
    await pub(7001, '已结束', { startAt: now - 7_200_000, endAt: now - 3_600_000 });
    const gone = await pub(7001, '已撤下');
    await h.s.messages.withdrawNotice(gone.id);
    const r = ok(await h.call(`${A}queryNoticeListByPage`, { category: 'bulletin' }, { site: 7001, headers: { 'x-lang': 'zh-CN' } })).data;
    expect(r.list.map((n: { title: string }) => n.title)).toEqual(['进行中']);
    expect(r.list[0]).toEqual({
      id: live.id,
      category: 'bulletin',
      title: '进行中',
      content: '进行中内容',
      marquee: true,
      startAt: expect.any(String),
    });
    const marquee = ok(await h.call(`${A}queryNoticeListByPage`, { marquee: true }, { site: 7001, headers: { 'x-lang': 'zh-CN' } })).data;
    expect(marquee.list.map((n: { title: string }) => n.title)).toContain('进行中');
    expect(marquee.list.every((n: { marquee: boolean }) => n.marquee)).toBe(true);
    // Brand 7000 sees its own seeded notices, none of 7001's.
    const jade = ok(await h.call(`${A}queryNoticeListByPage`, { pageSize: 50 })).data;
    expect(jade.list.map((n: { title: string }) => n.title)).toContain('账户安全提醒');
    expect(jade.list.map((n: { title: string }) => n.title)).not.toContain('进行中');
    expectFail(await h.call(`${A}queryNoticeListByPage`, { category: 'lottery' }), 6007);
  });

  it("navigationList and sponsorContent: the brand's live items of a position, in sort order", async () => {
    const ad = (position: 'nav' | 'banner' | 'sponsor', title: string, sort: number, extra: Record<string, unknown> = {}) =>
      h.s.messages.publishAd(
        { siteCode: 7001, position, title, imageUrl: '/banners/a.webp', linkUrl: '/activity/discount', content: '', sort, ...extra },
        'tester',
      );
    await ad('nav', '第二', 2);
    await ad('nav', '第一', 1);
    await ad('banner', '横幅', 1);
    await ad('sponsor', '赞助', 1);
    await ad('nav', '过期', 0, { startAt: Date.now() - 10_000, endAt: Date.now() - 5_000 });
    const nav = ok(await h.call(`${A}navigationList`, {}, { site: 7001, headers: { 'x-lang': 'zh-CN' } })).data;
    expect(nav.map((a: { title: string }) => a.title)).toEqual(['第一', '第二']);
    expect(nav[0]).toMatchObject({ position: 'nav', imageUrl: '/banners/a.webp', linkUrl: '/activity/discount', sort: 1 });
    expect(
      ok(await h.call(`${A}navigationList`, { position: 'banner' }, { site: 7001, headers: { 'x-lang': 'zh-CN' } }))
        .data.filter((a: { id: string }) => !a.id.startsWith('demo-')) // the seeded demo banners (messages/seed.ts)
        .map((a: { title: string }) => a.title),
    ).toEqual(['横幅']);
    expect(
      ok(await h.call(`${A}sponsorContent`, {}, { site: 7001, headers: { 'x-lang': 'zh-CN' } })).data.map(
        (a: { title: string }) => a.title,
      ),
    ).toEqual(['赞助']);
    expect(ok(await h.call(`${A}navigationList`, {})).data).toEqual([]);
  });

  it('onlinecustomservice answers the built-in desk for a brand without an external address', async () => {
    const r = ok(await h.call('/site/api/v1/configuration/onlinecustomservice', {}));
    expect(h.s.sites.get(7000)!.csUrl).toBe('');
    expect(r.data).toEqual({ url: '/support' });
    expectFail(await h.call('/site/api/v1/configuration/onlinecustomservice', { x: 1 }), 6007);
  });
});

describe('operator commands', () => {
  it('notice:publish / notice:withdraw and letter:send by segment are audited with their arguments', async () => {
    const pub = await ops(
      'notice:publish',
      '7000',
      'activity',
      '周末公告',
      '本周末',
      '正常开放',
      '--marquee',
      '--start=2020-01-01',
      '--end=2099-01-01 12:00',
    );
    expect(pub.code).toBe(0);
    const notices = ok(await h.call(`${A}queryNoticeListByPage`, { category: 'activity' })).data.list;
    expect(notices[0]).toMatchObject({ title: '周末公告', content: '本周末 正常开放', marquee: true, startAt: '2019-12-31T16:00:00.000Z' });
    const [row] = await listAudit(h.s.handle.db, { action: 'notice:publish' });
    expect(row).toMatchObject({ actor: 'ops-alice', target: 'site:7000', outcome: 'ok' });
    expect(JSON.parse(row!.detail).args).toContain('--marquee');
    expect((await ops('notice:withdraw', notices[0].id)).code).toBe(0);
    expect((await ops('notice:withdraw', notices[0].id)).code).toBe(1);

    const a = await freshMember(h);
    const sent = await ops('letter:send', '7000', `member:${a.name}`, 'fd', '存款到账', '您的存款已到账');
    expect(sent.code).toBe(0);
    expect(await unread(a.token)).toMatchObject({ fd: 1, total: 1 });
    const since = Date.now() - 60_000;
    const until = Date.now() + 60_000;
    const window = await ops(
      'letter:send',
      '7000',
      `registered:${new Date(since).toISOString()}..${new Date(until).toISOString()}`,
      'match',
      '赛事提醒',
      '今晚开赛',
    );
    expect(window.code).toBe(0);
    expect(await unread(a.token)).toMatchObject({ brMatch: 1 });
    const letters = await ops('letter:list', '7000');
    expect((letters.out[0] as Array<{ title: string; recipients: number }>).find((l) => l.title === '存款到账')?.recipients).toBe(1);
  });

  it('refuses bad arguments (usage, exit 2) and unknown members (exit 1), recorded as failed', async () => {
    expect((await ops('letter:send', '7000', 'everyone', 'notice', '标题', '内容')).code).toBe(2);
    expect((await ops('letter:send', '7000', 'all', 'lottery', '标题', '内容')).code).toBe(2);
    expect((await ops('letter:send', '7000', 'member:someone1', 'bulletin', '标题', '内容')).code).toBe(1);
    const unknown = await ops('letter:send', '7000', 'member:nosuchmember', 'notice', '标题', '内容');
    expect(unknown.code).toBe(1);
    expect(String(unknown.out[0])).toContain('no such member on site 7000: nosuchmember');
    expect((await ops('letter:send', '9999', 'all', 'notice', '标题', '内容')).code).toBe(1);
    expect((await ops('notice:publish', '7000', 'notice', 'x'.repeat(61), '内容')).code).toBe(1);
    expect((await ops('notice:publish', '7000', 'notice', '标题', '内容', '--start=2026-02-01', '--end=2026-01-01')).code).toBe(1);
    expect((await ops('notice:publish', '7000', 'notice', '标题', '内容', '--start=tomorrow')).code).toBe(2);
    const failed = await listAudit(h.s.handle.db, { action: 'letter:send' });
    expect(failed.filter((r) => r.outcome === 'failed').length).toBeGreaterThanOrEqual(5);
    expect(await h.count('letters')).toBeGreaterThan(0);
  });
});
