import { act } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { bus } from '../../app/events.ts';
import { renderIn } from '../help/test-utils.tsx';
import { LegalRoot, PrivacyPage, TermsPage } from './index.ts';

vi.mock('../../app/site.ts', () => import('../help/site.mock.ts'));

afterEach(cleanup);

/** Spec §9 figures as the terms write them. */
const TERMS_FIGURES = [
  '18 周岁',
  '1,500,000 美元',
  '300,000 美元',
  '200,000 美元',
  '25,000 美元',
  '600,000 美元',
  '180,000 美元',
  '14 天',
  '5 年',
];

describe('terms and conditions', () => {
  test('carry the figures of spec §9', async () => {
    const { container } = await renderIn('zh-CN', <TermsPage />);
    const text = container.textContent ?? '';
    for (const figure of TERMS_FIGURES) expect(text, figure).toContain(figure);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('规则与条款');
    expect(text).toContain('每位用户只可拥有一个账户');
    expect(text).toContain('注单一经平台接受即为最终结果');
    expect(text).toContain('受限国家或地区居民');
  });

  test('list the grounds for voiding results, confiscating, ending the agreement or freezing', async () => {
    const { container } = await renderIn('zh-CN', <TermsPage />);
    const text = container.textContent ?? '';
    expect(text).toContain('取消相关彩票开奖结果及注单、没收账户余额、终止与会员的协议或冻结账户');
    for (const ground of ['一个以上的有效账户', '持卡人姓名不一致', '中途退出', '欺诈', '机器人', '串通']) expect(text).toContain(ground);
  });

  test('zh-TW terms carry the same figures in Traditional characters', async () => {
    const { container } = await renderIn('zh-TW', <TermsPage />);
    const text = container.textContent ?? '';
    for (const figure of [
      '18 週歲',
      '1,500,000 美元',
      '300,000 美元',
      '200,000 美元',
      '25,000 美元',
      '600,000 美元',
      '180,000 美元',
      '14 天',
      '5 年',
    ]) {
      expect(text, figure).toContain(figure);
    }
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('規則與條款');
  });
});

describe('privacy policy', () => {
  test.each(['zh-CN', 'zh-TW'] as const)('covers adults only, encryption, sharing, cookies and IP (%s)', async (lng) => {
    const { container } = await renderIn(lng, <PrivacyPage />);
    const text = container.textContent ?? '';
    const words =
      lng === 'zh-CN'
        ? ['18 周岁', '加密连接', '合法命令', '支付服务提供方', 'Cookie', 'IP 地址', '定期清除']
        : ['18 週歲', '加密連線', '合法命令', '支付服務提供方', 'Cookie', 'IP 地址', '定期清除'];
    for (const w of words) expect(text, w).toContain(w);
  });
});

describe('LegalRoot modal', () => {
  test('opens on show_legal and toggles between terms and privacy', async () => {
    await renderIn('zh-CN', <LegalRoot />);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => bus.emit('show_legal', { doc: 'privacy' }));
    expect((await screen.findByRole('heading', { level: 2, name: '隐私政策' })).textContent).toBe('隐私政策');

    fireEvent.click(screen.getByRole('button', { name: '查看《规则与条款》' }));
    expect(await screen.findByRole('heading', { level: 2, name: '规则与条款' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: '隐私政策' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '查看《隐私政策》' }));
    expect(await screen.findByRole('heading', { level: 2, name: '隐私政策' })).toBeTruthy();
  });

  test('show_legal terms opens the terms; 我已阅读 closes', async () => {
    await renderIn('zh-CN', <LegalRoot />);
    act(() => bus.emit('show_legal', { doc: 'terms' }));
    expect(await screen.findByRole('heading', { level: 2, name: '规则与条款' })).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain('1,500,000 美元');
    fireEvent.click(screen.getByRole('button', { name: '我已阅读' }));
    await vi.waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: '规则与条款' })).toBeNull());
  });
});
