import { describe, expect, test } from 'vitest';
import { MESSAGES_ZH_CN, MESSAGES_ZH_TW, TEXT } from '@portal/contract';
import { buildResources, i18n, loadAllNamespaces, NAMESPACES } from './i18n.ts';

type Json = { [key: string]: Json | string };

/** Every locale file, read directly (the parity check must not depend on what the app bundled). */
const files = import.meta.glob<Json>('../locales/*/*.json', { eager: true, import: 'default' });
const resources = buildResources(files);

/** Every leaf key path of a namespace: 'footer.adult', 'lang.zh-CN', … */
function leafKeys(obj: Json, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : leafKeys(v, `${prefix}${k}.`)));
}

describe('locales', () => {
  test('the shell namespaces exist', () => {
    for (const ns of ['common', 'nav', 'mine', 'home', 'game', 'activity']) expect(NAMESPACES).toContain(ns);
  });

  test('one word for the second password: 取款密码 (the forms), never 资金密码, in every text and server message', () => {
    // The web's texts, the server's catalogue and the status codes' default messages (what an error says).
    const everything = JSON.stringify([resources, TEXT, MESSAGES_ZH_CN, MESSAGES_ZH_TW]);
    expect(everything).toContain('取款密码');
    expect(everything).toContain('取款密碼');
    expect(everything).not.toMatch(/资金密码|資金密碼/);
  });

  test('zh-TW has exactly the namespaces of zh-CN', () => {
    expect(Object.keys(resources['zh-TW']).sort()).toEqual(Object.keys(resources['zh-CN']).sort());
  });

  test.each(Object.keys(resources['zh-CN']))('namespace %s: zh-CN and zh-TW have the same keys', (ns) => {
    const cn = leafKeys(resources['zh-CN'][ns] ?? {});
    const tw = leafKeys(resources['zh-TW'][ns] ?? {});
    expect(
      tw.filter((k) => !cn.includes(k)),
      `keys only in zh-TW/${ns}.json`,
    ).toEqual([]);
    expect(
      cn.filter((k) => !tw.includes(k)),
      `keys missing from zh-TW/${ns}.json`,
    ).toEqual([]);
  });

  test.each(Object.keys(resources['zh-CN']))('namespace %s: no empty strings in either language', (ns) => {
    for (const lang of ['zh-CN', 'zh-TW'] as const) {
      const flat = resources[lang][ns] ?? {};
      for (const key of leafKeys(flat)) {
        const value = key.split('.').reduce<Json | string | undefined>((o, k) => (typeof o === 'object' ? o[k] : undefined), flat);
        expect(typeof value === 'string' && value.trim().length > 0, `${lang}/${ns}:${key}`).toBe(true);
      }
    }
  });

  test('lazy namespaces load through the backend, and switching language switches the strings', async () => {
    await loadAllNamespaces();
    expect(i18n.t('home:categories.TY.name')).toBe('体育赛事');
    await i18n.changeLanguage('zh-TW');
    expect(i18n.t('nav:section.TY')).toBe('體育');
    expect(i18n.t('home:categories.TY.name')).toBe('體育賽事');
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('nav:section.TY')).toBe('体育');
  });
});
