/**
 * The brands' own art, generated (no downloaded images, no other brand's marks): the logo (the emblem
 * on its rounded square) and the demo brands' home banners — a promotion's headline drawn in the
 * request's language on the brand's colours with a motif. Served by artRoutes.ts; the banners reach the
 * home page as seeded advertising items (messages/seed.ts), which an operator withdraws or replaces.
 */
import type { Locale } from '@portal/contract';
import { emblemOf, shapesSvg } from './emblem.ts';

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The brand's logo: its emblem on a rounded square (100 × 100). */
export function logoSvg(siteCode: number, primaryColor: string): string {
  const e = emblemOf(siteCode, primaryColor);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">` +
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${e.from}"/><stop offset="1" stop-color="${e.to}"/></linearGradient></defs>` +
    `<rect width="100" height="100" rx="22" fill="url(#b)"/><g transform="translate(5 5) scale(0.9)">${shapesSvg(e.shapes)}</g></svg>`
  );
}

type Motif = 'gift' | 'coins' | 'wheel' | 'friends';

interface BannerDef {
  slug: string;
  motif: Motif;
  /** Headline, line under it, button — per language. Figures only those of the demo promotions (promotions/demo.ts). */
  text: Record<Locale, Lines>;
  link: string;
}

type Lines = [title: string, line: string, button: string];
const banner = (slug: string, motif: Motif, link: string, cn: Lines, tw: Lines): BannerDef => ({
  slug,
  motif,
  link,
  text: { 'zh-CN': cn, 'zh-TW': tw },
});

/** The demo brands' banners, in the order they rotate. */
export const DEMO_BANNERS: readonly BannerDef[] = [
  banner(
    'first-deposit',
    'gift',
    '/activity/discount',
    ['新会员首存加赠100%', '注册后完成首次存款即可参与', '立即参与'],
    ['新會員首存加贈100%', '註冊後完成首次存款即可參與', '立即參與'],
  ),
  banner(
    'reload',
    'coins',
    '/activity/discount',
    ['每日再存送15%', '每天再次存款，彩金加赠到账', '查看详情'],
    ['每日再存送15%', '每天再次存款，彩金加贈到賬', '查看詳情'],
  ),
  banner(
    'lucky-wheel',
    'wheel',
    '/activity/discount',
    ['幸运大转盘', '投注赢取抽奖次数，好礼转不停', '去抽奖'],
    ['幸運大轉盤', '投注贏取抽獎次數，好禮轉不停', '去抽獎'],
  ),
  banner(
    'invite',
    'friends',
    '/activity/friendInvitation',
    ['邀请好友赚彩金', '分享专属邀请链接，好友一起玩', '立即邀请'],
    ['邀請好友賺彩金', '分享專屬邀請連結，好友一起玩', '立即邀請'],
  ),
];

const GOLD = '#f3d27a';

const MOTIFS: Record<Motif, string> = {
  gift:
    '<rect x="880" y="300" width="260" height="200" rx="14" fill="#e53935"/><rect x="860" y="250" width="300" height="70" rx="12" fill="#ef5350"/>' +
    `<rect x="990" y="250" width="40" height="250" fill="${GOLD}"/><ellipse cx="965" cy="232" rx="52" ry="28" fill="${GOLD}" transform="rotate(-18 965 232)"/>` +
    `<ellipse cx="1055" cy="232" rx="52" ry="28" fill="${GOLD}" transform="rotate(18 1055 232)"/><circle cx="1010" cy="246" r="18" fill="#ffe9a8"/>`,
  coins:
    [0, 1, 2, 3, 4]
      .map(
        (i) =>
          `<ellipse cx="${960 + (i % 2) * 14}" cy="${470 - i * 42}" rx="120" ry="38" fill="#c9962e"/>` +
          `<ellipse cx="${960 + (i % 2) * 14}" cy="${458 - i * 42}" rx="120" ry="38" fill="${GOLD}"/>`,
      )
      .join('') +
    `<circle cx="1130" cy="220" r="62" fill="${GOLD}" stroke="#c9962e" stroke-width="10"/><text x="1130" y="244" text-anchor="middle" font-family="sans-serif" font-size="72" font-weight="800" fill="#c9962e">¥</text>`,
  wheel:
    '<circle cx="1010" cy="330" r="190" fill="#fff7e0"/>' +
    Array.from({ length: 12 }, (_, i) => {
      const a = (i * Math.PI) / 6;
      const b = ((i + 1) * Math.PI) / 6;
      const p = (t: number) => `${(1010 + 178 * Math.cos(t)).toFixed(1)} ${(330 + 178 * Math.sin(t)).toFixed(1)}`;
      return `<path d="M1010 330L${p(a)}A178 178 0 0 1 ${p(b)}z" fill="${['#e53935', '#ffca28', '#43a047', '#1e88e5'][i % 4]}"/>`;
    }).join('') +
    `<circle cx="1010" cy="330" r="34" fill="${GOLD}" stroke="#8d6e1f" stroke-width="6"/><path d="M1010 120l-24 -44h48z" fill="#8d6e1f"/>`,
  friends:
    `<circle cx="930" cy="250" r="62" fill="#ffe0b2"/><path d="M820 480a110 110 0 0 1 220 0z" fill="#42a5f5"/>` +
    `<circle cx="1090" cy="270" r="54" fill="#ffccbc"/><path d="M995 480a95 95 0 0 1 190 0z" fill="#ec407a"/>` +
    `<circle cx="1170" cy="160" r="40" fill="${GOLD}"/><rect x="1162" y="135" width="16" height="50" rx="4" fill="#fff"/><rect x="1145" y="152" width="50" height="16" rx="4" fill="#fff"/>`,
};

const FONTS: Record<Locale, string> = {
  'zh-CN': `'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Noto Serif CJK SC',sans-serif`,
  'zh-TW': `'PingFang TC','Microsoft JhengHei','Noto Sans CJK TC','Noto Serif CJK TC',sans-serif`,
};

/** A demo banner (1280 × 640) of the brand in the language, or null for an unknown banner. */
export function bannerSvg(siteCode: number, primaryColor: string, slug: string, locale: Locale): string | null {
  const def = DEMO_BANNERS.find((b) => b.slug === slug);
  if (!def) return null;
  const e = emblemOf(siteCode, primaryColor);
  const [title, line, cta] = def.text[locale].map(esc) as [string, string, string];
  const font = FONTS[locale];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 640" width="1280" height="640">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${e.from}"/><stop offset="1" stop-color="${e.to}"/></linearGradient>` +
    `<radialGradient id="glow" cx="0.78" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="1280" height="640" fill="url(#bg)"/><rect width="1280" height="640" fill="url(#glow)"/>` +
    `<circle cx="1180" cy="40" r="150" fill="#ffffff" fill-opacity="0.06"/><circle cx="120" cy="600" r="190" fill="#ffffff" fill-opacity="0.05"/>` +
    `<g transform="translate(60 0)">${MOTIFS[def.motif]}</g>` +
    `<g transform="translate(88 70) scale(0.9)">${shapesSvg(e.shapes)}</g>` +
    `<text x="88" y="300" font-family="${font}" font-size="76" font-weight="800" fill="#ffffff">${title}</text>` +
    `<text x="88" y="372" font-family="${font}" font-size="38" fill="#ffffff" fill-opacity="0.86">${line}</text>` +
    `<rect x="88" y="430" width="240" height="76" rx="38" fill="${GOLD}"/>` +
    `<text x="208" y="480" text-anchor="middle" font-family="${font}" font-size="34" font-weight="700" fill="#3b2a00">${cta}</text></svg>`
  );
}

/** Where a brand's art is served (artRoutes.ts). `{locale}` in a banner's address is the request's language (messages service). */
export const brandArt = {
  logo: (siteCode: number) => `/brand-art/${siteCode}/logo.svg`,
  icon: (siteCode: number, size: number, maskable = false) => `/brand-art/${siteCode}/icon-${maskable ? 'maskable-' : ''}${size}.png`,
  banner: (siteCode: number, slug: string) => `/brand-art/${siteCode}/banner-${slug}.{locale}.svg`,
};
