/**
 * Forgot-password wizard (spec §2, §4): step 0 identity (username + phone with country code, or
 * e-mail), 1 code (60 s resend countdown), 2 new password, 3 done (3 s back to login). The back
 * button goes one step back; the dialog hides its header on the success page.
 */
import { useEffect, useState } from 'react';
import { Button, Form, Input, Select, Steps } from 'antd';
import { ArrowLeftOutlined, MailOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COUNTRY_AREAS, LIMITS, siteApi, userApi } from '@portal/contract';
import { validateCode, validateForgotEmail, validateForgotUsername, validatePhone } from '@portal/rules';
import { bus } from '../../app/events.ts';
import { call } from '../../api/client.ts';
import { errorMessage } from '../../api/errors.ts';
import { md5 } from '../../api/md5.ts';
import { notify } from '../../ui/dialogs/notify.ts';
import { isCaptchaCancelled, requestCaptcha } from './captcha/captchaStore.ts';
import { useAuth, type ForgotWay } from './authStore.ts';
import { useValidatorRule } from '../../ui/form/rules.ts';
import { DoneStep, PasswordStep } from './ForgotPasswordSteps.tsx';
import { useCountdown } from '../../ui/useCountdown.ts';

interface Identity {
  name: string;
  phone: string;
  areaCode: string;
  email: string;
}

type Step = 0 | 1 | 2 | 3;
const DEFAULT_AREA = LIMITS.DEFAULT_AREA_CODE;

function useAreas() {
  return useQuery({
    queryKey: ['countryAreas'],
    queryFn: () => call(siteApi.queryCountryArea, {}, { cached: true }),
    staleTime: Infinity,
    placeholderData: COUNTRY_AREAS.map(({ areaName, areaCode, regex }) => ({ areaName, areaCode, regex })),
  });
}

export function ForgotPassword() {
  const { t } = useTranslation('auth');
  const way = useAuth((s) => s.forgotWay);
  const [step, setStep] = useState<Step>(0);
  const [id, setId] = useState<Identity>({ name: '', phone: '', areaCode: DEFAULT_AREA, email: '' });
  const [left, startCountdown] = useCountdown();

  useEffect(() => {
    setStep(0);
  }, [way]);
  useEffect(() => {
    useAuth.getState().setHeaderHidden(step === 3);
  }, [step]);

  const identityBody = () =>
    way === 'phone' ? { name: id.name, phone: id.phone, areaCode: id.areaCode } : { name: id.name, email: id.email };

  /** Step one call (with captcha): sends the first code. cate '2' asks for a voice call. */
  const sendFirst = async (who: Identity, cate: '0' | '2' = '0') => {
    if (way === 'phone') {
      const captcha = await requestCaptcha(2);
      const r = await call(userApi.forgetByPhoneOne, { name: who.name, phone: who.phone, areaCode: who.areaCode, cate, ...captcha });
      notify.success(cate === '2' ? t('toast.voiceSent') : t('toast.smsSent'));
      startCountdown(r.resendIn || LIMITS.RESEND_WAIT_S);
    } else {
      const captcha = await requestCaptcha(3);
      const r = await call(userApi.forgetByEmailOne, { name: who.name, email: who.email, ...captcha });
      notify.success(t('toast.emailSent'));
      startCountdown(r.resendIn || LIMITS.RESEND_WAIT_S);
    }
  };

  const onIdentity = async (who: Identity) => {
    try {
      await sendFirst(who);
      setId(who);
      setStep(1);
    } catch (e) {
      if (!isCaptchaCancelled(e)) notify.error(errorMessage(e));
    }
  };

  const resend = async (cate: '0' | '2') => {
    try {
      await sendFirst(id, cate);
    } catch (e) {
      if (!isCaptchaCancelled(e)) notify.error(errorMessage(e));
    }
  };

  const onCode = async (code: string) => {
    try {
      if (way === 'phone') await call(userApi.forgetByPhoneTwo, { name: id.name, phone: id.phone, areaCode: id.areaCode, code });
      else await call(userApi.forgetByEmailTwo, { name: id.name, email: id.email, code });
      setStep(2);
    } catch (e) {
      notify.error(errorMessage(e));
    }
  };

  const onPassword = async (password: string) => {
    const hash = md5(password);
    try {
      if (way === 'phone')
        await call(userApi.forgetByPhoneThree, {
          ...(identityBody() as { name: string; phone: string; areaCode: string }),
          password: hash,
          secondPassword: hash,
        });
      else await call(userApi.forgetByEmailThree, { name: id.name, email: id.email, password: hash, secondPassword: hash });
      setStep(3);
      bus.emit('password_change_success');
    } catch (e) {
      notify.error(errorMessage(e));
    }
  };

  const back = () => {
    if (step === 0) useAuth.getState().show('login_register', { tab: 'login' });
    else setStep((s) => (s - 1) as Step);
  };

  return (
    <div className="forgot" data-step={step}>
      {step < 3 && (
        <div className="forgot__head">
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={back} aria-label={t('forgot.back')} className="forgot__back">
            {t('forgot.back')}
          </Button>
          <h2 className="forgot__title">{t('forgot.title')}</h2>
        </div>
      )}
      {step < 3 && (
        <Steps
          size="small"
          current={step}
          className="forgot__steps"
          items={[{ title: t('forgot.step1') }, { title: t('forgot.step2') }, { title: t('forgot.step3') }]}
        />
      )}
      {step === 0 && <IdentityStep way={way} initial={id} onSubmit={onIdentity} />}
      {step === 1 && <CodeStep way={way} id={id} left={left} onResend={resend} onSubmit={onCode} />}
      {step === 2 && <PasswordStep onSubmit={onPassword} />}
      {step === 3 && <DoneStep name={id.name} />}
    </div>
  );
}

function IdentityStep({ way, initial, onSubmit }: { way: ForgotWay; initial: Identity; onSubmit(v: Identity): Promise<void> }) {
  const { t } = useTranslation('auth');
  const ruleOf = useValidatorRule();
  const [form] = Form.useForm<Identity>();
  const [busy, setBusy] = useState(false);
  const areas = useAreas();
  const areaCode = (Form.useWatch('areaCode', form) as string | undefined) ?? DEFAULT_AREA;
  const regex = areas.data?.find((a) => a.areaCode === areaCode)?.regex;
  const name = Form.useWatch('name', form) as string | undefined;
  const phone = Form.useWatch('phone', form) as string | undefined;
  const email = Form.useWatch('email', form) as string | undefined;
  const filled = !!name && (way === 'phone' ? !!phone : !!email);

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      className="auth-form"
      onFinish={(x) => {
        setBusy(true);
        void onSubmit({ ...initial, ...x, areaCode: x.areaCode ?? DEFAULT_AREA }).finally(() => setBusy(false));
      }}
    >
      <div className="forgot__ways" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={way === 'phone'}
          className={way === 'phone' ? 'is-active' : ''}
          onClick={() => bus.emit('switch_auth_way', { way: 3 })}
        >
          <MobileOutlined /> {t('forgot.byPhone')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={way === 'email'}
          className={way === 'email' ? 'is-active' : ''}
          onClick={() => bus.emit('switch_auth_way', { way: 4 })}
        >
          <MailOutlined /> {t('forgot.byEmail')}
        </button>
      </div>
      <Form.Item name="name" rules={[ruleOf(validateForgotUsername)]} validateTrigger="onSubmit">
        <Input
          size="large"
          prefix={<UserOutlined />}
          placeholder={t('forgot.username')}
          maxLength={LIMITS.FORGOT_USERNAME_MAX}
          aria-label={t('forgot.username')}
        />
      </Form.Item>
      {way === 'phone' ? (
        <Form.Item name="phone" rules={[ruleOf((x) => validatePhone(x.replace(/\s+/g, ''), regex))]} validateTrigger="onSubmit">
          <Input
            size="large"
            placeholder={t('forgot.phone')}
            maxLength={LIMITS.PHONE_MAX}
            inputMode="numeric"
            aria-label={t('forgot.phone')}
            addonBefore={
              <Form.Item name="areaCode" noStyle>
                <Select
                  className="area-select"
                  popupMatchSelectWidth={220}
                  aria-label={t('forgot.areaCode')}
                  options={(areas.data ?? []).map((a) => ({ value: a.areaCode, label: a.areaCode, title: a.areaName }))}
                  optionRender={(o) => (
                    <span className="area-option">
                      <span>{o.data.title}</span>
                      <span>{o.data.value}</span>
                    </span>
                  )}
                />
              </Form.Item>
            }
          />
        </Form.Item>
      ) : (
        <Form.Item name="email" rules={[ruleOf(validateForgotEmail)]} validateTrigger="onSubmit">
          <Input
            size="large"
            prefix={<MailOutlined />}
            placeholder={t('forgot.email')}
            maxLength={LIMITS.EMAIL_MAX}
            aria-label={t('forgot.email')}
          />
        </Form.Item>
      )}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={busy}
        className={filled ? 'auth-submit' : 'auth-submit is-inactive'}
      >
        {t('forgot.next')}
      </Button>
    </Form>
  );
}

function CodeStep(props: {
  way: ForgotWay;
  id: Identity;
  left: number;
  onResend(cate: '0' | '2'): Promise<void>;
  onSubmit(code: string): Promise<void>;
}) {
  const { way, id, left, onResend, onSubmit } = props;
  const { t } = useTranslation('auth');
  const ruleOf = useValidatorRule();
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);
  const code = (Form.useWatch('code', form) as string | undefined) ?? '';
  const target = way === 'phone' ? `${id.areaCode} ${id.phone}` : id.email;
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      className="auth-form"
      onFinish={(x) => {
        setBusy(true);
        void onSubmit(x.code).finally(() => setBusy(false));
      }}
    >
      <p className="forgot__sent">{t(way === 'phone' ? 'forgot.sentPhone' : 'forgot.sentEmail', { target })}</p>
      <Form.Item name="code" rules={[ruleOf(validateCode)]} validateTrigger="onSubmit">
        <Input
          size="large"
          prefix={<SafetyOutlined />}
          placeholder={t('forgot.code')}
          maxLength={LIMITS.VERIFICATION_CODE_LENGTH}
          inputMode="numeric"
          aria-label={t('forgot.code')}
          suffix={
            <Button type="link" size="small" disabled={left > 0} onClick={() => void onResend('0')} className="code-button">
              {left > 0 ? t('code.countdown', { s: left }) : t('code.resend')}
            </Button>
          }
        />
      </Form.Item>
      {way === 'phone' && (
        <div className="forgot__voice">
          {t('forgot.noSms')}
          <Button type="link" size="small" disabled={left > 0} onClick={() => void onResend('2')}>
            {t('code.voice')}
          </Button>
        </div>
      )}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={busy}
        className={code ? 'auth-submit' : 'auth-submit is-inactive'}
      >
        {t('forgot.next')}
      </Button>
    </Form>
  );
}
