/**
 * Changing the login password from the security list: with the current password
 * (user/bindPassword), or with a code sent to the bound phone or e-mail (sendCode/two type 7, then
 * bindPasswordByPhone / bindPasswordByEmail). The spec's forgot-password rules and messages for the new
 * password (请设置新密码, 8-12 letters and digits, 两次密码输入不一致，请重新输入). The server ends every other
 * session of the member on a change (this one stays), which the success message says.
 */
import { useState } from 'react';
import { App as AntApp, Button, Form, Input, Modal, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, userApi } from '@portal/contract';
import { maskEmail, maskPhone, validateConfirmNewPassword, validateLoginPassword, validateNewPassword } from '@portal/rules';
import { call } from '../../api/client.ts';
import { md5 } from '../../api/md5.ts';
import { useSession } from '../../stores/session.ts';
import { useValidatorRule } from '../../ui/form/rules.ts';
import { useCountdown } from '../../ui/useCountdown.ts';
import { useAction, useApiError } from './useApiError.ts';
import { CodeRow } from './CodeInput.tsx';

type Way = 'old' | 'phone' | 'email';
interface Values {
  old?: string;
  code?: string;
  password: string;
  repeat: string;
}

function NewPasswordFields() {
  const { t } = useTranslation('mine');
  const ruleOf = useValidatorRule();
  return (
    <>
      <Form.Item name="password" label={t('loginPwd.new')} rules={[ruleOf(validateNewPassword)]}>
        <Input.Password placeholder={t('loginPwd.newPlaceholder')} maxLength={LIMITS.PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeat"
        label={t('loginPwd.repeat')}
        dependencies={['password']}
        rules={[({ getFieldValue }) => ruleOf((v) => validateConfirmNewPassword(getFieldValue('password') ?? '', v))]}
      >
        <Input.Password placeholder={t('loginPwd.repeatPlaceholder')} maxLength={LIMITS.PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** The code row of the phone / e-mail way: where it goes, and the send button with its countdown. */
function CodeField({ way }: { way: 'phone' | 'email' }) {
  const { t } = useTranslation('mine');
  const { message } = AntApp.useApp();
  const onError = useApiError();
  const user = useSession((s) => s.user);
  const [left, start] = useCountdown();
  const to = way === 'phone' ? `${user?.areaCode ?? ''} ${maskPhone(user?.phone ?? '')}` : maskEmail(user?.email ?? '');
  const send = async () => {
    try {
      const r = await call(userApi.sendCodeTwo, { type: '7', cate: way === 'phone' ? '0' : '1', version: 1 });
      start(r.resendIn > 0 ? r.resendIn : LIMITS.RESEND_WAIT_S);
      void message.success(t(way === 'phone' ? 'auth.sent' : 'auth.emailSent'));
    } catch (e) {
      onError(e);
    }
  };
  return (
    <Form.Item label={t('auth.code')} required extra={t(way === 'phone' ? 'loginPwd.toPhone' : 'loginPwd.toEmail', { to })}>
      <CodeRow left={left} onSend={send} label={t('auth.code')} />
    </Form.Item>
  );
}

export function LoginPasswordForm({ way, onDone }: { way: Way; onDone?: () => void }) {
  const { t } = useTranslation('mine');
  const ruleOf = useValidatorRule();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, run] = useAction();
  const submit = (v: Values) =>
    run(async () => {
      const next = { password: md5(v.password), secondPassword: md5(v.repeat) };
      if (way === 'old') await call(userApi.bindPassword, { oldPassword: md5(v.old ?? ''), ...next });
      else await call(way === 'phone' ? userApi.bindPasswordByPhone : userApi.bindPasswordByEmail, { code: v.code ?? '', ...next });
      void message.success(t('loginPwd.done'));
      form.resetFields();
      onDone?.();
    });
  return (
    <Form form={form} layout="vertical" className="mine-form" onFinish={submit} data-testid={`login-pwd-${way}`}>
      {way === 'old' ? (
        <Form.Item name="old" label={t('loginPwd.old')} rules={[ruleOf(validateLoginPassword)]}>
          <Input.Password placeholder={t('loginPwd.oldPlaceholder')} maxLength={LIMITS.PASSWORD_MAX} autoComplete="current-password" />
        </Form.Item>
      ) : (
        <CodeField way={way} />
      )}
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" loading={busy} block>
        {t('loginPwd.submit')}
      </Button>
    </Form>
  );
}

/** The security list's 修改 of the login password: a dialog with the ways the member has (a code needs a bound phone / e-mail). */
export function LoginPasswordButton() {
  const { t } = useTranslation('mine');
  const user = useSession((s) => s.user);
  const [open, setOpen] = useState(false);
  const [way, setWay] = useState<Way>('old');
  const ways: Way[] = ['old', ...(user?.bindPhone ? (['phone'] as const) : []), ...(user?.bindEmail ? (['email'] as const) : [])];
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('loginPwd.button')}</Button>
      {open && (
        <Modal open footer={null} width={480} onCancel={() => setOpen(false)} title={t('loginPwd.title')} destroyOnHidden>
          {ways.length > 1 && (
            <Segmented
              block
              className="login-pwd__ways"
              value={way}
              onChange={(v) => setWay(v as Way)}
              options={ways.map((w) => ({ value: w, label: t(`loginPwd.way.${w}`) }))}
            />
          )}
          <LoginPasswordForm key={way} way={way} onDone={() => setOpen(false)} />
        </Modal>
      )}
    </>
  );
}
