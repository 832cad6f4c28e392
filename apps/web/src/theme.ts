/**
 * Brand theming: the brand colour from preInfo becomes CSS variables on <html>, so the stylesheet
 * (and later antd's ConfigProvider tokens) read one source.
 */
import type { SiteTheme } from './site.ts';

/** Dark gold, used until preInfo answers or when the configured colour is not a CSS colour. */
export const FALLBACK_BRAND = '#d4a64a';

/** Relative luminance (WCAG 2) of a colour the browser can parse, or null. */
function luminance(color: string): number | null {
  const canvas = document.createElement('canvas').getContext('2d');
  if (!canvas) return null;
  canvas.fillStyle = '#000';
  canvas.fillStyle = color; // normalised to #rrggbb (or rgba(...) when translucent)
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(canvas.fillStyle);
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((hex) => {
    const c = Number.parseInt(hex, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function applyTheme(theme: SiteTheme | null): void {
  const root = document.documentElement;
  const brand = theme && CSS.supports('color', theme.primaryColor) ? theme.primaryColor : FALLBACK_BRAND;
  root.style.setProperty('--brand', brand);
  // Text on a brand-coloured surface: dark on light brands, white on dark ones (threshold ≈ 4.5:1 either way).
  const lum = luminance(brand);
  root.style.setProperty('--on-brand', lum !== null && lum < 0.18 ? '#ffffff' : '#17130b');
  root.dataset.theme = theme?.mode ?? 'light'; // spec §9: theme light by default
}
