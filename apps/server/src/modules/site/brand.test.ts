/**
 * A brand that looks real: the installable web app's manifest and icons per
 * brand, the generated logo and home banners (zh-CN and zh-TW text drawn in), and no developer or
 * sandbox text in front of players — venue, game and notice names, the venue art, the pay page.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const get = (url: string, host = 'localhost') => h.app.inject({ method: 'GET', url, headers: { host } });
const TW = { headers: { 'x-lang': 'zh-TW' } };
const CN = { headers: { 'x-lang': 'zh-CN' } };
/** A PNG's width and height from its IHDR. */
const pngSize = (b: Buffer) => [b.readUInt32BE(16), b.readUInt32BE(20)];
/** Latin letters a player would read as English (a word of two letters or more). */
const ENGLISH = /[A-Za-z]{2,}/;

describe('web app manifest', () => {
  it.each([
    ['localhost', 7000, '翡翠湾体育', 'zh-CN'],
    ['bluewhale.localhost', 7001, '蓝鲸娱乐', 'zh-TW'],
  ])('%s: the brand %i as an installable app, with icons of 192 and 512 px (any and maskable)', async (host, site, name, lang) => {
    const r = await get('/manifest.webmanifest', host);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const m = r.json();
    expect(m).toMatchObject({ name, short_name: name, lang, start_url: '/?source=pwa', scope: '/', display: 'standalone' });
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const pngs = m.icons.filter((i: { type: string }) => i.type === 'image/png');
    expect(pngs.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngs) {
      expect(icon.src).toContain(`/brand-art/${site}/`);
      const res = await get(icon.src, host);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const size = Number(icon.sizes.split('x')[0]);
      expect(pngSize(res.rawPayload)).toEqual([size, size]);
      // Drawn, not blank: the centre (the emblem) is opaque.
      expect(res.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    }
    const touch = await get('/brand-art/apple-touch-icon.png', host);
    expect(touch.headers['content-type']).toBe('image/png');
    expect(pngSize(touch.rawPayload)).toEqual([180, 180]);
  });

  it('two brands have different icons; an unknown site or file is a 404', async () => {
    const a = await get('/brand-art/7000/icon-192.png');
    const b = await get('/brand-art/7001/icon-192.png');
    expect(a.rawPayload.equals(b.rawPayload)).toBe(false);
    expect((await get('/brand-art/9999/icon-192.png')).statusCode).toBe(404);
    expect((await get('/brand-art/7000/icon-100.png')).statusCode).toBe(404);
    expect((await get('/brand-art/7000/banner-nope.zh-CN.svg')).statusCode).toBe(404);
  });
});

describe('logo and home banners', () => {
  it('preInfo names the generated logo, served as SVG', async () => {
    for (const site of [7000, 7001]) {
      const theme = ok(await h.call('/site/api/v1/configuration/preInfo', {}, { site })).data.siteBaseConfig.theme;
      expect(theme.logoUrl).toBe(`/brand-art/${site}/logo.svg`);
      const r = await get(theme.logoUrl);
      expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(r.body).toMatch(/^<svg /);
    }
  });

  it('each demo brand has 3–4 promotion banners, drawn in the language of the request', async () => {
    for (const site of [7000, 7001]) {
      const cn = ok(await h.call('/site/api/v1/advertising/navigationList', { position: 'banner' }, { site, ...CN })).data;
      const tw = ok(await h.call('/site/api/v1/advertising/navigationList', { position: 'banner' }, { site, ...TW })).data;
      expect(cn.length).toBeGreaterThanOrEqual(3);
      expect(cn.length).toBeLessThanOrEqual(4);
      for (const [list, locale, headline] of [
        [cn, 'zh-CN', '邀请好友赚彩金'],
        [tw, 'zh-TW', '邀請好友賺彩金'],
      ] as const) {
        for (const ad of list) {
          expect(ad.imageUrl).toMatch(new RegExp(`^/brand-art/${site}/banner-[a-z-]+\\.${locale}\\.svg$`));
          expect(ad.linkUrl).toMatch(/^\/activity\//);
          const r = await get(ad.imageUrl);
          expect(r.statusCode).toBe(200);
          expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
        }
        const invite = list.find((a: { imageUrl: string }) => a.imageUrl.includes('banner-invite'));
        expect((await get(invite.imageUrl)).body).toContain(headline);
      }
    }
  });
});

describe('no developer or sandbox text in front of players', () => {
  it('venue and game names (both languages), venue art and notices carry no 沙盒 and no English', async () => {
    const names: string[] = [];
    for (const category of ['TY', 'ZR', 'QP', 'DZ', 'BY', 'CP', 'DJ']) {
      for (const o of [{}, TW]) {
        const venues = ok(await h.call('/game/api/v1/getVenueInfoByCategory', { category }, o)).data.list;
        for (const v of venues) {
          names.push(v.name, ...Object.values(v.names as Record<string, string>));
          const art = await get(v.art);
          expect(art.statusCode).toBe(200);
          // No code on the art: its text elements (none today) carry no Latin letters.
          for (const [, text] of art.body.matchAll(/<text[^>]*>([^<]*)</g)) expect(text).not.toMatch(ENGLISH);
          const games = ok(await h.call('/game/api/v1/gameList', { channelCode: v.channelCode }, o)).data.list;
          for (const g of games) names.push(g.name, ...Object.values(g.names as Record<string, string>));
        }
      }
    }
    expect(names.length).toBeGreaterThan(20);
    for (const n of names) {
      expect(n).not.toMatch(/沙盒|sandbox|测试|測試/i);
      expect(n).not.toMatch(ENGLISH);
    }
    for (const site of [7000, 7001]) {
      const notices = ok(await h.call('/site/api/v1/advertising/queryNoticeListByPage', { pageNum: 1, pageSize: 50 }, { site })).data.list;
      expect(notices.length).toBeGreaterThan(0);
      for (const n of notices) expect(`${n.title} ${n.content}`).not.toMatch(/沙盒|sandbox/i);
    }
  });

  it('the pay page speaks Chinese only: the order state in words, no English', async () => {
    const m = await h.member(undefined, undefined, { ip: '10.91.0.7' });
    const order = ok(
      await h.call(
        '/fd/api/v1/payment/pay',
        { channelId: 'bank', amount: '200' },
        { token: m.token, headers: { 'idempotency-key': randomUUID() } },
      ),
    ).data;
    const page = (await get(order.payUrl)).body;
    const visible = page
      .replace(/<style>[\s\S]*?<\/style>/, '')
      .replace(/<[^>]+>/g, ' ')
      .replaceAll(order.orderNo, '');
    expect(visible).toContain('待支付');
    expect(visible).not.toMatch(/沙盒|sandbox|pending/i);
    expect(visible).not.toMatch(ENGLISH);
  });
});
