/**
 * Staff sign-in: username + password, then the second factor — enrolment (QR code and secret, then a code; the
 * ten recovery codes are shown once and must be confirmed with 我已保存) or a 6-digit code / a recovery code.
 * Errors are the server's messages.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLogin } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { consoleAuthApi } from '@portal/contract/console';
import { call, ConsoleError } from '../api/client.ts';
import { QrCode } from './QrCode.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';

type Step =
  | { kind: 'password' }
  | { kind: 'code'; challenge: string; enrol: { secret: string; otpauthUrl: string } | null; recovery: boolean }
  | { kind: 'recoveryCodes'; token: string; codes: string[] };

export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as { message?: string } | null)?.message;
  const { mutateAsync: login } = useLogin<{ token: string }>();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const attempt = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof ConsoleError ? e.message : '操作失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  const enter = async (token: string) => {
    await login({ token });
    navigate('/', { replace: true });
  };

  const onPassword = (v: { username: string; password: string }) =>
    attempt(async () => {
      const r = await call(consoleAuthApi.login, { username: v.username.trim(), password: v.password });
      setStep({ kind: 'code', challenge: r.challenge, enrol: r.enrol, recovery: false });
    });

  const onCode = (v: { code: string }) =>
    attempt(async () => {
      if (step.kind !== 'code') return;
      const value = v.code.trim();
      const r = await call(consoleAuthApi.verify, {
        challenge: step.challenge,
        ...(step.recovery ? { recoveryCode: value } : { code: value }),
      });
      if (r.recoveryCodes?.length) setStep({ kind: 'recoveryCodes', token: r.token, codes: r.recoveryCodes });
      else await enter(r.token);
    });

  return (
    <div className="console-signin">
      <Card style={{ width: step.kind === 'password' ? 380 : 460 }} title={<span>运营管理后台 · 登录</span>}>
        {notice && step.kind === 'password' && !error && <Alert type="warning" showIcon title={notice} style={{ marginBottom: 16 }} />}
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        {step.kind === 'password' && (
          <Form layout="vertical" onFinish={onPassword} requiredMark={false}>
            <Form.Item name="username" label="用户名" rules={[{ required: true, message: '请输入用户名' }]}>
              <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              下一步
            </Button>
          </Form>
        )}
        {step.kind === 'code' && (
          <Form layout="vertical" onFinish={onCode} requiredMark={false} key={step.recovery ? 'recovery' : 'code'}>
            {step.enrol ? (
              <Space orientation="vertical" size={8} style={{ width: '100%', marginBottom: 12 }}>
                <Typography.Paragraph style={{ marginBottom: 0 }}>
                  首次登录需开启两步验证：请用身份验证器应用（如 Google Authenticator、Microsoft
                  Authenticator）扫描下方二维码，再输入应用显示的6位验证码。
                </Typography.Paragraph>
                <div style={{ textAlign: 'center' }}>
                  <QrCode text={step.enrol.otpauthUrl} />
                </div>
                <Typography.Text type="secondary">无法扫码时，请手动输入密钥：</Typography.Text>
                <Typography.Text code copyable data-testid="totp-secret">
                  {step.enrol.secret}
                </Typography.Text>
              </Space>
            ) : (
              <Typography.Paragraph>
                {step.recovery ? '请输入一个未使用过的恢复码（每个恢复码仅能使用一次）。' : '请输入身份验证器应用显示的6位验证码。'}
              </Typography.Paragraph>
            )}
            <Form.Item
              name="code"
              label={step.recovery ? '恢复码' : '验证码'}
              rules={[
                { required: true, message: step.recovery ? '请输入恢复码' : '请输入验证码' },
                ...(step.recovery ? [] : [{ pattern: /^\s*\d{6}\s*$/, message: '验证码为6位数字' }]),
              ]}
            >
              <Input
                prefix={<SafetyOutlined />}
                autoComplete="one-time-code"
                inputMode={step.recovery ? 'text' : 'numeric'}
                maxLength={step.recovery ? 24 : 6}
                autoFocus
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {step.enrol ? '开启两步验证并登录' : '登录'}
            </Button>
            <Space style={{ marginTop: 12, width: '100%', justifyContent: 'space-between' }}>
              <Button type="link" size="small" onClick={() => setStep({ kind: 'password' })} style={{ padding: 0 }}>
                返回重新输入密码
              </Button>
              {!step.enrol && (
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setStep({ ...step, recovery: !step.recovery })}>
                  {step.recovery ? '使用验证码' : '使用恢复码'}
                </Button>
              )}
            </Space>
          </Form>
        )}
        {step.kind === 'recoveryCodes' && <RecoveryCodes codes={step.codes} onDone={() => attempt(() => enter(step.token))} busy={busy} />}
      </Card>
    </div>
  );
}
