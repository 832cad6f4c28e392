import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { bus } from '../../app/events.ts';
import { renderIn, TEST_H5 } from '../help/test-utils.tsx';
import { AgentPage, DownloadPage, qrMatrix } from './index.ts';

vi.mock('../../app/site.ts', () => import('../help/site.mock.ts'));

afterEach(cleanup);

const LANGUAGES = ['zh-CN', 'zh-TW'] as const;

describe.each(LANGUAGES)('info pages in %s', (lng) => {
  test('agent page: commission table and apply through customer service', async () => {
    const { container } = await renderIn(lng, <AgentPage />);
    expect(container.querySelector('.cd-table')?.textContent).toContain('45%');
    const spy = vi.fn();
    const off = bus.on('open_customer_service', spy);
    fireEvent.click(screen.getAllByRole('button', { name: lng === 'zh-CN' ? '联系客服申请代理' : '聯絡客服申請代理' })[0]!);
    expect(spy).toHaveBeenCalledTimes(1);
    off();
  });

  test('download page: install steps for iOS Safari and Android (添加到主屏幕) and a QR code of the h5 url', async () => {
    const { container } = await renderIn(lng, <DownloadPage />);
    const cn = lng === 'zh-CN';
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(cn ? '安装到手机' : '安裝到手機');
    const text = (container.textContent ?? '').replaceAll(TEST_H5, '');
    expect(text).toContain(cn ? '苹果手机安装说明' : '蘋果手機安裝說明');
    expect(text).toContain(cn ? '安卓手机安装说明' : '安卓手機安裝說明');
    expect(text).toContain(cn ? '添加到主屏幕' : '加入主畫面');
    expect(text).toContain(cn ? '安装应用' : '安裝應用程式');
    // A web app: no native package, no certificate to trust, no English word.
    expect(text).not.toMatch(/企业证书|企業證書|描述文件|描述檔案|安装包下载后|[A-Za-z]{2,}/);
    const qr = container.querySelector('svg.qr-code');
    expect(qr?.getAttribute('data-url')).toBe(TEST_H5);
    expect(qr?.querySelector('path')?.getAttribute('d')).toMatch(/^M4 4h1v1h-1z/); // the top-left finder's corner module
    expect(screen.getByRole('link', { name: TEST_H5 }).getAttribute('href')).toBe(TEST_H5);
  });
});

describe('QR code', () => {
  test('a real QR symbol: version 1 (21 modules) for a short text, finder patterns in three corners, timing pattern', () => {
    const m = qrMatrix('https://h5.example');
    expect(m.length).toBeGreaterThanOrEqual(21);
    expect((m.length - 17) % 4).toBe(0); // versions are 21, 25, … modules wide
    const finder = (r0: number, c0: number) =>
      [0, 1, 2, 3, 4, 5, 6].every(
        (i) => m[r0]![c0 + i] && m[r0 + 6]![c0 + i] && m[r0 + i]![c0] && m[r0 + i]![c0 + 6] && m[r0 + 3]![c0 + 3],
      );
    const n = m.length;
    expect(finder(0, 0) && finder(0, n - 7) && finder(n - 7, 0)).toBe(true);
    expect(finder(n - 7, n - 7)).toBe(false);
    // The timing pattern alternates between the top finders.
    for (let c = 8; c < n - 8; c++) expect(m[6]![c]).toBe(c % 2 === 0);
    // Different text, different symbol.
    expect(JSON.stringify(qrMatrix('https://h5.example/a'))).not.toBe(JSON.stringify(m));
  });
});
