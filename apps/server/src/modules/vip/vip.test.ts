import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/verify.ts';
import { withSiteFlags } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { A, U, vipKit } from './testkit.ts';
import { businessDay } from '@portal/rules';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});
const k = vipKit(() => h, 71);
const Y = 100; // fen per yuan
const DAY = 86_400_000;

/** A member at VIP3 on brand 7000: 100 000 yuan valid turnover, then a credited 20 000 yuan deposit. */
async function vip3() {
  const m = await k.newMember();
  await k.bet(m.userId, 'TY', 100_000 * Y);
  await k.deposit(m.token, 20_000);
  return m;
}

describe('the ladder', () => {
  it("memberGradeConfigList answers the brand's ladder: VIP0–VIP10 on 7000, VIP0–VIP8 on 7001, with thresholds, bonuses and rates", async () => {
    const a = await h.call(`${U}memberGradeConfigList`, {});
    expect(a.data).toHaveLength(11);
    expect(a.data[3]).toMatchObject({
      grade: 3,
      name: 'VIP3',
      depositMin: '20000.00',
      turnoverMin: '100000.00',
      upgradeBonus: '128.00',
      birthdayBonus: '88.00',
      weeklyBonus: '38.00',
      weeklyTurnoverMin: '50000.00',
      bonusMultiple: 1,
      rebateMultiple: 1,
    });
    expect(a.data[3].rebates).toEqual([
      { category: 'TY', rateBp: 58 },
      { category: 'ZR', rateBp: 58 },
      { category: 'QP', rateBp: 55 },
      { category: 'DZ', rateBp: 68 },
      { category: 'CP', rateBp: 32 },
      { category: 'DJ', rateBp: 58 },
      { category: 'BY', rateBp: 68 },
    ]);
    expect((await h.call(`${U}memberGradeConfigList`, {}, { site: 7001 })).data).toHaveLength(9);
  });
});

describe('grades', () => {
  it("a new member is VIP0 with the way to VIP1; unknown grades are 6004; the member's id in the body is refused (6007)", async () => {
    const m = await k.newMember();
    const r = await k.call(`${U}memberGradeInfoByGrade`, {}, m.token);
    expect(r.data).toMatchObject({
      grade: 0,
      name: 'VIP0',
      depositTotal: '0.00',
      turnoverTotal: '0.00',
      progress: 0,
      next: { grade: 1, depositMin: '1000.00', turnoverMin: '5000.00', depositNeeded: '1000.00', turnoverNeeded: '5000.00' },
    });
    expect((await k.call(`${U}memberGradeInfoByGrade`, { grade: 5 }, m.token)).data.benefits.grade).toBe(5);
    expect((await k.call(`${U}memberGradeInfoByGrade`, { grade: 42 }, m.token)).status_code).toBe(6004);
    const other = await vip3();
    for (const [path, body] of [
      [`${U}memberGradeInfoByGrade`, {}],
      [`${U}getGameFanshuiHighLow`, {}],
      [`${A}vipWeek/VipWeekInfo`, {}],
      [`${A}vipWelfare/list`, {}],
      [`${A}vipWelfare/receive`, { id: 'upgrade:3' }],
      [`${A}vipWelfare/rebateRecords`, {}],
    ] as const) {
      expect((await k.call(path, { ...body, memberId: other.userId }, m.token)).status_code).toBe(6007);
    }
    expect((await k.welfare(other.token)).items.filter((i) => i.status === 'available').map((i) => i.id)).toEqual([
      'upgrade:1',
      'upgrade:2',
      'upgrade:3',
    ]);
  });

  it('a credited deposit that meets both thresholds upgrades at once (VIP3), with the progress to VIP4', async () => {
    const m = await k.newMember();
    await k.bet(m.userId, 'ZR', 100_000 * Y);
    expect((await h.s.vip.checkMember(m.userId))?.grade).toBe(0); // turnover alone is not enough
    // member/info's grade is remembered with the session (SQLite): the raise below must be seen at once.
    expect((await k.call(`${U}member/info`, { isPop: 1 }, m.token)).data).toMatchObject({ vipGrade: 0, isPop: true });
    await k.deposit(m.token, 20_000);
    const grade = await h.s.handle.db.selectFrom('member_vip').select('grade').where('member_id', '=', m.userId).executeTakeFirst();
    expect(grade?.grade).toBe(3); // raised by the deposit's after-credit check, before anyone looked
    const r = await k.call(`${U}memberGradeInfoByGrade`, {}, m.token);
    expect(r.data).toMatchObject({
      grade: 3,
      depositTotal: '20000.00',
      turnoverTotal: '100000.00',
      depositProgress: 40,
      turnoverProgress: 33,
      progress: 33,
      next: { grade: 4, depositNeeded: '30000.00', turnoverNeeded: '200000.00' },
      benefits: { grade: 3, upgradeBonus: '128.00' },
    });
    expect((await k.call(`${U}member/info`, { isPop: 0 }, m.token)).data.vipGrade).toBe(3);
    const f = await k.call(`${U}getGameFanshuiHighLow`, {}, m.token);
    expect(f.data.find((x: { category: string }) => x.category === 'DZ')).toEqual({ category: 'DZ', rateBp: 68, lowBp: 45, highBp: 120 });
  });
});

describe('vipNoSave (brand flag): grades by valid turnover alone', () => {
  it('turnover that meets VIP3 raises a member without deposits to VIP3; the way to VIP4 needs no deposit', async () => {
    await withSiteFlags(h, 7000, { vipNoSave: true }, async () => {
      const m = await k.newMember();
      await k.bet(m.userId, 'ZR', 100_000 * Y);
      expect((await h.s.vip.checkMember(m.userId))?.grade).toBe(3);
      const r = await k.call(`${U}memberGradeInfoByGrade`, {}, m.token);
      expect(r.data).toMatchObject({
        grade: 3,
        depositTotal: '0.00',
        depositProgress: 100,
        turnoverProgress: 33,
        progress: 33,
        next: { grade: 4, depositNeeded: '0.00', turnoverNeeded: '200000.00' },
      });
    });
    // The flag off (the default): the same turnover alone is not enough.
    const m = await k.newMember();
    await k.bet(m.userId, 'ZR', 100_000 * Y);
    expect((await h.s.vip.checkMember(m.userId))?.grade).toBe(0);
  });
});

describe('upgrade bonus', () => {
  it('is claimed once per grade: the same key answers the same, another key 6009, another member 6004; wagering added', async () => {
    const m = await vip3();
    const before = { central: await k.central(m.userId), required: await k.required(m.userId) };
    expect(before).toEqual({ central: 20_000 * Y, required: 20_000 * Y });
    const first = await k.claim(m.token, 'upgrade:2', 'claim-key-0001');
    expect(first.data).toMatchObject({ id: 'upgrade:2', kind: 'upgrade', grade: 2, amount: '58.00', status: 'claimed', multiple: 1 });
    expect((await k.claim(m.token, 'upgrade:2', 'claim-key-0001')).data).toEqual(first.data);
    const again = await k.claim(m.token, 'upgrade:2');
    expect([again.status_code, again.message]).toEqual([6009, '该奖励已领取']);
    expect(await k.central(m.userId)).toBe(before.central + 58 * Y);
    expect(await k.required(m.userId)).toBe(before.required + 58 * Y);

    const b = await k.newMember();
    const stranger = await k.claim(b.token, 'upgrade:3');
    expect([stranger.status_code, stranger.message]).toEqual([6004, '该奖励不存在']);
    expect((await k.welfare(m.token)).items.find((i) => i.id === 'upgrade:3')?.status).toBe('available');
    expect(await k.central(b.userId)).toBe(0);
  });

  it('concurrent claims of one bonus credit it once', async () => {
    const m = await vip3();
    const answers = await Promise.all(Array.from({ length: 8 }, () => k.claim(m.token, 'upgrade:3')));
    expect(answers.map((a) => a.status_code).sort()).toEqual([6000, 6009, 6009, 6009, 6009, 6009, 6009, 6009]);
    expect(await k.central(m.userId)).toBe(20_000 * Y + 128 * Y);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('is never paid twice: after a downgrade and a re-upgrade no new bonus appears and claimed ones stay claimed', async () => {
    const m = await vip3();
    expect((await k.claim(m.token, 'upgrade:1')).status_code).toBe(6000);
    await h.s.handle.db.updateTable('member_vip').set({ grade: 0 }).where('member_id', '=', m.userId).execute();
    expect((await k.call(`${U}memberGradeInfoByGrade`, {}, m.token)).data.grade).toBe(3);
    const items = (await k.welfare(m.token)).items.filter((i) => i.kind === 'upgrade');
    expect(items.map((i) => `${i.id}=${i.status}`)).toEqual(['upgrade:1=claimed', 'upgrade:2=available', 'upgrade:3=available']);
    expect((await k.claim(m.token, 'upgrade:1')).status_code).toBe(6009);
    expect(await k.central(m.userId)).toBe(20_000 * Y + 18 * Y);
  });
});

describe('birthday bonus', () => {
  const month = () => businessDay(Date.now()).slice(5, 7);
  const year = () => businessDay(Date.now()).slice(0, 4);
  const birthday = (mm: string) => `${Number(year()) - 30}-${mm}-01`;

  it('needs a confirmed birthday, the birthday month and a grade with the bonus; paid once a year even under concurrent claims', async () => {
    const none = await k.newMember();
    const noBirthday = await k.claim(none.token, `birthday:${year()}`);
    expect([noBirthday.status_code, noBirthday.message]).toEqual([6007, '请先完善并确认生日信息']);

    const other = await k.newMember();
    const otherMonth = month() === '06' ? '07' : '06';
    expect(
      (await h.call(`${U}member/bindOther`, { realName: '韩梅梅', birthday: birthday(otherMonth) }, { token: other.token })).status_code,
    ).toBe(6000);
    const wrongMonth = await k.claim(other.token, `birthday:${year()}`);
    expect([wrongMonth.status_code, wrongMonth.message]).toEqual([6007, '生日礼金仅限生日当月领取']);

    const m = await k.newMember();
    expect((await h.call(`${U}member/bindOther`, { realName: '李雷', birthday: birthday(month()) }, { token: m.token })).status_code).toBe(
      6000,
    );
    const vip0 = await k.claim(m.token, `birthday:${year()}`);
    expect([vip0.status_code, vip0.message]).toEqual([6007, '您当前的VIP等级暂无此项福利']);
    await k.bet(m.userId, 'QP', 5_000 * Y);
    await k.deposit(m.token, 1_000);
    expect((await k.welfare(m.token)).items.find((i) => i.kind === 'birthday')).toMatchObject({
      id: `birthday:${year()}`,
      status: 'available',
      amount: '18.00',
    });
    expect((await k.claim(m.token, 'birthday:1999')).status_code).toBe(6004); // only this year's
    const answers = await Promise.all(Array.from({ length: 6 }, () => k.claim(m.token, `birthday:${year()}`)));
    expect(answers.filter((a) => a.status_code === 6000)).toHaveLength(1);
    expect(answers.filter((a) => a.status_code === 6009)).toHaveLength(5);
    expect(await k.central(m.userId)).toBe(1_000 * Y + 18 * Y);
    expect(await k.required(m.userId)).toBe(1_000 * Y + 18 * Y);
  });
});

describe('weekly reward (vipWeek)', () => {
  it("is last week's: shown with last and this week's turnover, claimable once this week when the turnover was reached", async () => {
    const m = await k.newMember();
    await k.deposit(m.token, 5_000);
    await k.bet(m.userId, 'DZ', 10_000 * Y, Date.now() - 7 * DAY); // last week: below VIP2's 20 000
    await k.bet(m.userId, 'DZ', 20_000 * Y); // this week: counts next week
    const info = await k.call(`${A}vipWeek/VipWeekInfo`, {}, m.token);
    expect(info.data).toMatchObject({
      grade: 2,
      lastWeekTurnover: '10000.00',
      thisWeekTurnover: '20000.00',
      turnoverMin: '20000.00',
      reward: '18.00',
    });
    expect(info.data.item).toMatchObject({ kind: 'weekly', status: 'unqualified', reason: 'TURNOVER', period: info.data.weekStart });
    const refused = await k.claim(m.token, info.data.item.id);
    expect([refused.status_code, refused.message]).toEqual([6007, '上周有效投注未达到周俸禄要求']);
    await k.bet(m.userId, 'DZ', 10_000 * Y, Date.now() - 7 * DAY);
    const ok = await k.claim(m.token, info.data.item.id);
    expect(ok.data).toMatchObject({ status: 'claimed', amount: '18.00' });
    expect((await k.claim(m.token, info.data.item.id)).status_code).toBe(6009);
    expect((await k.call(`${A}vipWeek/VipWeekInfo`, {}, m.token)).data.item.status).toBe('claimed');
    expect(await k.central(m.userId)).toBe(5_000 * Y + 18 * Y);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });
});
