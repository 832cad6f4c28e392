/**
 * The antd rule of a deposit or withdrawal amount: checkAmountLimits of @portal/rules (required,
 * 2 decimals / 12 characters, min, max, balance), each problem in the page's words.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { checkAmountLimits, formatAmount, type AmountLimits } from '@portal/rules';

export function useAmountRule(kind: 'deposit' | 'withdraw', limits: AmountLimits) {
  const { t } = useTranslation('wallet');
  const { minFen, maxFen, balanceFen } = limits;
  return useMemo(
    () => ({
      validator: (_r: unknown, value: unknown) => {
        const problem = checkAmountLimits(typeof value === 'string' ? value : '', { minFen, maxFen, balanceFen });
        if (!problem) return Promise.resolve();
        const range = { min: formatAmount(minFen ?? 0), max: formatAmount(maxFen ?? 0) };
        return Promise.reject(new Error(t(`amount.${kind}.${problem}`, range)));
      },
    }),
    [kind, minFen, maxFen, balanceFen, t],
  );
}
