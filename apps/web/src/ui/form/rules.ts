/**
 * Form rules of every form: antd Form rules from checks, and the validators of @portal/rules with their
 * messages in the current language. The rules package answers the spec's exact zh-CN messages
 * (RULE_MESSAGES); the `rules` namespace carries each under its key (zh-CN the same text, zh-TW its own).
 * A message the namespace does not carry shows as the zh-CN text itself; unknown messages (e.g. the
 * server's) pass through.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleObject } from 'antd/es/form';
import { RULE_MESSAGES, type ValidationResult } from '@portal/rules';

const KEY_BY_MESSAGE = new Map<string, string>(Object.entries(RULE_MESSAGES).map(([k, v]) => [v, k]));

/** A form value as the validators read it: a string ('' for nothing). */
const asText = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));

/** An antd Form rule from a check answering the message to show, or null when the value is fine. */
export function ruleOf(check: (value: string) => string | null): RuleObject {
  return {
    validator: (_rule, value: unknown) => {
      const message = check(asText(value));
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

/** A rules-package message → the current language's text ('' for none). */
export function useRuleText(): (message: string | null) => string {
  const { t } = useTranslation('rules');
  return useCallback(
    (message: string | null) => {
      if (!message) return '';
      const key = KEY_BY_MESSAGE.get(message);
      return key ? t(key, { defaultValue: message }) : message;
    },
    [t],
  );
}

/** Form rules from @portal/rules validators, their messages in the current language. */
export function useValidatorRule(): (validate: (value: string) => ValidationResult) => RuleObject {
  const text = useRuleText();
  return useCallback((validate) => ruleOf((value) => text(validate(value)) || null), [text]);
}
