/**
 * antd theme: brand tokens from preInfo (siteBaseConfig.theme.primaryColor) and the edition's
 * algorithm (classic → light, professional → dark). The same colour reaches plain CSS as --brand.
 */
import { theme as antdTheme, type ThemeConfig } from 'antd';

export function buildTheme(primaryColor: string, mode: 'light' | 'dark'): ThemeConfig {
  const dark = mode === 'dark';
  return {
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    cssVar: { key: 'portal' },
    token: {
      colorPrimary: primaryColor,
      colorInfo: primaryColor,
      colorLink: primaryColor,
      borderRadius: 8,
      fontFamily: "'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', system-ui, sans-serif",
      colorBgLayout: dark ? '#0e1015' : '#f2f3f6',
      colorBgContainer: dark ? '#171a21' : '#ffffff',
    },
    components: {
      Button: { primaryShadow: 'none', fontWeight: 600 },
      Segmented: { itemSelectedBg: primaryColor, itemSelectedColor: '#17130b' },
    },
  };
}

/** Writes the brand colour and mode as CSS variables / data attributes on <html> for plain CSS. */
export function applyDocumentTheme(primaryColor: string, mode: 'light' | 'dark'): void {
  const root = document.documentElement;
  root.style.setProperty('--brand', primaryColor);
  root.dataset.theme = mode;
  root.style.colorScheme = mode;
}
