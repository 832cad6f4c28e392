import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFail, ok, runOpsCommand } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { businessDay } from '@portal/rules';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const S = '/site/api/v1/support/';
const visitor = (n: number) => `visitor-key-${String(n).padStart(16, '0')}`;
const ops = (...argv: string[]) => runOpsCommand(h, 'ops-cs', ...argv);

async function withCsUrl<T>(site: number, url: string, f: () => Promise<T>): Promise<T> {
  await h.s.handle.db.updateTable('sites').set({ cs_url: url }).where('site_code', '=', site).execute();
  await h.s.sites.load();
  try {
    return await f();
  } finally {
    await h.s.handle.db.updateTable('sites').set({ cs_url: '' }).where('site_code', '=', site).execute();
    await h.s.sites.load();
  }
}

describe('the service address of each brand', () => {
  it('is the built-in desk when none is configured, else the brand’s own — in preInfo, onlinecustomservice and getCustomerInfo', async () => {
    const m = await h.member();
    const m2 = await h.member(undefined, undefined, { site: 7001 });
    const cs = (site: number, token?: string) =>
      h.call('/site/api/v1/configuration/onlinecustomservice', {}, { site, token: token ?? null });
    const info = (site: number, token: string) => h.call('/fd/api/v1/payment/getCustomerInfo', {}, { site, token });
    expect(ok(await cs(7000)).data.url).toBe('/support');
    expect(ok(await info(7000, m.token)).data.url).toBe('/support');
    await withCsUrl(7001, 'https://cs.bluewhale.example/room', async () => {
      expect(ok(await cs(7001)).data.url).toBe('https://cs.bluewhale.example/room');
      // Each brand its own: a member of 7001 gets 7001's channel, a member of 7000 the desk.
      expect(ok(await info(7001, m2.token)).data.url).toBe('https://cs.bluewhale.example/room');
      expect(ok(await info(7000, m.token)).data.url).toBe('/support');
      const pre = ok(await h.call('/site/api/v1/configuration/preInfo', {}, { site: 7001 })).data;
      expect(pre.siteBaseConfig.customerServiceUrl).toBe('https://cs.bluewhale.example/room');
    });
  });
});

describe('the built-in desk', () => {
  it('a member writes, staff answer from the queue, the member reads the answer', async () => {
    const m = await h.member();
    expect(ok(await h.call(`${S}thread`, {}, { token: m.token })).data.ticketNo).toBeNull();
    const sent = ok(await h.call(`${S}send`, { body: '  充值没有到账，订单号 123  ' }, { token: m.token })).data;
    expect(sent).toMatchObject({ from: 'player', body: '充值没有到账，订单号 123', id: expect.any(Number) });
    ok(await h.call(`${S}send`, { body: '请帮忙查一下' }, { token: m.token }));

    const queue = await ops('support:list', '7000');
    expect(queue.code).toBe(0);
    const row = (queue.out[0] as Array<{ id: string; no: string; who: string; waiting: boolean; last: string }>).find(
      (t) => t.who === m.name,
    )!;
    expect(row).toMatchObject({ waiting: true, last: 'player: 请帮忙查一下' });
    expect((await ops('support:reply', row.id, '您好，已为您查询，', '稍后到账')).code).toBe(0);

    const t = ok(await h.call(`${S}thread`, {}, { token: m.token })).data;
    expect(t.hours).toBe('7×24小时');
    // The conversation's readable number: S + business day + sequence, the same for every later message.
    expect(t.ticketNo).toMatch(new RegExp(`^S${businessDay(Date.now()).replace(/-/g, '')}-\\d{4}$`));
    expect(row.no).toBe(t.ticketNo);
    // The desk answered at once: the ticket, the place in the queue and the hours, then the help
    // centre's answer to a deposit not credited — once, though the player wrote twice.
    expect(t.messages.map((x: { from: string; body: string }) => [x.from, x.from === 'desk' ? x.body.slice(0, 14) : x.body])).toEqual([
      ['player', '充值没有到账，订单号 123'],
      ['desk', '您好，您的咨询已收到，工单号'],
      ['desk', '【帮助中心·存款】银行卡通常'],
      ['player', '请帮忙查一下'],
      ['staff', '您好，已为您查询， 稍后到账'],
    ]);
    expect(t.messages[1].body).toContain(`工单号 ${t.ticketNo}。当前排队第 `);
    expect(t.messages[1].body).toContain('人工客服服务时间：7×24小时');
    expect(t.messages[2].body).toContain('30 分钟');
    // Written out in the reader's language: the same conversation read in zh-TW.
    const tw = ok(await h.call(`${S}thread`, {}, { token: m.token, headers: { 'x-lang': 'zh-TW' } })).data.messages;
    expect(tw[1].body).toContain(`工單號 ${t.ticketNo}。當前排隊第 `);
    expect(tw[2].body).toContain('【幫助中心·存款】');
    expect(tw[0].body).toBe('充值没有到账，订单号 123');
    // Polling after the last id answers only what is new.
    const after = ok(await h.call(`${S}thread`, { afterId: t.messages[3].id }, { token: m.token })).data.messages;
    expect(after.map((x: { body: string }) => x.body)).toEqual(['您好，已为您查询， 稍后到账']);
    const answered = (await ops('support:list', '7000')).out[0] as Array<{ id: string }>;
    expect(answered.some((x) => x.id === row.id)).toBe(false);
    expect((await ops('support:reply', 'no-such-thread', 'x')).code).not.toBe(0);
  });

  it('a visitor (who cannot log in) writes under their key; nobody else reads it', async () => {
    ok(await h.call(`${S}send`, { visitorKey: visitor(1), body: '登录不了，提示账号锁定' }));
    // The message and the desk's acknowledgement.
    expect(ok(await h.call(`${S}thread`, { visitorKey: visitor(1) })).data.messages.map((x: { from: string }) => x.from)).toEqual([
      'player',
      'desk',
    ]);
    expect(ok(await h.call(`${S}thread`, { visitorKey: visitor(2) })).data.messages).toEqual([]);
    const m = await h.member();
    expect(ok(await h.call(`${S}thread`, { visitorKey: visitor(1) }, { token: m.token })).data.messages).toEqual([]);
    // Another brand's desk is another conversation.
    expect(ok(await h.call(`${S}thread`, { visitorKey: visitor(1) }, { site: 7001 })).data.messages).toEqual([]);
    // The key itself is never stored.
    const owners = await h.s.handle.db.selectFrom('support_threads').select('owner').execute();
    expect(owners.some((o) => o.owner.includes(visitor(1)))).toBe(false);
  });

  it('the queue position counts the conversations waiting before this one; a question after an answer is acknowledged again', async () => {
    const ack = async (key: string, body: string) => {
      ok(await h.call(`${S}send`, { visitorKey: key, body }, { site: 7001 }));
      const ms = ok(await h.call(`${S}thread`, { visitorKey: key }, { site: 7001 })).data.messages as Array<{ from: string; body: string }>;
      return ms.filter((x) => x.from === 'desk').map((x) => /排[队隊]第 (\d+) 位/.exec(x.body)?.[1]);
    };
    const before = (await h.s.support.queue({ siteCode: 7001, waitingOnly: true })).length;
    expect(await ack(visitor(11), '你好')).toEqual([String(before + 1)]);
    expect(await ack(visitor(12), '提款多久到账？')).toEqual([String(before + 2), undefined]);
    // Writing again while waiting: no second acknowledgement.
    expect(await ack(visitor(11), '還在嗎')).toEqual([String(before + 1)]);
    const [row] = (await h.s.support.queue({ siteCode: 7001, waitingOnly: true })).filter((t) => t.last === 'player: 還在嗎');
    // The console's queue shows the player's last words, not the desk's.
    expect(row).toBeTruthy();
    await h.s.support.reply(row!.id, '您好', 'amy');
    expect((await ack(visitor(11), '再问一下')).length).toBe(2);
  });

  it('refuses what it should: no identity 6001, empty or over-long text and a bad key 6007, floods 6011', async () => {
    expectFail(await h.call(`${S}send`, { body: 'hi' }), 6001);
    expectFail(await h.call(`${S}thread`, {}), 6001);
    expectFail(await h.call(`${S}send`, { visitorKey: visitor(3), body: '   ' }), 6007);
    expectFail(await h.call(`${S}send`, { visitorKey: visitor(3), body: 'x'.repeat(501) }), 6007);
    expectFail(await h.call(`${S}send`, { visitorKey: 'short', body: 'hi' }), 6007);
    for (let i = 0; i < 10; i++) ok(await h.call(`${S}send`, { visitorKey: visitor(4), body: `第${i}条` }));
    expectFail(await h.call(`${S}send`, { visitorKey: visitor(4), body: '第11条' }), 6011, '请勿频繁提交');
    const flood = ok(await h.call(`${S}thread`, { visitorKey: visitor(4) })).data.messages as Array<{ from: string }>;
    expect(flood.filter((x) => x.from === 'player')).toHaveLength(10);
  });
});
