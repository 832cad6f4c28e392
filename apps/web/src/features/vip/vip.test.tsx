import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { HEADERS } from '@portal/contract';
import { MEMBER, preInfo } from '../../test/authTestUtils.tsx';
import { useSession } from '../../stores/session.ts';
import { fail, mockApi, ok, renderAt, withWalletTestSession } from '../wallet/testKit.tsx';
import { VipDetailPage } from './VipDetailPage.tsx';
import { VipPage } from './VipPage.tsx';
import { WelfarePage } from './WelfarePage.tsx';
import { matchRoute } from '../../routes/resolve.ts';
import zhCN from '../../locales/zh-CN/vip.json';

withWalletTestSession();

const CATS = ['TY', 'ZR', 'QP', 'DZ', 'CP', 'DJ', 'BY'] as const;
const grade = (g: number) => ({
  grade: g,
  name: `VIP${g}`,
  depositMin: `${g * 1000}.00`,
  turnoverMin: `${g * 5000}.00`,
  upgradeBonus: g ? '128.00' : '0.00',
  birthdayBonus: g ? '88.00' : '0.00',
  weeklyBonus: g ? '38.00' : '0.00',
  weeklyTurnoverMin: '50000.00',
  bonusMultiple: 1,
  rebateMultiple: 1,
  rebates: CATS.map((category, i) => ({ category, rateBp: 40 + g * 6 + i })),
});
const INFO = {
  grade: 3,
  name: 'VIP3',
  depositTotal: '20000.00',
  turnoverTotal: '100000.00',
  progress: 33,
  depositProgress: 40,
  turnoverProgress: 33,
  next: {
    grade: 4,
    name: 'VIP4',
    depositMin: '50000.00',
    turnoverMin: '300000.00',
    depositNeeded: '30000.00',
    turnoverNeeded: '200000.00',
  },
  benefits: grade(3),
};
const FANSHUI = CATS.map((category, i) => ({ category, rateBp: 58 + i, lowBp: 40, highBp: 120 }));
const item = (id: string, over: Record<string, unknown> = {}) => {
  const [kind, period] = id.split(':') as [string, string];
  return {
    id,
    kind,
    grade: kind === 'upgrade' ? Number(period) : 3,
    period,
    amount: '58.00',
    multiple: 1,
    status: 'available',
    reason: null,
    claimedAt: null,
    ...over,
  };
};
const WEEK = {
  grade: 3,
  weekStart: '2026-11-09',
  weekEnd: '2026-11-15',
  lastWeekTurnover: '62000.00',
  thisWeekTurnover: '1500.00',
  turnoverMin: '50000.00',
  reward: '38.00',
  claimUntil: '2026-11-22T15:59:59.000Z',
  item: item('weekly:2026-11-09', { amount: '38.00' }),
};
const WELFARE = {
  grade: 3,
  items: [
    item('upgrade:1', { amount: '18.00', status: 'claimed', claimedAt: '2026-11-18T02:00:00.000Z' }),
    item('upgrade:2'),
    item('birthday:2026', { amount: '88.00', status: 'unqualified', reason: 'NO_BIRTHDAY' }),
    item('weekly:2026-11-09', { amount: '38.00' }),
  ],
};
const vipRoutes = (over: Parameters<typeof mockApi>[0] = {}, site = preInfo()) =>
  mockApi(
    {
      'member/info': ok({ ...MEMBER, vipGrade: 3 }),
      memberGradeInfoByGrade: ok(INFO),
      memberGradeConfigList: ok([0, 1, 2, 3, 4].map(grade)),
      getGameFanshuiHighLow: ok(FANSHUI),
      'vipWeek/VipWeekInfo': ok(WEEK),
      'vipWelfare/list': ok(WELFARE),
      'vipWelfare/rebateRecords': ok({ total: 0, list: [] }),
      getBalance: ok({ centerWalletBalance: '0.00', lockMoney: '0.00', currency: 'CNY' }),
      ...over,
    },
    site,
  );
/** A brand with vipNoSave: grades by valid turnover alone. */
const noSave = () => preInfo({ flags: { ...preInfo().siteBaseConfig.flags, vipNoSave: true } });

describe('VIP page', () => {
  test('grade, progress to the next grade, benefits, rates per category and the weekly reward', async () => {
    vipRoutes();
    renderAt(<VipPage />, '/mine/vip');
    expect(await screen.findByText('VIP3 会员')).toBeTruthy();
    expect(screen.getByTestId('vip-next').textContent).toBe('距离 VIP4 还需存款 ¥ 30,000、有效投注 ¥ 200,000');
    expect(await screen.findByText('¥ 20,000 / ¥ 50,000')).toBeTruthy();
    expect(within(screen.getByTestId('perk-upgrade')).getByText('¥ 128')).toBeTruthy();
    expect(within(screen.getByTestId('perk-weekly')).getByText('上周有效投注满 ¥ 50,000')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('perk-rebate')).getByText('0.64%')).toBeTruthy());
    const rates = screen.getByTestId('vip-rates');
    expect(within(rates).getByText('电子')).toBeTruthy();
    expect(within(rates).getByText('0.61%')).toBeTruthy();
    expect(within(rates).getAllByText('0.40% – 1.20%')).toHaveLength(7);
    const week = await screen.findByTestId('vip-week');
    expect(within(week).getByText('¥ 62,000')).toBeTruthy();
    expect(await screen.findByText('统计周期 11-09 至 11-15')).toBeTruthy();
    expect(await screen.findByText('2 项福利待领取')).toBeTruthy();
    await waitFor(() => expect(useSession.getState().user?.vipGrade).toBe(3)); // the member card follows a new grade
  });

  test('at the top grade the progress says so', async () => {
    vipRoutes({ memberGradeInfoByGrade: ok({ ...INFO, grade: 10, name: 'VIP10', next: null, progress: 100, benefits: grade(10) }) });
    renderAt(<VipPage />, '/mine/vip');
    expect(await screen.findByText('恭喜，您已达到本站最高等级')).toBeTruthy();
  });
});

describe('vipNoSave', () => {
  test('the VIP page shows no deposit progress and the way to the next grade by turnover alone', async () => {
    vipRoutes({ memberGradeInfoByGrade: ok({ ...INFO, depositProgress: 100, next: { ...INFO.next, depositNeeded: '0.00' } }) }, noSave());
    renderAt(<VipPage />, '/mine/vip');
    expect(await screen.findByText('VIP3 会员')).toBeTruthy();
    expect(screen.getByTestId('vip-next').textContent).toBe('距离 VIP4 还需有效投注 ¥ 200,000');
    expect(screen.queryByTestId('vip-deposit-progress')).toBeNull();
    expect(screen.queryByText(/累计存款/)).toBeNull();
  });

  test('the ladder has no deposit column', async () => {
    vipRoutes({}, noSave());
    renderAt(<VipDetailPage />, '/mine/vip/detail');
    const table = await screen.findByTestId('vip-ladder');
    await waitFor(() => expect(table.querySelector('.vip-ladder__mine')).toBeTruthy());
    expect(within(table).queryByText('¥ 3,000')).toBeNull();
    expect(within(table).getByText('¥ 15,000')).toBeTruthy(); // VIP3's turnover still listed
  });
});

describe('VIP detail page', () => {
  test("the ladder table marks the member's grade and lists every rate; the rules are shown", async () => {
    vipRoutes();
    renderAt(<VipDetailPage />, '/mine/vip/detail');
    const table = await screen.findByTestId('vip-ladder');
    await waitFor(() => expect(table.querySelector('.vip-ladder__mine')).toBeTruthy());
    const mine = table.querySelector('.vip-ladder__mine') as HTMLElement;
    expect(within(mine).getByText('当前')).toBeTruthy();
    expect(within(mine).getByText('¥ 3,000')).toBeTruthy();
    expect(within(mine).getByText('0.58')).toBeTruthy(); // TY at VIP3, in %
    expect(within(mine).getByText('周投注满 ¥ 50,000')).toBeTruthy();
    expect(within(table).getAllByText('捕鱼').length).toBeGreaterThan(0);
    expect(await screen.findByText(/每个等级首次达到时发放一次/)).toBeTruthy();
  });
});

describe('welfare page', () => {
  test('lists claimable first; a claim sends the item with an Idempotency-Key, then refreshes', async () => {
    let claimed = false;
    const calls = vipRoutes({
      'vipWelfare/list': () =>
        ok(
          claimed
            ? {
                ...WELFARE,
                items: WELFARE.items.map((i) =>
                  i.id === 'upgrade:2' ? { ...i, status: 'claimed', claimedAt: '2026-11-19T01:00:00.000Z' } : i,
                ),
              }
            : WELFARE,
        ),
      'vipWelfare/receive': () => {
        claimed = true;
        return ok(item('upgrade:2', { status: 'claimed' }));
      },
    });
    renderAt(<WelfarePage />, '/mine/welfare');
    const list = await screen.findByTestId('welfare-list');
    expect([...list.querySelectorAll('li')].map((li) => li.dataset.testid)).toEqual([
      'welfare-upgrade:2',
      'welfare-weekly:2026-11-09',
      'welfare-birthday:2026',
      'welfare-upgrade:1',
    ]);
    expect(within(screen.getByTestId('welfare-birthday:2026')).getByText('请先完善并确认生日信息')).toBeTruthy();
    expect(within(screen.getByTestId('welfare-birthday:2026')).getByText('去完善')).toBeTruthy();
    expect(within(screen.getByTestId('welfare-weekly:2026-11-09')).getByText('周俸禄（11-09 至 11-15）')).toBeTruthy();
    await userEvent.click(within(screen.getByTestId('welfare-upgrade:2')).getByRole('button', { name: /立即领取/ }));
    expect(await screen.findByText('领取成功，礼金已到账')).toBeTruthy();
    const claim = calls.find((c) => c.path.endsWith('vipWelfare/receive'))!;
    expect(claim.body).toEqual({ id: 'upgrade:2' });
    expect(claim.headers[HEADERS.IDEMPOTENCY_KEY]).toMatch(/^[\w-]{8,}$/);
    await waitFor(() => expect(within(screen.getByTestId('welfare-upgrade:2')).getByText('已领取')).toBeTruthy());
  });

  test('a refused claim shows the server message; the retry reuses its Idempotency-Key', async () => {
    const calls = vipRoutes({ 'vipWelfare/receive': fail(6009, '该奖励已领取') });
    renderAt(<WelfarePage />, '/mine/welfare');
    const button = within(await screen.findByTestId('welfare-upgrade:2')).getByRole('button', { name: /立即领取/ });
    await userEvent.click(button);
    expect(await screen.findByText('该奖励已领取')).toBeTruthy();
    await userEvent.click(within(screen.getByTestId('welfare-upgrade:2')).getByRole('button', { name: /立即领取/ }));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('vipWelfare/receive'))).toHaveLength(2));
    const [a, b] = calls.filter((c) => c.path.endsWith('vipWelfare/receive'));
    expect(a!.headers[HEADERS.IDEMPOTENCY_KEY]).toBe(b!.headers[HEADERS.IDEMPOTENCY_KEY]);
  });

  test('rebate records: an honest empty state, then rows with the per-category detail', async () => {
    vipRoutes({
      'vipWelfare/rebateRecords': ok({
        total: 1,
        list: [
          {
            day: '2026-11-18',
            grade: 3,
            validTurnover: '13345.67',
            amount: '53.88',
            paidAt: '2026-11-18T18:00:00.000Z',
            details: [{ category: 'TY', validTurnover: '12345.67', rateBp: 40, amount: '49.38' }],
          },
        ],
      }),
    });
    renderAt(<WelfarePage />, '/mine/welfare');
    const table = await screen.findByTestId('rebate-records');
    expect(await within(table).findByText('¥ 53.88')).toBeTruthy();
    expect(within(table).getByText('¥ 13,345.67')).toBeTruthy();
  });

  test('no rebate yet: the empty state explains when it comes', async () => {
    vipRoutes();
    renderAt(<WelfarePage />, '/mine/welfare');
    expect(await screen.findByText('暂无洗码记录')).toBeTruthy();
  });
});

test('no points exchange is offered: no points balance exists, so no page, menu entry or text stands in for one', () => {
  expect(matchRoute('/mine/exchange').def.name).toBe('notFound');
  expect(JSON.stringify(zhCN)).not.toMatch(/积分|暂未开放|筹备中/);
});
