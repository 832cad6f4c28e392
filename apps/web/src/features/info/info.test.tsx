import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { bus } from '../../app/events.ts';
import { renderIn, TEST_BRAND, TEST_H5 } from '../help/test-utils.tsx';
import { AgentPage, DownloadPage, SponsorPage } from './index.ts';

vi.mock('../../app/site.ts', () => import('../help/site.mock.ts'));

afterEach(cleanup);

const LANGUAGES = ['zh-CN', 'zh-TW'] as const;

describe.each(LANGUAGES)('info pages in %s', (lng) => {
  test('sponsor page: hero with the brand, cards and sections', async () => {
    const { container } = await renderIn(lng, <SponsorPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(lng === 'zh-CN' ? '品牌赞助' : '品牌贊助');
    expect(container.textContent).toContain(TEST_BRAND);
    expect(container.querySelectorAll('.info-card').length).toBe(4);
    expect(container.querySelectorAll('section.cd-section').length).toBeGreaterThan(0);
  });

  test('agent page: commission table and apply through customer service', async () => {
    const { container } = await renderIn(lng, <AgentPage />);
    expect(container.querySelector('.cd-table')?.textContent).toContain('45%');
    const spy = vi.fn();
    const off = bus.on('open_customer_service', spy);
    fireEvent.click(screen.getAllByRole('button', { name: lng === 'zh-CN' ? '联系客服申请代理' : '聯絡客服申請代理' })[0]!);
    expect(spy).toHaveBeenCalledTimes(1);
    off();
  });

  test('download page: iOS and Android sections and the QR placeholder of the h5 url', async () => {
    const { container } = await renderIn(lng, <DownloadPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('APP 下載'.replace('載', lng === 'zh-CN' ? '载' : '載'));
    expect(container.textContent).toContain('iOS');
    expect(container.textContent).toContain('Android');
    const qr = container.querySelector('svg.qr-placeholder');
    expect(qr?.getAttribute('data-url')).toBe(TEST_H5);
    expect(screen.getByRole('link', { name: TEST_H5 }).getAttribute('href')).toBe(TEST_H5);
  });
});
