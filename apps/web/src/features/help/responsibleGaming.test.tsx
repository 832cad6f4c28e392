/**
 * Issue 18 item 6: the 博彩责任 page describes what the product does — every tool with its periods, the
 * cooling-off, time-out and self-exclusion and their effects, KYC and 18+, regions — in both languages, and
 * leads to the member's own tools (/mine/protection). It no longer sends players to customer service for them.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { browser } from '../../routes/nav.ts';
import { HELP_PAGES } from './index.ts';
import { renderIn } from './test-utils.tsx';

vi.mock('../../app/site.ts', () => import('./site.mock.ts'));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const page = HELP_PAGES.find((p) => p.path === 'bczr')!;

const NAMED = {
  'zh-CN': [
    '存款限额',
    '亏损限额',
    '投注限额',
    '单次登录时长',
    '现实提醒',
    '暂停游戏',
    '自我排除',
    '身份验证',
    '冷静期',
    '24小时、7天、30天或6周',
    '6个月、1年、2年、5年或永久',
    '所有品牌',
    '仍可登录并申请取款，账户余额不会被没收',
    '18 周岁',
    '地区',
    '15、30、45、60、90 或 120 分钟',
  ],
  'zh-TW': [
    '存款限額',
    '虧損限額',
    '投注限額',
    '單次登入時長',
    '現實提醒',
    '暫停遊戲',
    '自我排除',
    '身份驗證',
    '冷靜期',
    '24小時、7天、30天或6週',
    '6個月、1年、2年、5年或永久',
    '所有品牌',
    '仍可登入並申請取款，帳戶餘額不會被沒收',
    '18 週歲',
    '地區',
    '15、30、45、60、90 或 120 分鐘',
  ],
} as const;

describe.each(['zh-CN', 'zh-TW'] as const)('博彩责任 in %s', (lng) => {
  test('names each tool, its periods and effects, and promises no service-desk route for them', async () => {
    const { container } = await renderIn(lng, <page.Component />);
    const text = container.textContent ?? '';
    for (const words of NAMED[lng]) expect(text, words).toContain(words);
    expect(text).not.toMatch(/联系在线客服|聯絡線上客服|聯繫線上客服/);
  });

  test('links to the protection page', async () => {
    const assigned: string[] = [];
    vi.spyOn(browser, 'assign').mockImplementation((url) => void assigned.push(url));
    await renderIn(lng, <page.Component />);
    const link = screen.getByRole('link', { name: lng === 'zh-CN' ? /前往「责任博彩」设置/ : /前往「責任博彩」設定/ });
    expect(link.getAttribute('href')).toBe('/mine/protection');
    fireEvent.click(link);
    expect(assigned).toEqual(['/mine/protection']);
  });
});
