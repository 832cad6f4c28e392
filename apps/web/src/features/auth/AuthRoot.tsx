/** Mounts the auth dialog (login_register, find_password, new_device) and listens to the bus. */
import { useEffect } from 'react';
import { Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { bus } from '../../app/events.ts';
import { useSite } from '../../app/site.ts';
import { useSession } from '../../stores/session.ts';
import { switchAuthWay, useAuth } from './authStore.ts';
import { CaptchaDialog } from './captcha/CaptchaDialog.tsx';
import { useCaptcha } from './captcha/captchaStore.ts';
import { ForgotPassword } from './ForgotPassword.tsx';
import { LoginForm } from './LoginForm.tsx';
import { NewDevice } from './NewDevice.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import './auth.css';

function useAuthEvents(): void {
  useEffect(() => {
    const s = () => useAuth.getState();
    const offs = [
      bus.on('switch_auth_way', ({ way }) => switchAuthWay(way)),
      bus.on('login', () => s().show('login_register', { tab: 'login' })),
      bus.on('register', () => s().show('login_register', { tab: 'register' })),
      bus.on('forget_password', () => s().show('find_password', { forgotWay: 'phone' })),
      bus.on('login_expired', () => s().show('login_register', { tab: 'login' })),
      bus.on('newDevice', (payload) => s().show('new_device', { newDevice: payload })),
      bus.on('closeAuth', () => s().close()),
      bus.on('login_success', () => {
        if (s().open && s().mode !== 'find_password') s().close();
      }),
    ];
    return () => offs.forEach((off) => off());
  }, []);
}

export function AuthRoot() {
  const { t } = useTranslation('auth');
  useAuthEvents();
  const { open, mode, tab, headerHidden } = useAuth();
  const site = useSite();
  const loggedIn = useSession((s) => s.token !== null);

  const close = () => {
    useAuth.getState().close();
    if (useCaptcha.getState().pending) useCaptcha.getState().cancel();
  };

  return (
    <>
      <Modal
        open={open && !(loggedIn && mode === 'login_register')}
        onCancel={close}
        footer={null}
        width={mode === 'login_register' ? 860 : 520}
        centered
        destroyOnHidden
        maskClosable={false}
        className={`auth-modal auth-modal--${mode}${headerHidden ? ' auth-modal--headless' : ''}`}
        data-testid="auth-dialog"
        title={null}
      >
        {mode === 'login_register' && (
          <div className="auth-split">
            <aside className="auth-brand" aria-hidden="true">
              {site.logoUrl && <img className="auth-brand__logo" src={site.logoUrl} alt="" width={72} height={72} />}
              {/* The brand's name in the language in force (the raw config's title is the zh-CN one). */}
              <div className="auth-brand__title">{site.title}</div>
              <p className="auth-brand__tag">{t('brand.tagline')}</p>
              <ul className="auth-brand__points">
                <li>{t('brand.point1')}</li>
                <li>{t('brand.point2')}</li>
                <li>{t('brand.point3')}</li>
              </ul>
              <p className="auth-brand__adult">{t('brand.adult')}</p>
            </aside>
            <section className="auth-main">
              <Tabs
                activeKey={tab}
                onChange={(k) => bus.emit('switch_auth_way', { way: k === 'register' ? 2 : 1 })}
                centered
                size="large"
                className="auth-tabs"
                items={[
                  { key: 'login', label: t('login.tab'), children: tab === 'login' ? <LoginForm /> : null },
                  { key: 'register', label: t('register.tab'), children: tab === 'register' ? <RegisterForm /> : null },
                ]}
              />
            </section>
          </div>
        )}
        {mode === 'find_password' && <ForgotPassword />}
        {mode === 'new_device' && <NewDevice />}
      </Modal>
      <CaptchaDialog />
    </>
  );
}
