/**
 * The shared money-amount field (spec §5 transfer-in amount): filters typing to an amount with at
 * most 2 decimals and 12 characters (sanitizeAmountText), with an optional 'all' button that fills a
 * whole balance (the central wallet). Works controlled and inside an antd Form.Item (value/onChange).
 *
 * Validate with `useAmountRules()`: required '请输入转入金额', then a valid amount above zero — the
 * pure validateTransferAmount of @portal/rules, its messages shown in the current language.
 */
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@portal/contract';
import { fenToYuanString } from '@portal/rules';
import { sanitizeAmountText } from './amountText.ts';
import './money.css';

export interface AmountInputProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Integer fen the 'all' button fills (e.g. the central wallet balance); null/undefined: no button. */
  allFen?: number | null;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  status?: '' | 'error' | 'warning';
  'aria-label'?: string;
}

export function AmountInput({ value, onChange, allFen, placeholder, disabled, id, status, ...rest }: AmountInputProps) {
  const { t } = useTranslation('money');
  return (
    <Input
      id={id}
      className="amount-input"
      value={value ?? ''}
      inputMode="decimal"
      autoComplete="off"
      maxLength={LIMITS.AMOUNT_MAX_LENGTH}
      placeholder={placeholder ?? t('input.placeholder')}
      disabled={disabled}
      status={status}
      aria-label={rest['aria-label'] ?? t('input.label')}
      prefix={<span className="amount-input__currency">¥</span>}
      onChange={(e) => onChange?.(sanitizeAmountText(e.target.value))}
      suffix={
        allFen != null && allFen >= 0 ? (
          <Button
            type="link"
            size="small"
            className="amount-input__all"
            disabled={disabled}
            onClick={() => onChange?.(fenToYuanString(allFen))}
          >
            {t('input.all')}
          </Button>
        ) : undefined
      }
    />
  );
}
