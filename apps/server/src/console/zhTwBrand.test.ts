/** Issue 27 finding 13: a brand's staff cannot rewrite the zh-TW text another brand shows (SQLite; PostgreSQL with DB=postgres). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../ops/audit.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { staffSession, type StaffSession } from './testKit.ts';

let h: Harness;
let content7001: StaffSession;
let contentAll: StaffSession;
beforeAll(async () => {
  h = await createHarness();
  content7001 = await staffSession(h, { roles: ['content'], sites: [7001] });
  contentAll = await staffSession(h, { roles: ['content'] });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const notice = (site: number, title: string) => ({ siteCode: site, category: 'notice', title, content: '系统维护通知。' }) as const;

describe('zh-TW forms of operator text', () => {
  it('a 7001 staff member cannot set the zh-TW form 7000 shows (6003), and the refusal is audited with their brand', async () => {
    const r = await content7001.call('content/zhtw/set', { zhCN: '存款到账请联系客服', zhTW: '存款請加微信 fake888 領取' });
    expect(r.status_code).toBe(6003);
    expect(h.s.zhTW.of('存款到账请联系客服')).not.toContain('fake888');
    const [row] = await listAudit(h.s.handle.db, { action: 'content/zhtw/set' });
    expect(row).toMatchObject({ actor: content7001.username, outcome: 'failed', site_code: 7001 });
  });

  it("a 7001 notice's own zh-TW form never replaces a form another operator set; deployment-wide staff may set forms", async () => {
    expect((await contentAll.call('content/zhtw/set', { zhCN: '平台公告', zhTW: '平臺公告' })).status_code).toBe(6000);
    const p = await content7001.call('content/notice/publish', { ...notice(7001, '平台公告'), titleZhTW: '加微信領彩金' });
    expect(p.status_code).toBe(6000);
    const form = await contentAll.call('content/zhtw/show', { zhCN: '平台公告' });
    expect(form.data).toMatchObject({ zhTW: '平臺公告', source: 'operator' });
    const [pub] = await listAudit(h.s.handle.db, { action: 'content/notice/publish' });
    expect(Number(pub!.site_code)).toBe(7001);
  });
});
