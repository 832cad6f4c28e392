/**
 * New-device verification (spec §2, §4): login is unusual, verify identity. A 6-digit code comes by
 * SMS or voice after the member types the 4 masked middle digits of the bound phone
 * (sendCode/one type '3'); login then goes with kaptchcate 99 + sendCodeNum.
 */
import { useState } from 'react';
import { Alert, Button, Input, Modal } from 'antd';
import { SafetyCertificateOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, userApi } from '@portal/contract';
import { validateDeviceCode, validatePhoneMiddle } from '@portal/rules';
import { call } from '../../api/client.ts';
import { ApiError, errorMessage } from '../../api/errors.ts';
import { sendCodeValues } from '../../api/sendCode.ts';
import { notify } from '../../ui/dialogs/notify.ts';
import { useAuth } from './authStore.ts';
import { deviceLogin } from './flows.ts';
import { useRuleText } from '../../ui/form/rules.ts';
import { useCountdown } from '../../ui/useCountdown.ts';

/** '139****5678' → ['139', '5678'] around the masked middle. */
export function splitMasked(masked: string): [string, string] {
  const m = /^(.*?)\*+(.*)$/.exec(masked);
  return m ? [m[1] ?? '', m[2] ?? ''] : [masked, ''];
}

export function NewDevice() {
  const { t } = useTranslation('auth');
  const rule = useRuleText();
  const info = useAuth((s) => s.newDevice);
  const [code, setCode] = useState('');
  const [requested, setRequested] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [left, startCountdown] = useCountdown();
  const [middleFor, setMiddleFor] = useState<'0' | '2' | null>(null);
  if (!info) return null;
  const complete = /^\d{6}$/.test(code);

  const submit = async () => {
    const m = validateDeviceCode(code, requested);
    setError(m ? rule(m) : null);
    if (m) return;
    setBusy(true);
    try {
      await deviceLogin(info.name, info.password, code);
      useAuth.getState().close();
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="new-device">
      <div className="new-device__icon">
        <SafetyCertificateOutlined />
      </div>
      <h2 className="new-device__title">{t('device.title')}</h2>
      <p className="new-device__lead">{info.message || t('device.lead')}</p>
      <p className="new-device__sub">{t('device.verify', { phone: info.phoneNumber })}</p>
      <div className="new-device__code">
        <Input
          size="large"
          value={code}
          maxLength={LIMITS.VERIFICATION_CODE_LENGTH}
          inputMode="numeric"
          placeholder={t('device.codePlaceholder')}
          aria-label={t('device.codePlaceholder')}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          onPressEnter={() => void submit()}
          status={error ? 'error' : undefined}
          suffix={
            <Button type="link" size="small" disabled={left > 0} onClick={() => setMiddleFor('0')} className="code-button">
              {left > 0 ? t('code.countdown', { s: left }) : requested ? t('code.resend') : t('code.get')}
            </Button>
          }
        />
        <div className="form-error" role="alert">
          {error}
        </div>
        <div className="new-device__voice">
          {t('device.noSms')}
          <Button type="link" size="small" disabled={left > 0} onClick={() => setMiddleFor('2')}>
            {t('code.voice')}
          </Button>
        </div>
      </div>
      <Button
        type="primary"
        size="large"
        block
        loading={busy}
        onClick={() => void submit()}
        className={complete ? 'auth-submit' : 'auth-submit is-inactive'}
      >
        {t('device.submit')}
      </Button>
      <div className="new-device__links">
        <Button type="link" onClick={() => useAuth.getState().show('login_register', { tab: 'login', prefillName: null, newDevice: null })}>
          {t('device.switchAccount')}
        </Button>
        <span className="dot-sep" />
        <Button type="link" onClick={() => useAuth.getState().show('login_register', { tab: 'register', newDevice: null })}>
          {t('device.registerNew')}
        </Button>
      </div>
      <Alert className="new-device__warn" type="warning" showIcon icon={<WarningOutlined />} title={t('device.staffNever')} />
      <MiddleDigits
        open={middleFor !== null}
        masked={info.phoneNumber}
        cate={middleFor ?? '0'}
        name={info.name}
        onClose={() => setMiddleFor(null)}
        onSent={(resendIn) => {
          setRequested(true);
          setError(null);
          startCountdown(resendIn);
          setMiddleFor(null);
        }}
      />
    </div>
  );
}

function MiddleDigits(props: {
  open: boolean;
  masked: string;
  cate: '0' | '2';
  name: string;
  onClose(): void;
  onSent(resendIn: number): void;
}) {
  const { open, masked, cate, name, onClose, onSent } = props;
  const { t } = useTranslation('auth');
  const rule = useRuleText();
  const [middle, setMiddle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [head, tail] = splitMasked(masked);

  const send = async () => {
    const m = validatePhoneMiddle(middle);
    setError(m ? rule(m) : null);
    if (m) return;
    setBusy(true);
    try {
      const r = await call(userApi.sendCodeOne, { type: '3', cate, ...(await sendCodeValues(name, middle)), version: 1 });
      notify.success(cate === '2' ? t('toast.voiceSent') : t('toast.smsSent'));
      setMiddle('');
      onSent(r.resendIn || LIMITS.RESEND_WAIT_S);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('device.middleTitle')}
      centered
      width={400}
      destroyOnHidden
      okText={cate === '2' ? t('device.sendVoice') : t('device.sendSms')}
      cancelText={t('common.cancel')}
      onOk={() => void send()}
      confirmLoading={busy}
      okButtonProps={{ className: /^\d{4}$/.test(middle) ? undefined : 'is-inactive' }}
      zIndex={1060}
    >
      <p className="middle__lead">{t('device.middleLead')}</p>
      <div className="middle__phone">
        <span className="middle__part">{head}</span>
        <Input
          className="middle__input"
          value={middle}
          maxLength={LIMITS.PHONE_MIDDLE_DIGITS}
          inputMode="numeric"
          placeholder="****"
          aria-label={t('device.middleInput')}
          onChange={(e) => setMiddle(e.target.value.replace(/\D/g, ''))}
          onPressEnter={() => void send()}
          autoFocus
          status={error ? 'error' : undefined}
        />
        <span className="middle__part">{tail}</span>
      </div>
      <div className="form-error" role="alert">
        {error}
      </div>
    </Modal>
  );
}
