/**
 * The verification-code pieces of the account forms: the box (6 digits, numeric keyboard, the browser's
 * one-time-code fill) and the row of the box with its send button and countdown.
 */
import { Button, Form, Input, Space, type InputProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@portal/contract';
import { validateCode } from '@portal/rules';
import { useValidatorRule } from '../../ui/form/rules.ts';

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

/** The form's `code` field with its send button: the countdown while `left` > 0, 重新发送 once `sent`. */
export function CodeRow({
  left,
  onSend,
  disabled,
  sent,
  label,
}: {
  left: number;
  onSend(): void;
  disabled?: boolean;
  sent?: boolean;
  label?: string;
}) {
  const { t } = useTranslation('mine');
  const ruleOf = useValidatorRule();
  return (
    <Space.Compact block>
      <Form.Item name="code" noStyle rules={[ruleOf(validateCode)]}>
        <CodeInput aria-label={label} />
      </Form.Item>
      <Button onClick={onSend} disabled={left > 0 || disabled} className="code-button">
        {left > 0 ? t('auth.countdown', { s: left }) : sent ? t('auth.resend') : t('auth.send')}
      </Button>
    </Space.Compact>
  );
}
