/**
 * The rules package answers the spec's exact zh-CN messages; the auth namespace carries each one
 * under its RULE_MESSAGES key so zh-TW shows its own text.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { RULE_MESSAGES } from '@portal/rules';

const KEY_BY_MESSAGE = new Map<string, string>(Object.entries(RULE_MESSAGES).map(([k, v]) => [v, k]));

export function useRuleMessage(): (message: string | null) => string {
  const { t } = useTranslation('auth');
  return useCallback(
    (message: string | null) => {
      if (!message) return '';
      const key = KEY_BY_MESSAGE.get(message);
      return key ? t(`rules.${key}`, { defaultValue: message }) : message;
    },
    [t],
  );
}
