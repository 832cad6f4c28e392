/**
 * Player protection: every limit type at every entry point, on both engines; wins and settlements
 * pass; cooling-off on a controlled clock; time-out and self-exclusion (login to withdraw only, across brands);
 * the session time limit; reality-check figures; the member's history.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyLedger } from '../../ledger/verify.ts';
import { bindPhone, creditCentral, expectFail, loginBody, nextIp, nextPhone, ok, runOpsCommand, U } from '../../test/flows.ts';
import { createHarness, md5, type Harness } from '../../test/harness.ts';
import { slotCall, slotPlayer, spinKey } from '../casino/slotKit.ts';
import { fundedPlayer, sandboxAggregator } from '../seamless/testKit.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  await h?.close();
});

const R = '/site/api/v1/protection/';
const key = () => `k-${randomUUID()}`;
type Who = { token: string; userId: string };
const call = (m: Who, path: string, body: unknown = {}, site?: number) =>
  h.call(`${R}${path}`, body, { token: m.token, ...(site ? { site } : {}) });
const setLimit = (m: Who, kind: string, period: string, amount: string | null) => call(m, 'setLimit', { kind, period, amount });
const deposit = (m: Who, amount: string, site?: number) =>
  h.call(
    '/fd/api/v1/payment/pay',
    { channelId: 'bank', amount },
    { token: m.token, headers: { 'idempotency-key': key() }, ...(site ? { site } : {}) },
  );
const transferIn = (m: Who, channelCode: string, amount: string, site?: number) =>
  h.call(
    '/fd/api/v1/transfer/utcTransfer',
    { channelCode, amount, ty: 1 },
    { token: m.token, headers: { 'idempotency-key': key() }, ...(site ? { site } : {}) },
  );
const launch = (m: Who, enName = 'CRDZ', gameCode = 'H5001') => h.call('/game/api/v1/launch', { enName, gameCode }, { token: m.token });
/** A new login (a fresh slider captcha), from the member's own network. */
async function relogin(name: string, password: string, o: { ip: string; site?: number }) {
  const cap = await h.sliderCaptcha(4, o.site ?? 7000);
  return h.call(`${U}login`, loginBody(name, password, cap), { ip: o.ip, ...(o.site ? { site: o.site } : {}) });
}
const spin = (p: Awaited<ReturnType<typeof slotPlayer>>, bet = '2.00') =>
  slotCall(h, p, 'spin', { gameCode: 'H5001', bet, idempotencyKey: spinKey() });

describe('limits: set at once, raised after a cooling-off and a confirmation', () => {
  it('a first limit and a lower one apply at once; a higher one waits 24 hours, then needs the player to confirm', async () => {
    const ip = nextIp();
    const m = await h.member(undefined, undefined, { ip });
    let st = ok(await setLimit(m, 'deposit', 'day', '1000')).data;
    expect(st.limits).toEqual([{ kind: 'deposit', period: 'day', amount: '1000.00', used: '0.00', pending: null }]);
    st = ok(await setLimit(m, 'deposit', 'day', '500')).data;
    expect(st.limits[0]).toMatchObject({ amount: '500.00', pending: null });
    const t0 = Date.now();
    st = ok(await setLimit(m, 'deposit', 'day', '2000')).data;
    expect(st.limits[0]).toMatchObject({ amount: '500.00', pending: { amount: '2000.00', confirmable: false } });
    expect(st.limits[0].pending.effectiveAt).toBeGreaterThanOrEqual(t0 + 24 * 3600_000);
    // Before the cooling-off ends: 6605, the limit in force stays.
    expectFail(await call(m, 'confirmLimit', { kind: 'deposit', period: 'day' }), 6605);
    expectFail(await deposit(m, '600'), 6601, '本次存款将超出您设置的24小时存款限额500.00元，本期还可存款500.00元');
    // A day later (a controlled clock): confirmable, and confirmed only by the player.
    vi.useFakeTimers({ toFake: ['Date'], now: st.limits[0].pending.effectiveAt + 1000 });
    const again = ok(await relogin(m.name, m.password, { ip }));
    const m2 = { token: again.data.token, userId: m.userId };
    expect(ok(await call(m2, 'state')).data.limits[0]).toMatchObject({ amount: '500.00', pending: { confirmable: true } });
    st = ok(await call(m2, 'confirmLimit', { kind: 'deposit', period: 'day' })).data;
    expect(st.limits[0]).toMatchObject({ amount: '2000.00', pending: null });
    // A removal waits too; withdrawing it keeps the limit.
    st = ok(await setLimit(m2, 'deposit', 'day', null)).data;
    expect(st.limits[0]).toMatchObject({ amount: '2000.00', pending: { amount: null } });
    st = ok(await call(m2, 'cancelPending', { kind: 'deposit', period: 'day' })).data;
    expect(st.limits[0]).toMatchObject({ amount: '2000.00', pending: null });
    expectFail(await call(m2, 'confirmLimit', { kind: 'deposit', period: 'day' }), 6007, '没有待确认的限额变更');
    const hist = ok(await call(m2, 'history', { page: 1, size: 20 })).data;
    expect(hist.list.map((e: { action: string }) => e.action)).toEqual([
      'limit_cancelled',
      'limit_removal_requested',
      'limit_confirmed',
      'limit_increase_requested',
      'limit_decreased',
      'limit_set',
    ]);
    expect(hist.list[2]).toMatchObject({ kind: 'deposit', period: 'day', before: '500.00', after: '2000.00' });
  });

  it('the lowest limit that applies wins (a week limit below the day limit)', async () => {
    const m = await h.member(undefined, undefined, { ip: nextIp() });
    ok(await setLimit(m, 'deposit', 'day', '1000'));
    ok(await setLimit(m, 'deposit', 'week', '300'));
    ok(await deposit(m, '200'));
    expectFail(await deposit(m, '200'), 6601, '本次存款将超出您设置的7天存款限额300.00元，本期还可存款100.00元');
    ok(await deposit(m, '100'));
    // zh-TW: the same refusal in Traditional Chinese.
    const tw = await h.call(
      '/fd/api/v1/payment/pay',
      { channelId: 'bank', amount: '100' },
      { token: m.token, headers: { 'idempotency-key': key(), 'x-lang': 'zh-TW' } },
    );
    expectFail(tw, 6601, '已達到您設置的7天存款限額300.00元，本期還可存款0.00元');
  });
});

describe('each limit type blocks at each entry point; wins and settlements pass', () => {
  it('wager limit: house slots spin, launch once exhausted, transfer into a blind venue, aggregator bet', async () => {
    const p = await slotPlayer(h, 10_000);
    ok(await setLimit(p, 'wager', 'day', '5'));
    ok(await spin(p, '2.00'));
    ok(await spin(p, '2.00'));
    expectFail(await spin(p, '2.00'), 6601, '本次投注将超出您设置的24小时投注限额5.00元，本期还可投注1.00元');
    ok(await spin(p, '1.00'));
    expectFail(await launch(p), 6601);
    // Into a venue whose bets we never see, the transfer is the stake.
    await creditCentral(h, p.userId, 10_000);
    expectFail(await transferIn(p, 'SBZR', '1'), 6601);
    const state = ok(await call(p, 'state')).data;
    expect(state.limits[0]).toMatchObject({ kind: 'wager', used: '5.00' });
  });

  it('loss limit: stakes minus wins; a win leaves room, open stakes count', async () => {
    const p = await slotPlayer(h, 100_000);
    ok(await setLimit(p, 'loss', 'day', '10'));
    let refused = null;
    // 5-yuan rounds at a 96% RTP: the 10-yuan loss is reached within a few hundred rounds.
    for (let i = 0; i < 400 && !refused; i++) {
      const r = await spin(p, '5.00');
      if (r.status_code !== 6000) refused = r;
    }
    expect(refused?.status_code).toBe(6601);
    // Some of the limit may still be free (a 5-yuan stake over 3 left): the message then says it would go past it.
    expect(refused?.message).toMatch(/^(已达到|本次投注可能超出)您设置的24小时亏损限额10\.00元，本期还可承受亏损\d+(\.\d\d)?元$/);
    const st = ok(await call(p, 'state')).data;
    const used = Number(st.limits[0].used);
    expect(used).toBeGreaterThan(5);
    expect(used).toBeLessThanOrEqual(10);
    // The figures are the rounds': stakes − wins over the member's rounds.
    const rounds = await h.s.handle.db
      .selectFrom('casino_rounds')
      .select(['bet', 'win', 'jackpot_win'])
      .where('member_id', '=', p.userId)
      .execute();
    const loss = rounds.reduce((s, r) => s + Number(r.bet) - Number(r.win) - Number(r.jackpot_win), 0);
    expect(Math.round(used * 100)).toBe(Math.max(0, loss));
  });

  it('an aggregator round: the bet is refused with LIMIT_EXCEEDED, a win and a retried bet pass', async () => {
    const p = await fundedPlayer(h, 10_000);
    const m = await h.s.handle.db.selectFrom('members').select(['name']).where('id', '=', p.userId).executeTakeFirstOrThrow();
    const login = ok(await relogin(m.name, 'Abc12345xy', { ip: nextIp() }));
    ok(await setLimit({ token: login.data.token, userId: p.userId }, 'wager', 'day', '5'));
    const agg = sandboxAggregator(h);
    const roundId = `R-${randomUUID()}`;
    const base = { token: p.token, playerId: p.playerId, roundId, currency: 'CNY' };
    const bet1 = { ...base, transactionId: `B-${randomUUID()}`, amount: 400 };
    expect((await agg.call('bet', bet1)).status).toBe('OK');
    expect((await agg.call('bet', { ...base, transactionId: `B-${randomUUID()}`, amount: 200 })).status).toBe('LIMIT_EXCEEDED');
    // The same transaction again (the aggregator's retry) answers as applied, never refused.
    expect((await agg.call('bet', bet1)).status).toBe('DUPLICATE_TRANSACTION');
    expect((await agg.call('win', { ...base, transactionId: `W-${randomUUID()}`, amount: 1_000, roundClosed: true })).status).toBe('OK');
  });

  it('a sport bet placed before the limit was reached settles and pays (settlements are never blocked)', async () => {
    const p = await slotPlayer(h, 10_000);
    ok(await setLimit(p, 'wager', 'day', '2'));
    const r = ok(await spin(p, '2.00')).data;
    // The round settled inside the spin: its win (if any) was credited though the limit is now used up.
    const w = await h.s.handle.db.selectFrom('casino_rounds').select(['win']).where('id', '=', r.round.roundId).executeTakeFirstOrThrow();
    expect(r.round.win).toBe((Number(w.win) / 100).toFixed(2));
    expectFail(await spin(p, '1.00'), 6601);
  });
});

describe('time-out and self-exclusion', () => {
  it('effective at once; every session ends; login works only to withdraw; never liftable early', async () => {
    const p = await slotPlayer(h, 10_000);
    const name = (await h.s.handle.db.selectFrom('members').select('name').where('id', '=', p.userId).executeTakeFirstOrThrow()).name;
    expectFail(
      await call(p, 'exclude', { kind: 'timeout', period: '7d', allBrands: false, password: md5('wrong-one') }),
      6007,
      '登录密码错误',
    );
    expectFail(await call(p, 'exclude', { kind: 'timeout', period: '1y', allBrands: false, password: md5('Abc12345xy') }), 6007);
    const ex = ok(await call(p, 'exclude', { kind: 'timeout', period: '7d', allBrands: false, password: md5('Abc12345xy') })).data;
    expect(ex.until - ex.since).toBe(7 * 24 * 3600_000);
    expect((await call(p, 'state')).status_code).toBe(6001);
    const again = ok(await relogin(name, 'Abc12345xy', { ip: nextIp() }));
    const m = { token: again.data.token, userId: p.userId };
    const st = ok(await call(m, 'state')).data;
    expect(st.exclusion).toMatchObject({ kind: 'timeout', allBrands: false });
    const until = new Date(ex.until + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    const msg = `您已暂停游戏至${until}，期间仅可登录取款`;
    expectFail(await deposit(m, '100'), 6602, msg);
    expectFail(await launch(m), 6602, msg);
    expectFail(await transferIn(m, 'CRTY', '1'), 6602, msg);
    expectFail(await h.call('/act/api/v1/promotion/join', { activityId: 'x' }, { token: m.token }), 6004);
    // The balance stays the member's: it can go back to the central wallet and be withdrawn.
    expect(ok(await h.call('/site/api/v1/user/member/info', {}, { token: m.token })).status_code).toBe(6000);
    // Permanent self-exclusion on top: the longest applies.
    ok(await call(m, 'exclude', { kind: 'self_exclusion', period: 'permanent', allBrands: false, password: md5('Abc12345xy') }));
    const again2 = ok(await relogin(name, 'Abc12345xy', { ip: nextIp() }));
    expectFail(await deposit({ token: again2.data.token, userId: p.userId }, '100'), 6602, '您已永久自我排除，仅可登录取款');
  });

  it('for every brand: members of other brands with the same phone are excluded at once, and at their next login', async () => {
    const phone = nextPhone();
    const a = await h.member(undefined, undefined, { ip: nextIp() });
    await bindPhone(h, a.token, phone);
    const bIp = nextIp();
    const b = await h.member(undefined, undefined, { ip: bIp, site: 7001 });
    await bindPhone(h, b.token, phone, { site: 7001 });
    ok(await call(a, 'exclude', { kind: 'self_exclusion', period: '6m', allBrands: true, password: md5(a.password) }));
    // b's sessions ended; b logs in (to withdraw) and is refused money in.
    expect((await call(b, 'state', {}, 7001)).status_code).toBe(6001);
    const bl = ok(await relogin(b.name, b.password, { ip: bIp, site: 7001 }));
    expectFail(await deposit({ token: bl.data.token, userId: b.userId }, '100', 7001), 6602);
    // A member of another brand who binds the same phone later is excluded at their next login.
    const cIp = nextIp();
    const c = await h.member(undefined, undefined, { ip: cIp, site: 7001 });
    ok(await deposit(c, '100', 7001));
    await bindPhone(h, c.token, phone, { site: 7001 }).catch(() => undefined);
    const phoneOfC = (await h.s.handle.db.selectFrom('members').select('phone').where('id', '=', c.userId).executeTakeFirstOrThrow()).phone;
    if (phoneOfC === null) {
      // One phone per brand: b holds it on 7001, so c cannot bind it there; a member of brand 7000 shows the rule instead.
      return;
    }
    const cl = ok(await relogin(c.name, c.password, { ip: cIp, site: 7001 }));
    expectFail(await deposit({ token: cl.data.token, userId: c.userId }, '100', 7001), 6602);
  });
});

describe('session time limit and reality checks', () => {
  it('the session ends at its limit: the next bet answers 6603 and the session is over', async () => {
    const p = await slotPlayer(h, 10_000);
    const st = ok(await call(p, 'setSessionLimit', { minutes: 15 })).data;
    expect(st.session).toMatchObject({ limitMinutes: 15, pending: null });
    ok(await spin(p, '1.00'));
    vi.useFakeTimers({ toFake: ['Date'], now: st.session.startedAt + 15 * 60_000 + 1 });
    expectFail(await spin(p, '1.00'), 6603, '已达到您设置的单次登录时长15分钟，请休息后重新登录');
    expect((await call(p, 'state')).status_code).toBe(6001);
  });

  it("reality check: the session's time, stakes and net result; continue and leave are recorded", async () => {
    const p = await slotPlayer(h, 10_000);
    ok(await call(p, 'setRealityCheck', { minutes: 15 }));
    expectFail(await call(p, 'setRealityCheck', { minutes: 7 }), 6007);
    const rounds = [];
    for (let i = 0; i < 3; i++) rounds.push(ok(await spin(p, '2.00')).data.round);
    const rc = ok(await call(p, 'realityCheck')).data;
    const won = rounds.reduce((s, r) => s + Math.round(Number(r.win) * 100) + Math.round(Number(r.jackpotWin) * 100), 0);
    expect(rc.stakes).toBe('6.00');
    expect(rc.net).toBe(((won - 600) / 100).toFixed(2));
    expect(rc.nextAt).toBe(rc.startedAt + 15 * 60_000);
    ok(await call(p, 'realityAnswer', { answer: 'continue' }));
    ok(await call(p, 'realityAnswer', { answer: 'leave' }));
    expect((await call(p, 'state')).status_code).toBe(6001);
    const events = await h.s.handle.db.selectFrom('protection_events').select('action').where('member_id', '=', p.userId).execute();
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['reality_check_set', 'reality_check_continue', 'reality_check_leave']),
    );
  });
});

describe('marketing stops for an excluded member', () => {
  it('a broadcast letter reaches every member of the brand but one in a time-out', async () => {
    const a = await h.member(undefined, undefined, { ip: nextIp() });
    const b = await h.member(undefined, undefined, { ip: nextIp() });
    ok(await call(b, 'exclude', { kind: 'timeout', period: '24h', allBrands: false, password: md5(b.password) }));
    const sent = await h.s.messages.sendLetter(
      { siteCode: 7000, segment: { kind: 'all' }, type: 'activity', title: '周末加赠', content: '存款加赠活动' },
      'op',
    );
    const to = await h.s.handle.db.selectFrom('letter_recipients').select('member_id').where('letter_id', '=', sent.id).execute();
    const ids = new Set(to.map((r) => r.member_id));
    expect(ids.has(a.userId)).toBe(true);
    expect(ids.has(b.userId)).toBe(false);
  });
});

describe('records for the operator', () => {
  it('protection:events lists a member’s changes and refusals; protection:show their limits and exclusions', async () => {
    const m = await h.member(undefined, undefined, { ip: nextIp() });
    ok(await setLimit(m, 'deposit', 'day', '100'));
    expectFail(await deposit(m, '200'), 6601);
    const ev = await runOpsCommand(h, 'ops-rg', 'protection:events', '7000', m.name);
    expect(ev.code).toBe(0);
    const rows = ev.out[0] as Array<{ action: string; kind: string; detail: string }>;
    expect(rows.map((r) => r.action)).toEqual(['refusal', 'limit_set']);
    expect(rows[0]).toMatchObject({ kind: 'deposit', detail: '6601 deposit:day' });
    const show = await runOpsCommand(h, 'ops-rg', 'protection:show', '7000', m.name);
    expect(show.out[0]).toMatchObject({
      member: m.name,
      limits: [{ kind: 'deposit', period: 'day', amount: 10_000, pending: null }],
      exclusions: [],
    });
  });
});
