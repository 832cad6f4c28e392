/** /mine/auth: real-name verification, then phone binding (spec §2: both are needed for card pages). */
import { Button, Result, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { openPath } from '../../routes/nav.ts';
import { useSession } from '../../stores/session.ts';
import { PageLoading } from '../../ui/layout/EmptyState.tsx';
import { PhoneBindForm, RealNameForm } from './forms.tsx';

export function AuthPage() {
  const { t } = useTranslation('mine');
  const user = useSession((s) => s.user);
  if (!user) return <PageLoading />;
  const step = !user.bindRealName ? 0 : !user.bindPhone ? 1 : 2;
  return (
    <div className="panel auth-page" data-step={step}>
      <h2 className="panel__title">{t('auth.title')}</h2>
      <p className="panel__intro">{t('auth.intro')}</p>
      <Steps
        current={step}
        className="auth-page__steps"
        items={[{ title: t('auth.stepName') }, { title: t('auth.stepPhone') }, { title: t('auth.stepDone') }]}
      />
      <div className="auth-page__body">
        {step === 0 && <RealNameForm />}
        {step === 1 && <PhoneBindForm />}
        {step === 2 && (
          <Result
            status="success"
            title={t('auth.allDone')}
            subTitle={t('auth.allDoneText')}
            extra={
              <Button type="primary" onClick={() => openPath('/mine/addBankCard')}>
                {t('auth.toCards')}
              </Button>
            }
          />
        )}
      </div>
    </div>
  );
}
