/** The brand's name follows the language in force (preInfo answers it in both), without asking the server again. */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSiteForTests } from '../api/site.ts';
import { preInfo } from '../test/shellHarness.tsx';
import { i18n, loadAllNamespaces } from './i18n.ts';
import { useSite } from './site.ts';

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
  resetSiteForTests(null);
});

describe('useSite title', () => {
  it('is the name in the language in force, switched with it', async () => {
    await loadAllNamespaces();
    const info = preInfo();
    resetSiteForTests({ ...info, siteBaseConfig: { ...info.siteBaseConfig, titles: { 'zh-CN': '翡翠湾体育', 'zh-TW': '翡翠灣體育' } } });
    await act(() => i18n.changeLanguage('zh-CN'));
    const { result, rerender } = renderHook(() => useSite());
    expect(result.current.title).toBe('翡翠湾体育');
    await act(() => i18n.changeLanguage('zh-TW'));
    rerender();
    expect(result.current.title).toBe('翡翠灣體育');
  });

  it('is the answered title when preInfo carries no names per language', async () => {
    resetSiteForTests(preInfo());
    await act(() => i18n.changeLanguage('zh-TW'));
    expect(renderHook(() => useSite()).result.current.title).toBe('翡翠湾体育');
  });
});
