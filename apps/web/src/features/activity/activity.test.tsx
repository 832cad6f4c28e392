import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { useSession } from '../../stores/session.ts';
import { fail, mockApi, ok, renderAt, withWalletTestSession } from '../wallet/testKit.tsx';
import { ActivityDetailPage, DiscountPage, FriendInvitationPage, GiftRecordPage } from './pages.tsx';

withWalletTestSession();

const summary = (over: Record<string, unknown> = {}) => ({
  id: 'sign-in-7000',
  type: 'sign_in',
  category: 'general',
  title: '每日签到送彩金',
  summary: '连续签到7天，彩金逐日递增',
  banner: { theme: 'violet', image: null },
  rules: '1. 每天可签到一次。',
  highlights: ['连签7天', '最高28元/天'],
  startAt: '2025-01-01T00:00:00.000Z',
  endAt: null,
  status: 'active',
  route: '/activity/signGift/sign-in-7000',
  joined: false,
  ...over,
});
const month = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-11-${String(i + 1).padStart(2, '0')}`,
  signed: i === 20,
  amount: i === 20 ? '2.00' : null,
}));
const reward = (over: Record<string, unknown> = {}) => ({
  id: 'r1',
  activityId: 'sign-in-7000',
  activityTitle: '每日签到送彩金',
  type: 'sign_in',
  amount: '3.00',
  wagering: '3.00',
  status: 'paid',
  source: '连续签到第 2 天',
  createdAt: '2026-11-22T10:00:00.000Z',
  ...over,
});
const signDetail = (signedToday: boolean) => ({
  activity: summary(),
  joined: true,
  joinedAt: null,
  eligible: !signedToday,
  reason: signedToday ? '今日已签到' : '',
  rewards: signedToday ? [reward()] : [],
  sign: {
    today: '2026-11-22',
    signedToday,
    streak: signedToday ? 2 : 1,
    nextAmount: signedToday ? '5.00' : '3.00',
    minDeposit: '0.00',
    month,
  },
});

describe('discount centre', () => {
  test('cards from promotion/config with category tabs and counts; a tab filters', async () => {
    mockApi({
      'promotion/config': ok({
        categories: [
          { key: 'all', count: 2 },
          { key: 'general', count: 1 },
          { key: 'newbie', count: 1 },
        ],
        list: [
          summary(),
          summary({
            id: 'first-deposit-7000',
            type: 'first_deposit',
            category: 'newbie',
            title: '新会员首存加赠100%',
            banner: { theme: 'gold', image: null },
            highlights: ['100%'],
          }),
        ],
      }),
      getMyDiscountAd: ok([]),
    });
    renderAt(<DiscountPage />, '/activity/discount');
    expect(await screen.findByTestId('promo-sign-in-7000')).toBeTruthy();
    expect(screen.getByTestId('promo-first-deposit-7000').textContent).toContain('新会员首存加赠100%');
    await userEvent.click(screen.getByText('新人专享 1'));
    await waitFor(() => expect(screen.queryByTestId('promo-sign-in-7000')).toBeNull());
    expect(screen.getByTestId('promo-first-deposit-7000')).toBeTruthy();
  });

  test('no promotions: the honest empty state', async () => {
    mockApi({ 'promotion/config': ok({ categories: [{ key: 'all', count: 0 }], list: [] }), getMyDiscountAd: ok([]) });
    renderAt(<DiscountPage />, '/activity/discount');
    expect(await screen.findByText('暂无优惠活动')).toBeTruthy();
  });
});

describe('sign-in gift page', () => {
  test('check in: joinActivity is called once, the calendar and the button follow the answer', async () => {
    let signed = false;
    const calls = mockApi({
      'promotion/config': ok({ categories: [], list: [summary()] }),
      confirmInfo: () => ok(signDetail(signed)),
      joinActivity: () => {
        signed = true;
        return ok({ activityId: 'sign-in-7000', joined: true, rewards: [reward()], spin: null, message: '领取成功，红利已到账' });
      },
      getBalance: ok({ centerWalletBalance: '3.00', lockMoney: '0.00', currency: 'CNY' }),
    });
    renderAt(<ActivityDetailPage />, '/activity/signGift/sign-in-7000', '/activity/signGift/:id');
    await userEvent.click(await screen.findByRole('button', { name: '立即签到' }));
    expect(await screen.findByRole('button', { name: '今日已签到' })).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('joinActivity')).map((c) => c.body)).toEqual([{ activityId: 'sign-in-7000' }]);
    expect(await screen.findByText('连续签到第 2 天')).toBeTruthy();
    expect(await screen.findByText('1. 每天可签到一次。')).toBeTruthy();
  });

  test('a refusal shows the server message', async () => {
    mockApi({
      'promotion/config': ok({ categories: [], list: [summary()] }),
      confirmInfo: ok(signDetail(false)),
      joinActivity: fail(6012, '今日已签到'),
    });
    renderAt(<ActivityDetailPage />, '/activity/signGift/sign-in-7000', '/activity/signGift/:id');
    await userEvent.click(await screen.findByRole('button', { name: '立即签到' }));
    expect(await screen.findByText('今日已签到')).toBeTruthy();
  });

  test('anonymous visitors see the promotion and a login prompt, no member call', async () => {
    useSession.setState({ token: null, user: null, userId: null });
    const calls = mockApi({ 'promotion/config': ok({ categories: [], list: [summary()] }) });
    renderAt(<ActivityDetailPage />, '/activity/signGift/sign-in-7000', '/activity/signGift/:id');
    expect(await screen.findByText('登录后即可参与')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('confirmInfo'))).toBe(false);
  });

  test('an unknown promotion: not open', async () => {
    mockApi({ 'promotion/config': ok({ categories: [], list: [] }) });
    renderAt(<ActivityDetailPage />, '/activity/signGift/zzz-1', '/activity/signGift/:id');
    expect(await screen.findByText('未找到该活动')).toBeTruthy();
  });
});

describe('friend invitation and gift records', () => {
  test('invite code, link and masked invitees', async () => {
    const inv = summary({ id: 'invite-friends-7000', type: 'friend_invite', title: '邀请好友赚彩金', route: '/activity/friendInvitation' });
    mockApi({
      'promotion/config': ok({ categories: [], list: [inv] }),
      confirmInfo: ok({
        activity: inv,
        joined: false,
        joinedAt: null,
        eligible: true,
        reason: '',
        rewards: [],
        invite: {
          code: 'ABCD2345',
          link: 'http://localhost:8080/?icode=ABCD2345',
          bonus: '38.00',
          minDeposit: '100.00',
          rewardTotal: '38.00',
          invitees: [{ name: 'ab****x', registeredAt: '2026-11-20T00:00:00.000Z', qualified: true, rewardStatus: 'paid' }],
        },
      }),
    });
    renderAt(<FriendInvitationPage />, '/activity/friendInvitation');
    expect((await screen.findByTestId('invite-code')).textContent).toContain('ABCD2345');
    expect(await screen.findByText('http://localhost:8080/?icode=ABCD2345')).toBeTruthy();
    expect(await screen.findByText('ab****x')).toBeTruthy();
  });

  test('gift records list the rewards with their status and total', async () => {
    mockApi({
      exchangeRecord: ok({
        total: 2,
        totalAmount: '3.00',
        list: [reward(), reward({ id: 'r2', status: 'flagged', amount: '38.00', source: '好友 ab****x 存款 100 元' })],
      }),
    });
    renderAt(<GiftRecordPage />, '/mine/giftRecord');
    expect(await screen.findByText('共 2 笔，已到账 ¥3')).toBeTruthy();
    expect(await screen.findByText('审核中')).toBeTruthy();
    expect(await screen.findByText('+38')).toBeTruthy();
  });
});
