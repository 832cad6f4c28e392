import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/verify.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { A, bet, call, central, deposit, info, join, promoMember, required, rewards } from './testKit.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('discount centre', () => {
  it("config lists the brand's promotions by category with banners, rules (zh-CN / zh-TW) and highlights", async () => {
    const r = await h.call(`${A}config`, {});
    expect(r.status_code).toBe(6000);
    const ids = r.data.list.map((p: { id: string }) => p.id);
    expect(ids).toContain('first-deposit-7000');
    expect(ids.every((id: string) => id.endsWith('-7000'))).toBe(true);
    const fd = r.data.list.find((p: { id: string }) => p.id === 'first-deposit-7000');
    expect(fd).toMatchObject({
      type: 'first_deposit',
      category: 'newbie',
      title: '新会员首存加赠100%',
      status: 'active',
      route: '/activity/firstDeposit/first-deposit-7000',
      joined: false,
      banner: { theme: 'gold', image: null },
    });
    expect(fd.highlights).toEqual(['100%', '最高888元', '10倍流水']);
    expect(r.data.categories[0]).toEqual({ key: 'all', count: 8 });
    const tw = await h.call(`${A}config`, { category: 'newbie' }, { headers: { 'x-lang': 'zh-TW' } });
    expect(tw.data.list.map((p: { title: string }) => p.title)).toEqual(['新會員首存加贈100%', '新人任務禮包']);
    const other = await h.call(`${A}config`, {}, { site: 7001 });
    expect(other.data.list.every((p: { id: string }) => p.id.endsWith('-7001'))).toBe(true);
  });

  it("getMyDiscountAd and the deposit page's bonus list", async () => {
    const ads = await h.call('/site/api/v1/advertising/getMyDiscountAd', {});
    expect(ads.data[0]).toMatchObject({ activityId: 'first-deposit-7000', route: '/activity/firstDeposit/first-deposit-7000' });
    const m = await promoMember(h);
    const list = await call(h, m, '/site/api/v1/user/querySiteDepositRewardConfigList');
    expect(list.data).toEqual([
      {
        activityId: 'first-deposit-7000',
        type: 'first_deposit',
        title: '新会员首存加赠100%',
        rate: '100%',
        maxBonus: '888.00',
        minDeposit: '100.00',
        multiple: 10,
        joined: false,
        available: true,
        reason: '',
      },
      {
        activityId: 're-deposit-7000',
        type: 're_deposit',
        title: '每日再存送15%',
        rate: '15%',
        maxBonus: '1888.00',
        minDeposit: '100.00',
        multiple: 5,
        joined: false,
        // Not before a first deposit: the reason is shown on the deposit page.
        available: false,
        reason: '再存优惠适用于首次存款之后的存款',
      },
    ]);
  });

  it("another brand's promotion is not found (6004); an unknown one neither", async () => {
    const m = await promoMember(h);
    expect((await info(h, m, 'first-deposit-7001')).status_code).toBe(6004);
    expect((await join(h, m, 'sign-in-7001')).status_code).toBe(6004);
    expect((await join(h, m, 'nope-nope')).status_code).toBe(6004);
    expect(await rewards(h, m.userId)).toEqual([]);
  });
});

describe('first deposit and re-deposit', () => {
  it('join, then the first credited deposit pays 100% (capped at 888) once, with (deposit + bonus) × 10 turnover', async () => {
    const m = await promoMember(h);
    const v = await call(h, m, `${A}verification`, { activityId: 'first-deposit-7000' });
    expect(v.data).toEqual({ eligible: true, joined: false, message: '符合参与条件' });
    const j = await join(h, m, 'first-deposit-7000');
    expect(j.data).toMatchObject({ joined: true, rewards: [], message: '报名成功，存款到账后自动发放红利' });
    const again = await join(h, m, 'first-deposit-7000');
    expect(again.status_code).toBe(6012);
    expect(again.message).toBe('您已参与该活动');
    await deposit(h, m, 1000);
    expect(await central(h, m)).toBe(100_000 + 88_800);
    // Deposit ×1 plus (1000 + 888) × 10.
    expect(await required(h, m)).toBe(100_000 + 1_888_000);
    await deposit(h, m, 500); // a second deposit: not a first deposit
    expect(await central(h, m)).toBe(150_000 + 88_800);
    const d = await info(h, m, 'first-deposit-7000');
    expect(d.data.rewards).toEqual([
      expect.objectContaining({ amount: '888.00', wagering: '18880.00', status: 'paid', source: '首存 1,000 元', type: 'first_deposit' }),
    ]);
    expect(d.data.deposit).toMatchObject({ rate: '100%', maxBonus: '888.00', minDeposit: '100.00', multiple: 10 });
    const rec = await call(h, m, '/act/api/v1/activityTopGift/exchangeRecord', {});
    expect(rec.data).toMatchObject({ total: 1, totalAmount: '888.00' });
    const deal = await call(h, m, '/fd/api/v1/transactions/queryDealRecord', { type: 4 });
    expect(deal.data.list[0]).toMatchObject({ typeName: '优惠', amount: '+888.00' });
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('after a first deposit the first-deposit bonus cannot be joined (exact message); a deposit below the minimum pays nothing', async () => {
    const m = await promoMember(h);
    await deposit(h, m, 100);
    const j = await join(h, m, 'first-deposit-7000');
    expect(j.status_code).toBe(6012);
    expect(j.message).toBe('该活动仅限首次存款前申请');
    const n = await promoMember(h);
    await join(h, n, 'first-deposit-7000');
    await deposit(h, n, 99.99); // below the 100 元 minimum
    expect(await rewards(h, n.userId)).toEqual([]);
    expect(await central(h, n)).toBe(9_999);
  });

  it('re-deposit pays 15% on the first qualifying non-first deposit of the day, once a day', async () => {
    const m = await promoMember(h);
    await deposit(h, m, 200); // first deposit: not a re-deposit
    expect((await join(h, m, 're-deposit-7000')).status_code).toBe(6000);
    await deposit(h, m, 1000);
    await deposit(h, m, 1000);
    const rs = await rewards(h, m.userId);
    expect(rs.map((r) => Number(r.amount))).toEqual([15_000]);
    expect(Number(rs[0]!.wagering)).toBe((100_000 + 15_000) * 5);
    expect(await central(h, m)).toBe(220_000 + 15_000);
  });

  it('a deposit credited before joining earns nothing', async () => {
    const m = await promoMember(h);
    await deposit(h, m, 300);
    await deposit(h, m, 300);
    await join(h, m, 're-deposit-7000');
    expect(await rewards(h, m.userId)).toEqual([]);
  });
});

describe('sign-in gift', () => {
  it('checks in once a day: 2 元 on day 1 with 1× turnover; the calendar shows it; a second check-in is refused', async () => {
    const m = await promoMember(h);
    const j = await join(h, m, 'sign-in-7000');
    expect(j.data.rewards).toEqual([
      expect.objectContaining({ amount: '2.00', wagering: '2.00', status: 'paid', source: '连续签到第 1 天' }),
    ]);
    expect(j.data.message).toBe('领取成功，红利已到账');
    const again = await join(h, m, 'sign-in-7000');
    expect([again.status_code, again.message]).toEqual([6012, '今日已签到']);
    const d = await info(h, m, 'sign-in-7000');
    expect(d.data.sign).toMatchObject({ signedToday: true, streak: 1, nextAmount: '3.00' });
    expect(d.data.sign.month.find((x: { day: string }) => x.day === d.data.sign.today)).toEqual({
      day: d.data.sign.today,
      signed: true,
      amount: '2.00',
    });
    expect(await central(h, m)).toBe(200);
    expect(await required(h, m)).toBe(200);
  });

  it('the streak grows: after two earlier days the third check-in pays 5 元', async () => {
    const m = await promoMember(h);
    const d0 = (await info(h, m, 'sign-in-7000')).data.sign.today as string;
    const { prevDay } = await import('./types/daily.ts');
    const promo = await h.s.handle.db.selectFrom('promotions').selectAll().where('id', '=', 'sign-in-7000').executeTakeFirstOrThrow();
    const { grantReward } = await import('./engine.ts');
    for (const day of [prevDay(prevDay(d0)), prevDay(d0)]) {
      await grantReward(h.s.handle.db, {
        promo,
        memberId: m.userId,
        periodKey: day,
        amountFen: 200,
        wageringFen: 0,
        source: { cn: 'x', tw: 'x' },
      });
    }
    const j = await join(h, m, 'sign-in-7000');
    expect(j.data.rewards[0]).toMatchObject({ amount: '5.00', source: '连续签到第 3 天' });
  });

  it('N parallel check-ins by one member pay exactly once', async () => {
    const m = await promoMember(h);
    const answers = await Promise.all(Array.from({ length: 12 }, () => join(h, m, 'sign-in-7000')));
    expect(answers.filter((a) => a.status_code === 6000)).toHaveLength(1);
    expect(answers.filter((a) => a.status_code !== 6000).every((a) => a.message === '今日已签到')).toBe(true);
    expect(await rewards(h, m.userId)).toHaveLength(1);
    expect(await central(h, m)).toBe(200);
    const journals = await h.s.handle.db
      .selectFrom('ledger_journals')
      .select('id')
      .where('member_id', '=', m.userId)
      .where('kind', '=', 'bonus')
      .execute();
    expect(journals).toHaveLength(1);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });
});

describe('betting gift', () => {
  it('claims every reached tier of the day once, each with its turnover', async () => {
    const m = await promoMember(h);
    const none = await join(h, m, 'betting-gift-7000');
    expect([none.status_code, none.message]).toEqual([6012, '今日有效投注未达到可领取档位']);
    await bet(h, m, 600_000); // 6,000 元: tiers 1 and 2
    const j = await join(h, m, 'betting-gift-7000');
    expect(j.data.rewards.map((r: { amount: string }) => r.amount)).toEqual(['8.00', '38.00']);
    expect((await join(h, m, 'betting-gift-7000')).message).toBe('今日有效投注未达到可领取档位');
    await bet(h, m, 1_500_000); // 21,000 元: tier 3 too
    expect((await join(h, m, 'betting-gift-7000')).data.rewards.map((r: { amount: string }) => r.amount)).toEqual(['128.00']);
    const d = await info(h, m, 'betting-gift-7000');
    expect(d.data.betting.turnover).toBe('21000.00');
    expect(d.data.betting.tiers.map((t: { claimed: boolean }) => t.claimed)).toEqual([true, true, true, false]);
    expect(await central(h, m)).toBe(800 + 3_800 + 12_800);
    expect(await required(h, m)).toBe(800 + 3_800 + 12_800);
  });

  it('parallel claims pay each tier once', async () => {
    const m = await promoMember(h);
    await bet(h, m, 10_000_000);
    await Promise.all(Array.from({ length: 8 }, () => join(h, m, 'betting-gift-7000')));
    expect((await rewards(h, m.userId)).map((r) => Number(r.amount)).sort((a, b) => a - b)).toEqual([800, 3_800, 12_800, 58_800]);
    expect(await central(h, m)).toBe(800 + 3_800 + 12_800 + 58_800);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });
});

describe('abuse: one account per person', () => {
  it('a second account on the device of an already-rewarded member is flagged and paid nothing', async () => {
    const first = await promoMember(h);
    await join(h, first, 'sign-in-7000');
    const second = await promoMember(h, { uuid: first.o.uuid! });
    const j = await join(h, second, 'sign-in-7000');
    expect(j.data.rewards[0]).toMatchObject({ status: 'flagged', amount: '2.00' });
    expect(j.data.message).toBe('您的奖励需人工审核，审核通过后发放');
    expect(await central(h, second)).toBe(0);
    expect(await required(h, second)).toBe(0);
    const [row] = await rewards(h, second.userId);
    expect(row!.flag_reason).toBe(`device:${first.userId}`);
    // The same network (/24) counts too.
    const third = await promoMember(h, { ip: first.o.ip!.replace(/\.\d+$/, '.250') });
    expect((await join(h, third, 'sign-in-7000')).data.rewards[0].status).toBe('flagged');
  });
});
