/**
 * Account binding forms (real name, phone, e-mail, second password) with the @portal/rules
 * validators and the spec's messages. Each refreshes the member after success.
 */
import { useState } from 'react';
import { App as AntApp, Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { COUNTRY_AREAS, LIMITS, userApi } from '@portal/contract';
import {
  isBlank,
  validateCode,
  validateEmail,
  validatePhone,
  validateRealName,
  validateRegisterPassword,
  validateRepeatPassword,
  RULE_MESSAGES,
} from '@portal/rules';
import { call } from '../../api/client.ts';
import { md5 } from '../../api/md5.ts';
import { useSession } from '../../stores/session.ts';
import { useValidatorRule } from '../../ui/form/rules.ts';
import { useAction, useApiError } from './useApiError.ts';
import { CodeRow } from './CodeInput.tsx';
import { useCountdown } from '../../ui/useCountdown.ts';

const refresh = () => useSession.getState().loadUser();

/** Values typed into a form are all filled (spec §4: submit looks disabled until then). */
function filled(values: (string | undefined)[]): boolean {
  return values.every((v) => !isBlank(v ?? ''));
}

export function RealNameForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('mine');
  const ruleOf = useValidatorRule();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<{ realName: string }>();
  const realName = Form.useWatch('realName', form);
  const [busy, run] = useAction();
  const submit = ({ realName: name }: { realName: string }) =>
    run(async () => {
      await call(userApi.bindOther, { realName: name.trim() });
      void message.success(t('auth.nameDone'));
      await refresh();
      onDone?.();
    });
  return (
    <Form form={form} layout="vertical" className="mine-form" onFinish={submit} data-testid="real-name-form">
      <Form.Item
        name="realName"
        label={t('auth.realName')}
        extra={t('auth.realNameHint')}
        rules={[ruleOf((v) => validateRealName(v.trim()))]}
      >
        <Input placeholder={t('auth.realNamePlaceholder')} maxLength={30} autoComplete="name" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} disabled={!filled([realName])}>
        {t('auth.submitName')}
      </Button>
    </Form>
  );
}

interface PhoneValues {
  areaCode: string;
  phone: string;
  code: string;
}

export function PhoneBindForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('mine');
  const ruleOf = useValidatorRule();
  const { message } = AntApp.useApp();
  const onError = useApiError();
  const [form] = Form.useForm<PhoneValues>();
  const areaCode = Form.useWatch('areaCode', form) ?? LIMITS.DEFAULT_AREA_CODE;
  const phone = Form.useWatch('phone', form);
  const code = Form.useWatch('code', form);
  const [left, start] = useCountdown();
  const [sent, setSent] = useState(false);
  const [busy, run] = useAction();
  const regex = COUNTRY_AREAS.find((a) => a.areaCode === areaCode)?.regex;

  const send = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return;
    }
    try {
      const r = await call(userApi.sendCodeTwo, {
        type: '4',
        cate: '0',
        phone: form.getFieldValue('phone') as string,
        areaCode,
        version: 1,
      });
      setSent(true);
      start(r.resendIn > 0 ? r.resendIn : LIMITS.RESEND_WAIT_S);
      void message.success(t('auth.sent'));
    } catch (e) {
      onError(e);
    }
  };

  const submit = (v: PhoneValues) =>
    run(async () => {
      await call(userApi.bindPhone, { phone: v.phone, areaCode: v.areaCode, code: v.code });
      void message.success(t('auth.phoneDone'));
      await refresh();
      onDone?.();
    });

  return (
    <Form
      form={form}
      layout="vertical"
      className="mine-form"
      onFinish={submit}
      initialValues={{ areaCode: LIMITS.DEFAULT_AREA_CODE }}
      data-testid="phone-form"
    >
      <Form.Item label={t('auth.phone')} required>
        <Space.Compact block>
          <Form.Item name="areaCode" noStyle>
            <Select
              className="area-select"
              aria-label={t('auth.area')}
              showSearch={{ optionFilterProp: 'label' }}
              popupMatchSelectWidth={240}
              options={COUNTRY_AREAS.map((a) => ({ value: a.areaCode, label: `${a.areaName} ${a.areaCode}` }))}
              labelRender={({ value }) => String(value)}
            />
          </Form.Item>
          <Form.Item name="phone" noStyle rules={[ruleOf((v) => validatePhone(v, regex))]}>
            <Input placeholder={t('auth.phonePlaceholder')} maxLength={LIMITS.PHONE_MAX} inputMode="numeric" autoComplete="tel-national" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item label={t('auth.code')} required>
        <CodeRow left={left} onSend={send} disabled={!filled([phone])} sent={sent} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} disabled={!filled([phone, code])}>
        {t('auth.bindPhone')}
      </Button>
    </Form>
  );
}

export function EmailBindForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('mine');
  const ruleOf = useValidatorRule();
  const { message } = AntApp.useApp();
  const onError = useApiError();
  const [form] = Form.useForm<{ email: string; code: string }>();
  const email = Form.useWatch('email', form);
  const code = Form.useWatch('code', form);
  const [left, start] = useCountdown();
  const [busy, run] = useAction();
  const emailRule = ruleOf((v) => (isBlank(v) ? RULE_MESSAGES.EMAIL_REQUIRED : validateEmail(v.trim())));

  const send = async () => {
    try {
      await form.validateFields(['email']);
      const r = await call(userApi.sendCodeTwo, {
        type: '5',
        cate: '1',
        email: (form.getFieldValue('email') as string).trim(),
        version: 1,
      });
      start(r.resendIn > 0 ? r.resendIn : LIMITS.RESEND_WAIT_S);
      void message.success(t('auth.emailSent'));
    } catch (e) {
      if (e && typeof e === 'object' && 'errorFields' in e) return; // field error already shown
      onError(e);
    }
  };
  const submit = (v: { email: string; code: string }) =>
    run(async () => {
      await call(userApi.bindEmail, { email: v.email.trim(), code: v.code });
      void message.success(t('auth.emailDone'));
      await refresh();
      onDone?.();
    });
  return (
    <Form form={form} layout="inline" className="mine-form mine-form--row" onFinish={submit}>
      <Form.Item name="email" rules={[emailRule]}>
        <Input placeholder={t('auth.emailPlaceholder')} maxLength={LIMITS.EMAIL_MAX} autoComplete="email" />
      </Form.Item>
      <Form.Item name="code" rules={[ruleOf(validateCode)]}>
        <Input placeholder={t('auth.codePlaceholder')} maxLength={LIMITS.VERIFICATION_CODE_LENGTH} inputMode="numeric" />
      </Form.Item>
      <Button onClick={send} disabled={left > 0 || !filled([email])}>
        {left > 0 ? t('auth.countdown', { s: left }) : t('auth.send')}
      </Button>
      <Button type="primary" htmlType="submit" loading={busy} disabled={!filled([email, code])}>
        {t('auth.bindEmail')}
      </Button>
    </Form>
  );
}

export function SecondPasswordForm() {
  const { t } = useTranslation('mine');
  const ruleOf = useValidatorRule();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<{ password: string; repeat: string }>();
  const password = Form.useWatch('password', form);
  const repeat = Form.useWatch('repeat', form);
  const [busy, run] = useAction();
  const submit = (v: { password: string; repeat: string }) =>
    run(async () => {
      await call(userApi.secondPasswordSet, { password: md5(v.password), secondPassword: md5(v.repeat) });
      void message.success(t('auth.secondPwdDone'));
      await refresh();
    });
  return (
    <Form form={form} layout="inline" className="mine-form mine-form--row" onFinish={submit}>
      <Form.Item name="password" rules={[ruleOf(validateRegisterPassword)]} extra={t('auth.secondPwdHint')}>
        <Input.Password placeholder={t('auth.secondPwdPlaceholder')} maxLength={LIMITS.PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeat"
        dependencies={['password']}
        rules={[({ getFieldValue }) => ruleOf((v) => validateRepeatPassword(getFieldValue('password') ?? '', v))]}
      >
        <Input.Password placeholder={t('auth.secondPwdRepeatPlaceholder')} maxLength={LIMITS.PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} disabled={!filled([password, repeat])}>
        {t('auth.setSecondPwd')}
      </Button>
    </Form>
  );
}

/** Change the second password with the current one (withdrawal/pwd/reset with oldPassword). */
export function SecondPasswordChangeForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('mine');
  const ruleOf = useValidatorRule();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<{ old: string; password: string; repeat: string }>();
  const values = [Form.useWatch('old', form), Form.useWatch('password', form), Form.useWatch('repeat', form)];
  const [busy, run] = useAction();
  const submit = (v: { old: string; password: string; repeat: string }) =>
    run(async () => {
      await call(userApi.secondPasswordReset, { oldPassword: md5(v.old), password: md5(v.password), secondPassword: md5(v.repeat) });
      void message.success(t('auth.secondPwdChanged'));
      form.resetFields();
      onDone?.();
    });
  return (
    <Form form={form} layout="inline" className="mine-form mine-form--row" onFinish={submit} data-testid="second-pwd-change">
      <Form.Item name="old" rules={[{ required: true, message: t('auth.secondPwdOldRequired') }]}>
        <Input.Password placeholder={t('auth.secondPwdOld')} maxLength={LIMITS.PASSWORD_MAX} autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="password" rules={[ruleOf(validateRegisterPassword)]}>
        <Input.Password placeholder={t('auth.secondPwdNew')} maxLength={LIMITS.PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeat"
        dependencies={['password']}
        rules={[({ getFieldValue }) => ruleOf((v) => validateRepeatPassword(getFieldValue('password') ?? '', v))]}
      >
        <Input.Password placeholder={t('auth.secondPwdRepeatPlaceholder')} maxLength={LIMITS.PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} disabled={!filled(values)}>
        {t('auth.changeSecondPwd')}
      </Button>
    </Form>
  );
}
