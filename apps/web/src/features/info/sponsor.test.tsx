/** /sponsor: the sponsorships the brand published (advertising/sponsorContent), their links, honest empty and failure states. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { i18n } from '../../app/i18n.ts';
import { fail, mockApi, ok, renderAt, withWalletTestSession } from '../wallet/testKit.tsx';
import { SponsorPage } from './SponsorPage.tsx';

const seen = withWalletTestSession();

const item = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  position: 'sponsor',
  title: `赞助${id}`,
  imageUrl: `https://img.example/${id}.jpg`,
  linkUrl: '',
  content: '',
  sort: 0,
  ...over,
});
const SPONSORSHIPS = [
  item('s1', {
    title: '城市足球俱乐部官方合作伙伴',
    content: '2026 赛季起成为俱乐部官方合作伙伴。\n主场观赛福利面向会员开放。',
    linkUrl: '/activity/discount',
  }),
  item('s2', { title: '电竞联赛冠名', content: '冠名春季职业联赛。', linkUrl: 'https://league.example/news' }),
  item('s3', { title: '青少年篮球公益', content: '资助社区篮球场翻新。' }),
];

describe('sponsor page', () => {
  test('lists the published sponsorships in order with picture, title and paragraphs', async () => {
    const calls = mockApi({ sponsorContent: ok(SPONSORSHIPS) });
    renderAt(<SponsorPage />, '/sponsor');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('品牌赞助');
    const list = await screen.findByRole('list', { name: '赞助项目' });
    expect([...list.querySelectorAll('h2')].map((h) => h.textContent)).toEqual([
      '城市足球俱乐部官方合作伙伴',
      '电竞联赛冠名',
      '青少年篮球公益',
    ]);
    const first = screen.getByTestId('sponsorship-s1');
    expect(within(first).getByText('2026 赛季起成为俱乐部官方合作伙伴。')).toBeTruthy();
    expect(within(first).getByText('主场观赛福利面向会员开放。')).toBeTruthy();
    const img = within(first).getByRole('img', { name: '城市足球俱乐部官方合作伙伴' });
    expect([img.getAttribute('src'), img.getAttribute('loading')]).toEqual(['https://img.example/s1.jpg', 'eager']);
    expect(within(screen.getByTestId('sponsorship-s2')).getByRole('img', { name: '电竞联赛冠名' }).getAttribute('loading')).toBe('lazy');
    expect(calls.filter((c) => c.path.endsWith('advertising/sponsorContent')).map((c) => c.body)).toEqual([{}]);
  });

  test('links: a site path goes through the router, an http(s) address opens in a new tab, none means no link', async () => {
    mockApi({ sponsorContent: ok(SPONSORSHIPS) });
    renderAt(<SponsorPage />, '/sponsor');
    const internal = within(await screen.findByTestId('sponsorship-s1')).getByRole('link', { name: /了解详情/ });
    expect([internal.getAttribute('href'), internal.getAttribute('target')]).toEqual(['/activity/discount', null]);
    await userEvent.click(internal);
    expect(seen.assigned).toEqual(['/activity/discount']);
    const external = within(screen.getByTestId('sponsorship-s2')).getByRole('link', { name: /了解详情/ });
    expect([external.getAttribute('target'), external.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    await userEvent.click(external);
    expect(seen.opened).toEqual(['https://league.example/news']);
    expect(within(screen.getByTestId('sponsorship-s3')).queryByRole('link')).toBeNull();
  });

  test('nothing published: the honest empty state, no made-up sponsorships', async () => {
    mockApi({ sponsorContent: ok([]) });
    renderAt(<SponsorPage />, '/sponsor');
    expect(await screen.findByText('暂无赞助项目')).toBeTruthy();
    expect(screen.queryByRole('list', { name: '赞助项目' })).toBeNull();
  });

  test('a failed call shows the server message and a retry that asks again', async () => {
    let n = 0;
    mockApi({ sponsorContent: () => (++n === 1 ? fail(6010, '系统繁忙，请稍后再试') : ok([SPONSORSHIPS[2]])) });
    renderAt(<SponsorPage />, '/sponsor');
    expect(await screen.findByText('赞助内容加载失败')).toBeTruthy();
    expect(screen.getByText('系统繁忙，请稍后再试')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByTestId('sponsorship-s3')).toBeTruthy();
  });

  test('zh-TW texts', async () => {
    await i18n.changeLanguage('zh-TW');
    try {
      mockApi({ sponsorContent: ok([SPONSORSHIPS[0]]) });
      renderAt(<SponsorPage />, '/sponsor');
      expect(await screen.findByRole('list', { name: '贊助項目' })).toBeTruthy();
      expect(screen.getByRole('link', { name: /了解詳情/ })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });
});
