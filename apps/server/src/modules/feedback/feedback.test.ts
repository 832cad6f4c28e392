import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../ops/audit.ts';
import { expectFail, freshMember, ok, runOpsCommand, U } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { dataUrl, png } from '../uploads/fixtures.ts';
import { businessDay } from '@portal/rules';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const F = `${U}feedback/`;
const TEXT = '存款已经成功但余额没有到账，请帮忙查询一下。';
const add = (token: string, body: Record<string, unknown>) => h.call(`${F}addFeedBack`, body, { token });
const upload = async (token: string, purpose = 'feedback', shade = 10) =>
  ok(await h.call(`${U}upload/uploadImage`, { purpose, image: dataUrl(png(8, 8, [shade, 60, 90])) }, { token })).data as {
    id: string;
    url: string;
  };
const rows = () => h.s.handle.db.selectFrom('feedback').selectAll().orderBy('id').execute();
const ops = (...argv: string[]) => runOpsCommand(h, 'ops-bob', ...argv);

describe('feedback', () => {
  it("addFeedBack stores type, text and up to 3 of the member's own uploads; listed newest first", async () => {
    const m = await freshMember(h);
    const imgs = [await upload(m.token, 'feedback', 1), await upload(m.token, 'feedback', 2)];
    const r = ok(await add(m.token, { type: 'deposit', content: `  ${TEXT}  `, images: imgs.map((i) => i.id) })).data;
    expect(r).toEqual({
      id: expect.any(String),
      ticketNo: expect.stringMatching(/^F\d{8}-\d{4}$/),
      type: 'deposit',
      content: TEXT,
      images: imgs.map(({ id, url }) => ({ id, url })),
      status: 'pending',
      reply: null,
      replyUnread: false,
      createdAt: expect.any(String),
      repliedAt: null,
    });
    ok(await add(m.token, { type: 'other', content: '网站打开速度有点慢，希望改进。' }));
    const list = ok(await h.call(`${F}getFeedBackList`, {}, { token: m.token })).data;
    expect(list.total).toBe(2);
    expect(list.list.map((f: { type: string }) => f.type)).toEqual(['other', 'deposit']);
    expect(list.list[1].images[0].url).toBe(imgs[0]!.url);
  });

  it('each feedback has a readable number: F + business day + the brand’s sequence of the day, stored and unique', async () => {
    const m = await freshMember(h);
    const m2 = await freshMember(h, { site: 7001 });
    const a = ok(await add(m.token, { type: 'game', content: TEXT })).data.ticketNo as string;
    const b = ok(await add(m.token, { type: 'game', content: TEXT })).data.ticketNo as string;
    const other = ok(await h.call(`${F}addFeedBack`, { type: 'game', content: TEXT }, { token: m2.token, site: 7001 })).data
      .ticketNo as string;
    const day = businessDay(Date.now()).replace(/-/g, '');
    expect(a).toMatch(new RegExp(`^F${day}-\\d{4}$`));
    expect(Number(b.slice(-4))).toBe(Number(a.slice(-4)) + 1);
    // Another brand counts on its own (its first feedback of the day in this suite).
    expect(other).toBe(`F${day}-0001`);
    const stored = await h.s.handle.db.selectFrom('feedback').select(['ticket_no']).where('member_id', '=', m.userId).execute();
    expect(stored.map((r) => r.ticket_no).sort()).toEqual([a, b]);
    // The list and the detail show the same number.
    const list = ok(await h.call(`${F}getFeedBackList`, {}, { token: m.token })).data.list as Array<{ id: string; ticketNo: string }>;
    expect(list.map((f) => f.ticketNo)).toEqual([b, a]);
    expect(ok(await h.call(`${F}getFeedbackInfo`, { id: list[0]!.id }, { token: m.token })).data.ticketNo).toBe(b);
    // Unique per brand in the database.
    await expect(h.s.handle.db.updateTable('feedback').set({ ticket_no: a }).where('ticket_no', '=', b).execute()).rejects.toThrow();
  });

  it('text is 10-500 characters after trimming (an emoji counts once); at most 3 images; a known type', async () => {
    const m = await freshMember(h);
    expectFail(await add(m.token, { type: 'game', content: '  太短了  ' }), 6007, '反馈内容为10-500个字');
    expectFail(await add(m.token, { type: 'game', content: '字'.repeat(501) }), 6007, '反馈内容为10-500个字');
    ok(await add(m.token, { type: 'game', content: '😀'.repeat(10) }));
    ok(await add(m.token, { type: 'game', content: '字'.repeat(500) }));
    expectFail(await add(m.token, { type: 'game', content: TEXT, images: ['a', 'b', 'c', 'd'] }), 6007);
    expectFail(await add(m.token, { type: 'complaint', content: TEXT }), 6007);
    const tw = await h.call(`${F}addFeedBack`, { type: 'game', content: '短' }, { token: m.token, headers: { 'x-lang': 'zh-TW' } });
    expectFail(tw, 6007, '反饋內容為10-500個字');
  });

  it('5 per business day, then 6011 今日反馈次数已达上限，请明天再试', async () => {
    const m = await freshMember(h);
    for (let i = 0; i < 5; i++) ok(await add(m.token, { type: 'other', content: `${TEXT}${i}` }));
    const before = await h.count('feedback');
    expectFail(await add(m.token, { type: 'other', content: TEXT }), 6011, '今日反馈次数已达上限，请明天再试');
    expect(await h.count('feedback')).toBe(before);
  });

  it('the operator replies; unreadNum counts it until getFeedbackInfo opens it; delFeedback hides it', async () => {
    const m = await freshMember(h);
    const f = ok(await add(m.token, { type: 'withdraw', content: TEXT })).data;
    expect(ok(await h.call(`${F}unreadNum`, {}, { token: m.token })).data).toEqual({ count: 0 });
    const queue = await ops('feedback:list', '7000');
    expect((queue.out[0] as Array<{ id: string; member: string }>).find((x) => x.id === f.id)?.member).toBe(m.name);
    expect((await ops('feedback:reply', f.id, '已为您核实，款项已到账。')).code).toBe(0);
    const [audit] = await listAudit(h.s.handle.db, { action: 'feedback:reply' });
    expect(audit).toMatchObject({ actor: 'ops-bob', target: f.id, outcome: 'ok' });
    expect(ok(await h.call(`${F}unreadNum`, {}, { token: m.token })).data).toEqual({ count: 1 });
    const listed = ok(await h.call(`${F}getFeedBackList`, {}, { token: m.token })).data.list[0];
    expect(listed).toMatchObject({ status: 'replied', reply: '已为您核实，款项已到账。', replyUnread: true });
    const info = ok(await h.call(`${F}getFeedbackInfo`, { id: f.id }, { token: m.token })).data;
    expect(info).toMatchObject({
      id: f.id,
      status: 'replied',
      reply: '已为您核实，款项已到账。',
      replyUnread: false,
      repliedAt: expect.any(String),
    });
    expect(ok(await h.call(`${F}unreadNum`, {}, { token: m.token })).data).toEqual({ count: 0 });

    ok(await h.call(`${F}delFeedback`, { id: f.id }, { token: m.token }));
    expect(ok(await h.call(`${F}getFeedBackList`, {}, { token: m.token })).data.total).toBe(0);
    expectFail(await h.call(`${F}getFeedbackInfo`, { id: f.id }, { token: m.token }), 6004, '反馈不存在或已删除');
    expectFail(await h.call(`${F}delFeedback`, { id: f.id }, { token: m.token }), 6004);
    expect((await ops('feedback:reply', 'nope', '回复')).code).toBe(1);
    expect((await ops('feedback:reply', f.id)).code).toBe(2);
  });

  it("another member's feedback ids and uploads: 6004 and nothing changes", async () => {
    const a = await freshMember(h);
    const b = await freshMember(h);
    const f = ok(await add(a.token, { type: 'account', content: TEXT })).data;
    await h.s.feedback.reply(f.id, '回复内容', 'tester');
    const aImage = await upload(a.token);
    const avatar = await upload(b.token, 'avatar');
    const before = await rows();
    expectFail(await h.call(`${F}getFeedbackInfo`, { id: f.id }, { token: b.token }), 6004);
    expectFail(await h.call(`${F}delFeedback`, { id: f.id }, { token: b.token }), 6004);
    expectFail(await add(b.token, { type: 'other', content: TEXT, images: [aImage.id] }), 6004);
    expectFail(await add(b.token, { type: 'other', content: TEXT, images: [avatar.id] }), 6004); // own upload, other purpose
    expect(ok(await h.call(`${F}getFeedBackList`, {}, { token: b.token })).data.total).toBe(0);
    expect(ok(await h.call(`${F}unreadNum`, {}, { token: b.token })).data).toEqual({ count: 0 });
    expect(await rows()).toEqual(before);
    expect(ok(await h.call(`${F}unreadNum`, {}, { token: a.token })).data).toEqual({ count: 1 });
    expectFail(await h.call(`${F}unreadNum`, {}), 6001);
  });
});
