/**
 * Account pages backed by the account API: user info (/mine/userinfo: profile, gender and birthday
 * once, login password, e-mail binding, second password) and the auth page (/mine/auth: real name, then phone).
 */
import { useState } from 'react';
import { App as AntApp, Button, DatePicker, Descriptions, Form, Progress, Radio, Tag } from 'antd';
import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { userApi } from '@portal/contract';
import { maskEmail, maskPhone, maskRealName, validateBirthday } from '@portal/rules';
import { call } from '../../api/client.ts';
import { useSite } from '../../app/site.ts';
import { openPath } from '../../routes/nav.ts';
import { useSession } from '../../stores/session.ts';
import { PageLoading } from '../../ui/layout/EmptyState.tsx';
import { useApiError } from './useApiError.ts';
import { EmailBindForm, SecondPasswordChangeForm, SecondPasswordForm } from './forms.tsx';
import { AvatarPicker } from './AvatarPicker.tsx';
import { ChangeBindingButton } from './ChangeBinding.tsx';
import { LoginPasswordButton } from './LoginPassword.tsx';
import { LoginHistory } from './LoginHistory.tsx';
import { SECURITY_COLOR, securityGrade } from './security.ts';
import { useValidatorRule } from '../../ui/form/rules.ts';
import { dateText, minuteText } from '../../ui/time/format.ts';

export { AuthPage } from './AuthPage.tsx';

function ProfileForm() {
  const { t } = useTranslation('mine');
  const ruleOf = useValidatorRule();
  const { flags } = useSite();
  const { message, modal } = AntApp.useApp();
  const onError = useApiError();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<{ gender?: 'male' | 'female'; birthday?: Dayjs }>();
  const gender = Form.useWatch('gender', form);
  const birthday = Form.useWatch('birthday', form);
  const [saving, setSaving] = useState(false);
  if (!user || (user.gender && user.birthday)) return null;

  const submit = async (values: { gender?: 'male' | 'female'; birthday?: Dayjs }) => {
    const confirmed = await modal.confirm({ title: t('info.confirmTitle'), content: t('info.confirmText') });
    if (!confirmed) return;
    setSaving(true);
    try {
      await call(userApi.bindOther, {
        ...(user.gender ? {} : { gender: values.gender }),
        ...(user.birthday ? {} : { birthday: values.birthday ? dateText(values.birthday) : undefined }),
      });
      void message.success(t('info.saved'));
      await useSession.getState().loadUser();
    } catch (e) {
      onError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" className="mine-form mine-form--inline" onFinish={submit}>
      {!user.gender && (
        <Form.Item name="gender" label={t('info.gender')}>
          <Radio.Group
            options={[
              { value: 'male', label: t('info.male') },
              { value: 'female', label: t('info.female') },
            ]}
          />
        </Form.Item>
      )}
      {!user.birthday && (
        <Form.Item
          name="birthday"
          label={t('info.birthday')}
          extra={flags.birthdayDescription ? t('info.birthdayHint') : undefined}
          rules={[ruleOf((v) => validateBirthday(v ? dateText(v) : '', new Date()))]}
        >
          <DatePicker disabledDate={(d) => d.isAfter(dayjs())} />
        </Form.Item>
      )}
      <p className="mine-form__hint">{t('info.lockedHint')}</p>
      <Button type="primary" htmlType="submit" loading={saving} disabled={(!user.gender && !gender) || (!user.birthday && !birthday)}>
        {t('info.save')}
      </Button>
    </Form>
  );
}

/** Security level from what is bound (real name, phone, e-mail, second password: 25 each, computed by the server). */
function SecurityLevel({ level }: { level: number }) {
  const { t } = useTranslation('mine');
  const grade = securityGrade(level);
  return (
    <div className={`security-level security-level--${grade}`} data-testid="security-level">
      <span className="security-level__label">{t('security')}</span>
      <Progress type="circle" size={72} percent={level} format={() => t(`securityLevel.${grade}`)} strokeColor={SECURITY_COLOR[grade]} />
      <span className="security-level__tip">{t(`securityTip.${grade}`)}</span>
    </div>
  );
}

function Bound({ ok, text }: { ok: boolean; text?: string }) {
  const { t } = useTranslation('mine');
  return ok ? (
    <span className="bound bound--ok">
      <CheckCircleFilled /> {text ?? t('info.bound')}
    </span>
  ) : (
    <span className="bound bound--no">
      <ExclamationCircleFilled /> {t('info.unbound')}
    </span>
  );
}

export function UserInfoPage() {
  const { t } = useTranslation('mine');
  const { flags } = useSite();
  const user = useSession((s) => s.user);
  if (!user) return <PageLoading />;
  const realName = user.realName ? (flags.hideRealNumber ? maskRealName(user.realName) : user.realName) : null;
  const unset = <span className="muted">{t('info.unset')}</span>;
  return (
    <>
      <div className="panel profile-head">
        <AvatarPicker />
        <div className="profile-head__who">
          <strong className="profile-head__name">{user.name}</strong>
          <Tag color="gold">{t('vipGrade', { grade: user.vipGrade })}</Tag>
          <span className="muted">
            {t('info.registerDate')} {dateText(user.registerDate)}
          </span>
        </div>
        <SecurityLevel level={user.securityLevel} />
      </div>
      <div className="panel">
        <h2 className="panel__title">{t('info.title')}</h2>
        {user.gender && user.birthday && (
          <p className="mine-form__hint" data-testid="profile-locked">
            {t('info.lockedHint')}
          </p>
        )}
        <Descriptions column={2} bordered size="middle" className="mine-desc">
          <Descriptions.Item label={t('info.name')}>{user.name}</Descriptions.Item>
          <Descriptions.Item label={t('info.vip')}>
            <Tag color="gold">{t('vipGrade', { grade: user.vipGrade })}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('info.realName')}>{realName ?? unset}</Descriptions.Item>
          <Descriptions.Item label={t('info.gender')}>{user.gender ? t(`info.${user.gender}`) : unset}</Descriptions.Item>
          <Descriptions.Item label={t('info.birthday')}>{user.birthday ?? unset}</Descriptions.Item>
          <Descriptions.Item label={t('info.registerDate')}>{minuteText(user.registerDate)}</Descriptions.Item>
          <Descriptions.Item label={t('info.lastLogin')}>{user.lastLoginAt ? minuteText(user.lastLoginAt) : unset}</Descriptions.Item>
          <Descriptions.Item label={t('info.phone')}>
            {user.phone ? `${user.areaCode ?? ''} ${maskPhone(user.phone)}` : unset}
          </Descriptions.Item>
          <Descriptions.Item label={t('info.email')}>{user.email ? maskEmail(user.email) : unset}</Descriptions.Item>
        </Descriptions>
        <ProfileForm />
      </div>
      <div className="panel">
        <h2 className="panel__title">{t('info.security')}</h2>
        <ul className="security-list">
          <li>
            <strong>{t('loginPwd.label')}</strong>
            <Bound ok text={t('info.set')} />
            <LoginPasswordButton />
          </li>
          <li>
            <strong>{t('auth.stepName')}</strong>
            <Bound ok={user.bindRealName} text={realName ?? undefined} />
            {!user.bindRealName && <Button onClick={() => openPath('/mine/auth')}>{t('info.goAuth')}</Button>}
          </li>
          <li>
            <strong>{t('info.phone')}</strong>
            <Bound ok={user.bindPhone} text={user.phone ? `${user.areaCode ?? ''} ${maskPhone(user.phone)}` : undefined} />
            {user.bindPhone ? (
              <ChangeBindingButton target="phone" />
            ) : (
              <Button onClick={() => openPath('/mine/auth')}>{t('info.goBind')}</Button>
            )}
          </li>
          <li>
            <strong>{t('info.email')}</strong>
            <Bound ok={user.bindEmail} text={user.email ? maskEmail(user.email) : undefined} />
            {user.bindEmail && <ChangeBindingButton target="email" />}
          </li>
          {!user.bindEmail && (
            <li className="security-list__form">
              <EmailBindForm />
            </li>
          )}
          <li>
            <strong>{t('info.secondPassword')}</strong>
            <Bound ok={user.hasSecondPassword} text={t('info.set')} />
          </li>
          <li className="security-list__form">{user.hasSecondPassword ? <SecondPasswordChangeForm /> : <SecondPasswordForm />}</li>
          <li>
            <strong>{t('info.protection')}</strong>
            <span className="muted">{t('info.protectionText')}</span>
            <Button onClick={() => openPath('/mine/protection')}>{t('info.protectionGo')}</Button>
          </li>
        </ul>
      </div>
      <LoginHistory />
    </>
  );
}
