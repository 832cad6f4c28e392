/** The last two steps of the forgot-password wizard: the new password (twice), then done (3 s back to login). */
import { useEffect, useState } from 'react';
import { Button, Form, Input, Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@portal/contract';
import { validateConfirmNewPassword, validateNewPassword } from '@portal/rules';
import { useValidatorRule } from '../../ui/form/rules.ts';
import { useAuth } from './authStore.ts';

export function PasswordStep({ onSubmit }: { onSubmit(password: string): Promise<void> }) {
  const { t } = useTranslation('auth');
  const ruleOf = useValidatorRule();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [busy, setBusy] = useState(false);
  const v = {
    password: Form.useWatch('password', form) as string | undefined,
    confirm: Form.useWatch('confirm', form) as string | undefined,
  };
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      className="auth-form"
      onFinish={(x) => {
        setBusy(true);
        void onSubmit(x.password).finally(() => setBusy(false));
      }}
    >
      <Form.Item
        name="password"
        rules={[ruleOf(validateNewPassword)]}
        validateTrigger="onSubmit"
        extra={<span className="auth-hint">{t('forgot.passwordHint')}</span>}
      >
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('forgot.newPassword')}
          maxLength={LIMITS.PASSWORD_MAX}
          autoComplete="new-password"
          aria-label={t('forgot.newPassword')}
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={['password']}
        validateTrigger="onSubmit"
        rules={[
          ({ getFieldValue }) => ruleOf((x) => validateConfirmNewPassword((getFieldValue('password') as string | undefined) ?? '', x)),
        ]}
      >
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('forgot.confirmPassword')}
          maxLength={LIMITS.PASSWORD_MAX}
          autoComplete="new-password"
          aria-label={t('forgot.confirmPassword')}
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={busy}
        className={v.password && v.confirm ? 'auth-submit' : 'auth-submit is-inactive'}
      >
        {t('forgot.confirm')}
      </Button>
    </Form>
  );
}

export function DoneStep({ name }: { name: string }) {
  const { t } = useTranslation('auth');
  const [left, setLeft] = useState<number>(LIMITS.POST_RESET_REDIRECT_S);
  useEffect(() => {
    if (left <= 0) {
      if (useAuth.getState().mode === 'find_password') toLogin(name);
      return;
    }
    const id = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(id);
  }, [left, name]);
  return (
    <Result
      status="success"
      className="forgot__done"
      title={t('forgot.doneTitle')}
      subTitle={t('forgot.doneText', { s: left })}
      extra={
        <Button type="primary" size="large" onClick={() => toLogin(name)}>
          {t('forgot.toLogin')}
        </Button>
      }
    />
  );
}

function toLogin(name: string): void {
  useAuth.getState().show('login_register', { tab: 'login', prefillName: name });
}
