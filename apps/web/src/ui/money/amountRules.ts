/**
 * Validation of the shared amount field: the pure validators of @portal/rules, their exact zh-CN
 * messages (RULE_MESSAGES) shown through the `money` namespace so zh-TW shows its own text.
 */
import { useCallback, useMemo } from 'react';
import type { RuleObject } from 'antd/es/form';
import { validateTransferAmount, type ValidationResult } from '@portal/rules';
import { useRuleText } from '../ruleText.ts';

/** A rules message → the current language's text (unknown messages pass through). */
export const useMoneyMessage = (): ((message: string | null) => string) => useRuleText('money');

/** The transfer amount's message in the current language, or '' when valid. */
export function useAmountError(): (value: string) => string {
  const text = useMoneyMessage();
  return useCallback((value: string) => text(validateTransferAmount(value)), [text]);
}

/** antd Form.Item rules for a transfer amount (spec §5: required '请输入转入金额', 2 decimals, length 12). */
export function useAmountRules(): RuleObject[] {
  const text = useMoneyMessage();
  return useMemo(
    () => [
      {
        validator: (_rule: RuleObject, value: unknown) => {
          const m: ValidationResult = validateTransferAmount(typeof value === 'string' ? value : value == null ? '' : String(value));
          return m ? Promise.reject(new Error(text(m))) : Promise.resolve();
        },
      },
    ],
    [text],
  );
}
