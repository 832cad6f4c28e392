/**
 * The brand's art and installable web app (registered in routes.ts), served by the server so each brand's name and colours are
 * right (one web build serves every brand):
 * - GET /manifest.webmanifest — the web app manifest of the brand of the Host (name, icons, colours);
 * - GET /brand-art/apple-touch-icon.png — the Host brand's home-screen icon for iOS Safari;
 * - GET /brand-art/<site>/logo.svg, icon-<192|512>.png, icon-maskable-<192|512>.png;
 * - GET /brand-art/<site>/banner-<slug>.<zh-CN|zh-TW>.svg — the demo banners (art.ts).
 */
import { LOCALES, type Locale } from '@portal/contract';
import { bannerSvg, brandArt, logoSvg } from './art.ts';
import { emblemOf } from './emblem.ts';
import { emblemPng } from './png.ts';
import type { SiteRow } from './repository.ts';

/** Generated art: cached for a day; locked down like the game art. */
export const ART_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'cache-control': 'public, max-age=86400',
  'content-disposition': 'inline',
};

export const ICON_SIZES = [192, 512] as const;
/** The background of the installed app's splash screen (the shell's own background). */
const BACKGROUND = '#0f1115';

/** The manifest of a brand (Lighthouse's installability: name, icons ≥ 192 and 512, start_url, standalone display). */
export function manifestOf(site: SiteRow) {
  const lang = site.flags.defaultLanguage;
  return {
    id: '/',
    name: site.title,
    short_name: site.title,
    lang,
    dir: 'ltr',
    start_url: '/?source=pwa',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: BACKGROUND,
    theme_color: site.theme.primaryColor,
    icons: [
      ...ICON_SIZES.map((size) => ({
        src: brandArt.icon(site.siteCode, size),
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      })),
      ...ICON_SIZES.map((size) => ({
        src: brandArt.icon(site.siteCode, size, true),
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'maskable',
      })),
      { src: brandArt.logo(site.siteCode), sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}

const pngCache = new Map<string, Buffer>();
function iconPng(site: SiteRow, size: number, maskable: boolean): Buffer {
  const key = `${site.siteCode}:${site.theme.primaryColor}:${size}:${maskable}`;
  let png = pngCache.get(key);
  if (!png) pngCache.set(key, (png = emblemPng(emblemOf(site.siteCode, site.theme.primaryColor), size, maskable)));
  return png;
}

const ICON = /^icon-(maskable-)?(\d+)\.png$/;
const BANNER = /^banner-([a-z0-9-]{1,40})\.(zh-CN|zh-TW)\.svg$/;

/** The iOS home-screen icon: iOS rounds the corners itself, so a full square with the emblem inside the safe zone. */
export const appleTouchIcon = (site: SiteRow): Buffer => iconPng(site, 180, true);

/** A file of /brand-art/<site>/: its content type and body, or null when there is no such file. */
export function brandArtFile(site: SiteRow, file: string): { type: string; body: string | Buffer } | null {
  if (file === 'logo.svg') return { type: 'image/svg+xml', body: logoSvg(site.siteCode, site.theme.primaryColor) };
  const icon = ICON.exec(file);
  const size = Number(icon?.[2]);
  if (icon && (ICON_SIZES as readonly number[]).includes(size))
    return { type: 'image/png', body: iconPng(site, size, icon[1] !== undefined) };
  const banner = BANNER.exec(file);
  const svg =
    banner && LOCALES.includes(banner[2] as Locale)
      ? bannerSvg(site.siteCode, site.theme.primaryColor, banner[1]!, banner[2] as Locale)
      : null;
  return svg ? { type: 'image/svg+xml', body: svg } : null;
}
