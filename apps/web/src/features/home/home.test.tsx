/** Home banners: the brand's banner ads from navigationList (cached per payload), their links, a fixed frame, honest empty states. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { clearRequestCache } from '../../api/client.ts';
import { fail, mockApi, ok, renderAt, useWalletTestSession } from '../wallet/testKit.tsx';
import { HomePage } from './HomePage.tsx';

const seen = useWalletTestSession();

const ad = (id: string, linkUrl: string, over: Record<string, unknown> = {}) => ({
  id, position: 'banner', title: `横幅${id}`, imageUrl: `https://img.example/${id}.jpg`, linkUrl, content: '', sort: 0, ...over,
});
const banners = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path.endsWith('advertising/navigationList'));

describe('home banners', () => {
  test('asks navigationList for the banner position; a site path opens in the app, its image has a fixed ratio', async () => {
    const calls = mockApi({ navigationList: ok([ad('a1', '/activity/discount')]) });
    renderAt(<HomePage />, '/');
    const slide = await screen.findByTestId('banner-a1');
    expect(banners(calls).map((c) => c.body)).toEqual([{ position: 'banner' }]);
    expect(screen.getByTestId('home-banner').dataset.state).toBe('ready');
    const img = within(slide).getByRole('img', { name: '横幅a1' });
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height')]).toEqual(['https://img.example/a1.jpg', '1280', '640']);
    expect(slide.getAttribute('href')).toBe('/activity/discount');
    expect(slide.getAttribute('target')).toBeNull();
    await userEvent.click(slide);
    expect(seen.assigned).toEqual(['/activity/discount']); // no router registered in the test: the helper's full-load path
    expect(seen.opened).toEqual([]);
  });

  test('an http(s) link opens in a new tab; a banner without a link is only a picture', async () => {
    mockApi({ navigationList: ok([ad('x1', 'https://partner.example/promo')]) });
    const first = renderAt(<HomePage />, '/');
    const slide = await screen.findByTestId('banner-x1');
    expect([slide.getAttribute('target'), slide.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    await userEvent.click(slide);
    expect(seen.opened).toEqual(['https://partner.example/promo']);
    expect(seen.assigned).toEqual([]);
    first.unmount();

    mockApi({ navigationList: ok([ad('n1', '')]) });
    clearRequestCache();
    renderAt(<HomePage />, '/');
    const plain = await screen.findByTestId('banner-n1');
    expect(plain.tagName).toBe('DIV');
    expect(within(plain).getByRole('img').getAttribute('loading')).toBe('eager');
  });

  test('the answer is cached per path + payload: a second visit of the page sends nothing', async () => {
    const calls = mockApi({ navigationList: ok([ad('a1', '/sponsor')]) });
    const first = renderAt(<HomePage />, '/');
    await screen.findByTestId('banner-a1');
    first.unmount();
    renderAt(<HomePage />, '/');
    await screen.findByTestId('banner-a1');
    expect(banners(calls)).toHaveLength(1);
  });

  test('several banners rotate in the carousel; slides after the first load lazily', async () => {
    mockApi({ navigationList: ok([ad('a1', '/sponsor'), ad('a2', '/activity/discount'), ad('a3', '')]) });
    const { container } = renderAt(<HomePage />, '/');
    await waitFor(() => expect(container.querySelector('.home-banner__carousel')).toBeTruthy());
    const frame = screen.getByTestId('home-banner');
    const second = within(frame).getAllByRole('img', { name: '横幅a2', hidden: true })[0]!;
    expect(second.getAttribute('loading')).toBe('lazy');
    expect(within(frame).getAllByRole('img', { name: '横幅a1', hidden: true })[0]!.getAttribute('loading')).toBe('eager');
    expect(within(frame).getAllByTestId('banner-a3').length).toBeGreaterThan(0);
  });

  test('no banners, or a failed call: the frame stays (no layout shift) with the honest empty text', async () => {
    mockApi({ navigationList: ok([]) });
    const first = renderAt(<HomePage />, '/');
    const frame = screen.getByTestId('home-banner');
    expect(frame.dataset.state).toBe('loading');
    expect(await within(frame).findByText('活动横幅将由运营后台配置后在此展示')).toBeTruthy();
    expect(frame.dataset.state).toBe('empty');
    first.unmount();

    mockApi({ navigationList: fail(6010, '系统繁忙') });
    renderAt(<HomePage />, '/');
    expect(await within(screen.getByTestId('home-banner')).findByText('活动横幅将由运营后台配置后在此展示')).toBeTruthy();
  });
});
