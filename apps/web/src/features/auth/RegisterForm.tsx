/** Register form (spec §2): username, password, repeat password, agree (terms / privacy), then auto-login. */
import { useState } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  PASSWORD_INPUT_MAX,
  USERNAME_INPUT_MAX,
  normalizeUsername,
  validateAgree,
  validateBirthday,
  validateRealName,
  validateRegisterPassword,
  validateRegisterUsername,
  validateRepeatPassword,
} from '@portal/rules';
import { bus } from '../../app/events.ts';
import { useSite } from '../../app/site.ts';
import { errorMessage, isApiError } from '../../api/errors.ts';
import { notify } from '../../ui/dialogs/notify.ts';
import { isCaptchaCancelled } from './captcha/captchaStore.ts';
import { useAuth } from './authStore.ts';
import { autoLogin, register } from './flows.ts';
import { useRuleText, useValidatorRule } from '../../ui/form/rules.ts';

interface Values {
  name: string;
  password: string;
  repeat: string;
  agree: boolean;
  /** Asked when the brand requires identity at registration (flags.identityAt 'register'). */
  realName?: string;
  birthday?: string;
}

export function RegisterForm() {
  const { t } = useTranslation('auth');
  const rule = useRuleText();
  const ruleOf = useValidatorRule();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const identityAtDoor = useSite().info?.siteBaseConfig.flags.identityAt === 'register';
  const name = Form.useWatch('name', form);
  const password = Form.useWatch('password', form);
  const repeat = Form.useWatch('repeat', form);
  const agree = Form.useWatch('agree', form);
  const filled = !!name && !!password && !!repeat && agree === true;

  const submit = async (values: Values) => {
    setBusy(true);
    let name = normalizeUsername(values.name);
    try {
      const identity = identityAtDoor ? { realName: values.realName ?? '', birthday: values.birthday ?? '' } : undefined;
      const r = await register(values.name, values.password, identity);
      name = r.name;
      notify.success(t('register.success'));
      try {
        await autoLogin(r.name, values.password, r);
        useAuth.getState().close();
        bus.emit('registered');
      } catch (e) {
        // Fallback: the account exists; let the member log in by hand.
        notify.error(errorMessage(e));
        useAuth.getState().show('login_register', { tab: 'login', prefillName: name });
      }
    } catch (e) {
      // A handled rejection (the region notices, 6031/6032/6033) was already shown by the request layer.
      if (!isCaptchaCancelled(e) && !(isApiError(e) && e.handled)) notify.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(x) => void submit(x)}
      initialValues={{ agree: false }}
      className="auth-form"
    >
      <Form.Item
        name="name"
        rules={[ruleOf(validateRegisterUsername)]}
        validateTrigger="onBlur"
        getValueFromEvent={(e: { target: { value: string } }) => normalizeUsername(e.target.value)}
        extra={<span className="auth-hint">{t('register.usernameHint')}</span>}
      >
        <Input
          size="large"
          prefix={<UserOutlined />}
          placeholder={t('register.username')}
          maxLength={USERNAME_INPUT_MAX}
          autoComplete="username"
          aria-label={t('register.username')}
        />
      </Form.Item>
      <Form.Item name="password" rules={[ruleOf(validateRegisterPassword)]} validateTrigger="onBlur">
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('register.password')}
          maxLength={PASSWORD_INPUT_MAX}
          autoComplete="new-password"
          aria-label={t('register.password')}
        />
      </Form.Item>
      <Form.Item
        name="repeat"
        dependencies={['password']}
        validateTrigger="onBlur"
        rules={[({ getFieldValue }) => ruleOf((x) => validateRepeatPassword((getFieldValue('password') as string | undefined) ?? '', x))]}
      >
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('register.repeat')}
          maxLength={PASSWORD_INPUT_MAX}
          autoComplete="new-password"
          aria-label={t('register.repeat')}
        />
      </Form.Item>
      {identityAtDoor ? (
        <>
          <Form.Item name="realName" rules={[ruleOf(validateRealName)]} validateTrigger="onBlur">
            <Input size="large" placeholder={t('register.realName')} maxLength={20} aria-label={t('register.realName')} />
          </Form.Item>
          <Form.Item
            name="birthday"
            rules={[ruleOf((x) => validateBirthday(x ?? '', new Date()))]}
            validateTrigger="onBlur"
            extra={<span className="auth-hint">{t('register.identityHint')}</span>}
          >
            <Input size="large" type="date" placeholder={t('register.birthday')} aria-label={t('register.birthday')} />
          </Form.Item>
        </>
      ) : null}
      <Form.Item
        name="agree"
        valuePropName="checked"
        rules={[
          {
            validator: (_r, x: unknown) => {
              const m = validateAgree(x === true);
              return m ? Promise.reject(new Error(rule(m))) : Promise.resolve();
            },
          },
        ]}
      >
        <Checkbox className="auth-agree">
          {t('register.agreePrefix')}
          <a
            onClick={(e) => {
              e.preventDefault();
              bus.emit('show_legal', { doc: 'terms' });
            }}
            href="/app/help/gztk"
          >
            {t('register.terms')}
          </a>
          {t('register.and')}
          <a
            onClick={(e) => {
              e.preventDefault();
              bus.emit('show_legal', { doc: 'privacy' });
            }}
            href="/app/help/ysgz"
          >
            {t('register.privacy')}
          </a>
        </Checkbox>
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={busy}
        className={filled ? 'auth-submit' : 'auth-submit is-inactive'}
      >
        {t('register.submit')}
      </Button>
      <p className="auth-adult">{t('register.adult')}</p>
    </Form>
  );
}
