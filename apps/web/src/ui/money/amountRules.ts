/**
 * Validation of the shared amount field: the transfer-amount validator of @portal/rules, its exact
 * zh-CN messages shown through the form rules (ui/form/rules.ts) so zh-TW shows its own text.
 */
import { useMemo } from 'react';
import type { RuleObject } from 'antd/es/form';
import { validateTransferAmount } from '@portal/rules';
import { useValidatorRule } from '../form/rules.ts';

/** antd Form.Item rules for a transfer amount (spec §5: required '请输入转入金额', 2 decimals, length 12). */
export function useAmountRules(): RuleObject[] {
  const ruleOf = useValidatorRule();
  return useMemo(() => [ruleOf(validateTransferAmount)], [ruleOf]);
}
