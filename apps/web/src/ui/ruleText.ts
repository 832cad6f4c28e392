/**
 * The rules package answers the spec's exact zh-CN messages (RULE_MESSAGES); a namespace carries each
 * one it shows under `rules.<KEY>`, so zh-TW shows its own text. A message the namespace does not carry
 * falls back to the zh-CN text itself; unknown messages (e.g. the server's) pass through.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { RULE_MESSAGES } from '@portal/rules';

const KEY_BY_MESSAGE = new Map<string, string>(Object.entries(RULE_MESSAGES).map(([k, v]) => [v, k]));

export function useRuleText(namespace: 'auth' | 'money'): (message: string | null) => string {
  const { t } = useTranslation(namespace);
  return useCallback(
    (message: string | null) => {
      if (!message) return '';
      const key = KEY_BY_MESSAGE.get(message);
      return key ? t(`rules.${key}`, { defaultValue: message }) : message;
    },
    [t],
  );
}
