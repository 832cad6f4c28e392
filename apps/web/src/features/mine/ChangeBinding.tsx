/**
 * Changing a bound phone or e-mail: first a code to the OLD one (sendCode/two type 8 / 9, checked by
 * member/verifyOld), then the new one is bound like a first binding.
 */
import { useState } from 'react';
import { App as AntApp, Button, Form, Modal, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, userApi } from '@portal/contract';
import { maskEmail, maskPhone } from '@portal/rules';
import { call } from '../../api/client.ts';
import { useSession } from '../../stores/session.ts';
import { EmailBindForm, PhoneBindForm } from './forms.tsx';
import { useApiError } from './useApiError.ts';
import { CodeRow } from './CodeInput.tsx';
import { useCountdown } from '../../ui/useCountdown.ts';

type Target = 'phone' | 'email';

function VerifyOld({ target, onVerified }: { target: Target; onVerified: () => void }) {
  const { t } = useTranslation('mine');
  const { message } = AntApp.useApp();
  const onError = useApiError();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<{ code: string }>();
  const code = Form.useWatch('code', form);
  const [left, start] = useCountdown();
  const [busy, setBusy] = useState(false);
  const old =
    target === 'phone' ? (user?.phone ? `${user.areaCode ?? ''} ${maskPhone(user.phone)}` : '') : user?.email ? maskEmail(user.email) : '';

  const send = async () => {
    try {
      const r = await call(
        userApi.sendCodeTwo,
        target === 'phone' ? { type: '8', cate: '0', version: 1 } : { type: '9', cate: '1', version: 1 },
      );
      start(r.resendIn > 0 ? r.resendIn : LIMITS.RESEND_WAIT_S);
      void message.success(t(target === 'phone' ? 'auth.sent' : 'auth.emailSent'));
    } catch (e) {
      onError(e);
    }
  };
  const submit = async (v: { code: string }) => {
    setBusy(true);
    try {
      await call(userApi.verifyOld, { target, code: v.code });
      onVerified();
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" className="mine-form" onFinish={submit} data-testid={`verify-old-${target}`}>
      <p className="mine-form__hint">{t(target === 'phone' ? 'change.oldPhoneText' : 'change.oldEmailText', { to: old })}</p>
      <Form.Item label={t('auth.code')} required>
        <CodeRow left={left} onSend={send} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} disabled={!code}>
        {t('change.next')}
      </Button>
    </Form>
  );
}

export function ChangeBindingButton({ target }: { target: Target }) {
  const { t } = useTranslation('mine');
  const { message } = AntApp.useApp();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState(0);
  const close = () => {
    setOpen(false);
    setStep(0);
  };
  const done = () => {
    void message.success(t(target === 'phone' ? 'change.phoneDone' : 'change.emailDone'));
    close();
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('change.button')}</Button>
      {open && (
        <Modal
          open
          footer={null}
          width={520}
          onCancel={close}
          title={t(target === 'phone' ? 'change.phoneTitle' : 'change.emailTitle')}
          destroyOnHidden
        >
          <Steps
            size="small"
            current={step}
            className="change-steps"
            items={[{ title: t('change.stepOld') }, { title: t('change.stepNew') }]}
          />
          {step === 0 && <VerifyOld target={target} onVerified={() => setStep(1)} />}
          {step === 1 && (target === 'phone' ? <PhoneBindForm onDone={done} /> : <EmailBindForm onDone={done} />)}
        </Modal>
      )}
    </>
  );
}
