/** Login form (spec §2): username, password with show/hide, remember password, forgot link, contact support. */
import { useEffect, useState } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@portal/contract';
import { validateLoginPassword, validateLoginUsername } from '@portal/rules';
import { bus } from '../../app/events.ts';
import { ApiError, errorMessage } from '../../api/errors.ts';
import { loadRemembered } from '../../storage/index.ts';
import { notify } from '../../ui/dialogs/notify.ts';
import { isCaptchaCancelled } from './captcha/captchaStore.ts';
import { useAuth } from './authStore.ts';
import { login } from './flows.ts';
import { useValidatorRule } from '../../ui/form/rules.ts';

interface Values {
  name: string;
  password: string;
  remember: boolean;
}

export function LoginForm() {
  const { t } = useTranslation('auth');
  const ruleOf = useValidatorRule();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const prefillName = useAuth((s) => s.prefillName);
  const name = Form.useWatch('name', form) ?? '';
  const password = Form.useWatch('password', form) ?? '';
  const filled = name.trim() !== '' && password !== '';

  // A name handed over (after registering or resetting the password) is in the form from its first paint;
  // spec §4 remember password: the stored credentials arrive later (async storage) and fill only what the
  // player has not typed into meanwhile — never a field under their fingers, never the handed-over name.
  useEffect(() => {
    let live = true;
    if (prefillName) form.setFieldsValue({ name: prefillName, password: '' });
    void loadRemembered().then((acc) => {
      if (!live || !acc) return;
      if (prefillName && acc.name !== prefillName) return;
      if (form.isFieldsTouched(['name', 'password'])) return;
      form.setFieldsValue({ name: acc.name, password: acc.password, remember: true });
    });
    return () => {
      live = false;
    };
  }, [form, prefillName]);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await login(v.name, v.password, v.remember === true);
      useAuth.getState().close();
    } catch (e) {
      if (isCaptchaCancelled(e)) return;
      if (e instanceof ApiError && e.handled) return; // new-device dialog / expiry already shown
      notify.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => void submit(v)}
      initialValues={{ name: prefillName ?? '', remember: false }}
      className="auth-form"
    >
      <Form.Item name="name" rules={[ruleOf(validateLoginUsername)]} validateTrigger="onSubmit">
        <Input
          size="large"
          prefix={<UserOutlined />}
          placeholder={t('login.username')}
          maxLength={LIMITS.FORGOT_USERNAME_MAX}
          autoComplete="username"
          aria-label={t('login.username')}
        />
      </Form.Item>
      <Form.Item name="password" rules={[ruleOf(validateLoginPassword)]} validateTrigger="onSubmit">
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('login.password')}
          autoComplete="current-password"
          aria-label={t('login.password')}
        />
      </Form.Item>
      <div className="auth-form__row">
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>{t('login.remember')}</Checkbox>
        </Form.Item>
        <Button type="link" className="auth-link" onClick={() => useAuth.getState().show('find_password', { forgotWay: 'phone' })}>
          {t('login.forgot')}
        </Button>
      </div>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={busy}
        className={filled ? 'auth-submit' : 'auth-submit is-inactive'}
      >
        {t('login.submit')}
      </Button>
      <div className="auth-form__foot">
        <span>{t('login.trouble')}</span>
        <Button type="link" className="auth-link" onClick={() => bus.emit('open_customer_service')}>
          {t('login.contact')}
        </Button>
      </div>
    </Form>
  );
}
