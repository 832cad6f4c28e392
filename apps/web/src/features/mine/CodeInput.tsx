/** The verification-code box of the account forms: 6 digits, numeric keyboard, the browser's one-time-code fill. */
import { Input, type InputProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@portal/contract';

export function CodeInput(props: InputProps) {
  const { t } = useTranslation('mine');
  return (
    <Input
      placeholder={t('auth.codePlaceholder')}
      maxLength={LIMITS.VERIFICATION_CODE_LENGTH}
      inputMode="numeric"
      autoComplete="one-time-code"
      {...props}
    />
  );
}
