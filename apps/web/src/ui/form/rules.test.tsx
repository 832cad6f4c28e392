import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { RULE_MESSAGES, validateRealName } from '@portal/rules';
import { i18n } from '../../app/i18n.ts';
import zhCN from '../../locales/zh-CN/rules.json';
import { ruleOf, useRuleText, useValidatorRule } from './rules.ts';

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

const run = (rule: ReturnType<typeof ruleOf>, value: unknown) =>
  (rule.validator as (r: unknown, v: unknown) => Promise<void>)({}, value).then(
    () => null,
    (e: Error) => e.message,
  );

describe('form rules', () => {
  test('the rules namespace carries every message of @portal/rules, zh-CN being the exact spec text', () => {
    expect(zhCN).toEqual(RULE_MESSAGES);
  });

  test('ruleOf: a check answering a message rejects with it; null passes; nothing reads as an empty string', async () => {
    const rule = ruleOf((v) => (v === '' ? 'empty' : null));
    expect(await run(rule, undefined)).toBe('empty');
    expect(await run(rule, 'x')).toBeNull();
    expect(await run(rule, 12)).toBeNull();
  });

  test('a validator rule shows the current language, also for the profile forms (real name)', async () => {
    const { result } = renderHook(() => useValidatorRule());
    expect(await run(result.current(validateRealName), '')).toBe('请输入真实姓名');
    await act(() => i18n.changeLanguage('zh-TW'));
    const { result: tw } = renderHook(() => useValidatorRule());
    expect(await run(tw.current(validateRealName), '')).toBe('請輸入真實姓名');
    expect(await run(tw.current(validateRealName), '张三')).toBeNull();
  });

  test('a message the rules package does not know (the server’s) passes through', () => {
    const { result } = renderHook(() => useRuleText());
    expect(result.current('服务器说的话')).toBe('服务器说的话');
    expect(result.current(null)).toBe('');
  });
});
