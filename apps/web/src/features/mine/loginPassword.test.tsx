/** The login password change on /mine/userinfo: the three ways, the spec's messages, md5 on the wire. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { md5 } from '../../api/md5.ts';
import { useSession, type MemberInfo } from '../../stores/session.ts';
import { MEMBER } from '../../test/authTestUtils.tsx';
import { fail, mockApi, ok, renderAt, withWalletTestSession } from '../wallet/testKit.tsx';
import { UserInfoPage } from './account.tsx';

withWalletTestSession();

type Routes = Parameters<typeof mockApi>[0];
function open(over: Partial<MemberInfo>, routes: Routes) {
  const user = { ...MEMBER, ...over } as MemberInfo;
  useSession.setState({ user });
  const calls = mockApi({
    'member/info': () => ok(user),
    getBalance: ok({ centerWalletBalance: '0.00', lockMoney: '0.00', currency: 'CNY' }),
    'member/loginHistory': ok({ total: 0, list: [] }),
    ...routes,
  });
  renderAt(<UserInfoPage />, '/mine/userinfo');
  return calls;
}
const bodies = (calls: { path: string; body: unknown }[], end: string) => calls.filter((c) => c.path.endsWith(end)).map((c) => c.body);
async function dialog() {
  const row = screen.getByText('登录密码').closest('li')!;
  await userEvent.click(within(row as HTMLElement).getByRole('button', { name: /修\s*改/ }));
  return within(await screen.findByRole('dialog'));
}

describe('login password (/mine/userinfo)', () => {
  test('with the old password: the spec messages, then md5 of old, new and repeat; success says other devices are signed out', async () => {
    const calls = open({}, { bindPassword: ok(null) });
    const d = await dialog();
    // Without a bound phone or e-mail there is one way only.
    expect(d.queryByText('手机验证')).toBeNull();
    await userEvent.click(d.getByRole('button', { name: /确认修改/ }));
    expect(await d.findByText('密码不能为空')).toBeTruthy();
    expect(await d.findByText('请设置新密码')).toBeTruthy();
    await userEvent.type(d.getByLabelText('原登录密码'), 'Old12345');
    await userEvent.type(d.getByLabelText('新密码'), 'abc');
    await userEvent.type(d.getByLabelText('确认新密码'), 'abd');
    expect(await d.findByText('请输入8-12位字母+数字的组合')).toBeTruthy();
    expect(await d.findByText('两次密码输入不一致，请重新输入')).toBeTruthy();
    await userEvent.clear(d.getByLabelText('新密码'));
    await userEvent.type(d.getByLabelText('新密码'), 'New12345x');
    await userEvent.clear(d.getByLabelText('确认新密码'));
    await userEvent.type(d.getByLabelText('确认新密码'), 'New12345x');
    await userEvent.click(d.getByRole('button', { name: /确认修改/ }));
    expect(await screen.findByText('登录密码修改成功，其他设备上的登录已失效')).toBeTruthy();
    expect(bodies(calls, 'bindPassword')).toEqual([
      { oldPassword: md5('Old12345'), password: md5('New12345x'), secondPassword: md5('New12345x') },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('a wrong old password shows the server message and keeps the dialog', async () => {
    open({}, { bindPassword: fail(6035, '原密码错误') });
    const d = await dialog();
    await userEvent.type(d.getByLabelText('原登录密码'), 'Wrong1234');
    await userEvent.type(d.getByLabelText('新密码'), 'New12345x');
    await userEvent.type(d.getByLabelText('确认新密码'), 'New12345x');
    await userEvent.click(d.getByRole('button', { name: /确认修改/ }));
    expect(await screen.findByText('原密码错误')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  test('by phone: code type 7 to the bound phone, then bindPasswordByPhone; by e-mail likewise with cate 1', async () => {
    const calls = open(
      { bindPhone: true, phone: '13812345678', areaCode: '+86', bindEmail: true, email: 'ab@example.com' },
      {
        'sendCode/two': ok({ resendIn: 60, expiresIn: 300, to: '138****5678' }),
        bindPasswordByPhone: ok(null),
        bindPasswordByEmail: ok(null),
      },
    );
    let d = await dialog();
    await userEvent.click(d.getByText('手机验证'));
    expect(d.getByText('验证码将发送至绑定手机 +86 138****5678')).toBeTruthy();
    await userEvent.click(d.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('获取手机验证码成功')).toBeTruthy();
    await userEvent.click(d.getByRole('button', { name: /确认修改/ }));
    expect(await d.findByText('请输入验证码')).toBeTruthy();
    await userEvent.type(d.getByLabelText('验证码'), '123456');
    await userEvent.type(d.getByLabelText('新密码'), 'New12345x');
    await userEvent.type(d.getByLabelText('确认新密码'), 'New12345x');
    await userEvent.click(d.getByRole('button', { name: /确认修改/ }));
    await waitFor(() =>
      expect(bodies(calls, 'bindPasswordByPhone')).toEqual([
        { code: '123456', password: md5('New12345x'), secondPassword: md5('New12345x') },
      ]),
    );
    expect(bodies(calls, 'sendCode/two')).toEqual([{ type: '7', cate: '0', version: 1 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    d = await dialog();
    await userEvent.click(d.getByText('邮箱验证'));
    await userEvent.click(d.getByRole('button', { name: '获取验证码' }));
    await userEvent.type(d.getByLabelText('验证码'), '654321');
    await userEvent.type(d.getByLabelText('新密码'), 'New12345y');
    await userEvent.type(d.getByLabelText('确认新密码'), 'New12345y');
    await userEvent.click(d.getByRole('button', { name: /确认修改/ }));
    await waitFor(() =>
      expect(bodies(calls, 'bindPasswordByEmail')).toEqual([
        { code: '654321', password: md5('New12345y'), secondPassword: md5('New12345y') },
      ]),
    );
    expect(bodies(calls, 'sendCode/two')[1]).toEqual({ type: '7', cate: '1', version: 1 });
  });
});
