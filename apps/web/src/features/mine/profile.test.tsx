/**
 * Profile pages (/mine/userinfo, /mine/auth): form rules with the spec's messages, what goes to the
 * server (codes, md5 of passwords), success and failure states; the avatar picker, changing a binding,
 * the login history and the security level.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { md5 } from '../../api/md5.ts';
import { useSession, type MemberInfo } from '../../stores/session.ts';
import { MEMBER } from '../../test/authTestUtils.tsx';
import { fail, mockApi, ok, renderAt, withWalletTestSession } from '../wallet/testKit.tsx';
import { AuthPage, UserInfoPage } from './account.tsx';

withWalletTestSession();

type Routes = Parameters<typeof mockApi>[0];
const member = (over: Partial<MemberInfo> = {}) => ({ ...MEMBER, ...over }) as MemberInfo;
/** A member in the session and the server's member/info answering `after` (what a refresh brings). */
function as(user: MemberInfo, routes: Routes = {}, after: MemberInfo = user) {
  useSession.setState({ user });
  return mockApi({
    'member/info': () => ok(after),
    getBalance: ok({ centerWalletBalance: '0.00', lockMoney: '0.00', currency: 'CNY' }),
    'member/loginHistory': ok({ total: 0, list: [] }),
    ...routes,
  });
}
const bodies = (calls: { path: string; body: unknown }[], end: string) => calls.filter((c) => c.path.endsWith(end)).map((c) => c.body);
const button = (name: RegExp) => screen.getByRole('button', { name });

describe('real-name step (/mine/auth)', () => {
  test('submit disabled while blank; a wrong name shows 请输入正确的姓名 and sends nothing', async () => {
    const calls = as(member());
    renderAt(<AuthPage />, '/mine/auth');
    const submit = button(/提交认证/);
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByPlaceholderText('请输入与银行卡一致的真实姓名'), 'abc1');
    await userEvent.click(submit);
    expect(await screen.findByText('请输入正确的姓名')).toBeTruthy();
    expect(bodies(calls, 'bindOther')).toEqual([]);
  });

  test('a valid name is sent trimmed; success refreshes the member and moves on to the phone step', async () => {
    const calls = as(member(), { bindOther: ok(null) }, member({ bindRealName: true, realName: '张三' }));
    renderAt(<AuthPage />, '/mine/auth');
    await userEvent.type(screen.getByPlaceholderText('请输入与银行卡一致的真实姓名'), ' 张三 ');
    await userEvent.click(button(/提交认证/));
    expect(await screen.findByText('实名认证成功')).toBeTruthy();
    expect(bodies(calls, 'bindOther')).toEqual([{ realName: '张三' }]);
    expect(await screen.findByTestId('phone-form')).toBeTruthy();
  });

  test('a refusal shows the server message and stays on the step', async () => {
    as(member(), { bindOther: fail(6010, '该姓名已被使用') });
    renderAt(<AuthPage />, '/mine/auth');
    await userEvent.type(screen.getByPlaceholderText('请输入与银行卡一致的真实姓名'), '李四');
    await userEvent.click(button(/提交认证/));
    expect(await screen.findByText('该姓名已被使用')).toBeTruthy();
    expect(screen.getByTestId('real-name-form')).toBeTruthy();
  });
});

describe('phone step (/mine/auth)', () => {
  const named = member({ bindRealName: true, realName: '张三' });

  test('a wrong number shows 请输入正确的手机号码 and no code is sent', async () => {
    const calls = as(named);
    renderAt(<AuthPage />, '/mine/auth');
    await userEvent.type(screen.getByPlaceholderText('请输入手机号码'), '12345');
    await userEvent.click(button(/获取验证码/));
    expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
    expect(bodies(calls, 'sendCode/two')).toEqual([]);
  });

  test('send: type 4 to the number with its area code, then the resend countdown; bind sends number and code', async () => {
    const calls = as(
      named,
      { 'sendCode/two': ok({ resendIn: 60 }), bindPhone: ok(null) },
      member({ bindRealName: true, bindPhone: true, phone: '13800138000', areaCode: '+86' }),
    );
    renderAt(<AuthPage />, '/mine/auth');
    await userEvent.type(screen.getByPlaceholderText('请输入手机号码'), '13800138000');
    await userEvent.click(button(/获取验证码/));
    expect(await screen.findByText('获取手机验证码成功')).toBeTruthy();
    expect(bodies(calls, 'sendCode/two')).toEqual([{ type: '4', cate: '0', phone: '13800138000', areaCode: '+86', version: 1 }]);
    expect(await screen.findByText(/\d+秒后重发/)).toBeTruthy();
    await userEvent.type(screen.getByPlaceholderText('请输入6位验证码'), '12');
    await userEvent.click(button(/绑定手机/));
    expect(await screen.findByText('请输入正确的验证码')).toBeTruthy();
    expect(bodies(calls, 'bindPhone')).toEqual([]);
    await userEvent.clear(screen.getByPlaceholderText('请输入6位验证码'));
    await userEvent.type(screen.getByPlaceholderText('请输入6位验证码'), '123456');
    await userEvent.click(button(/绑定手机/));
    expect(await screen.findByText('手机绑定成功')).toBeTruthy();
    expect(bodies(calls, 'bindPhone')).toEqual([{ phone: '13800138000', areaCode: '+86', code: '123456' }]);
    expect(await screen.findByText('您已完成实名认证与手机绑定')).toBeTruthy();
  });
});

describe('user info page (/mine/userinfo)', () => {
  test('security level and bindings from the member; the login history lists outcomes', async () => {
    const calls = as(
      member({
        securityLevel: 75,
        bindRealName: true,
        realName: '张三',
        bindPhone: true,
        phone: '13800138000',
        areaCode: '+86',
        hasSecondPassword: true,
      }),
      {
        'member/loginHistory': ok({
          total: 2,
          list: [
            { time: '2026-11-20T08:00:00.000Z', ip: '10.0.0.8', device: 'abcdef1234567890', client: 'web', result: 'success' },
            { time: '2026-11-19T08:00:00.000Z', ip: '10.0.0.9', device: '', client: 'h5', result: 'wrong_password' },
          ],
        }),
      },
    );
    renderAt(<UserInfoPage />, '/mine/userinfo');
    const level = screen.getByTestId('security-level');
    expect(within(level).getByText('高')).toBeTruthy();
    expect(within(level).getByText('您的账户安全等级很高，请继续保持')).toBeTruthy();
    expect(screen.getAllByText('+86 138****8000').length).toBeGreaterThan(0);
    const history = screen.getByTestId('login-history');
    expect(await within(history).findByText('10.0.0.8')).toBeTruthy();
    expect(within(history).getByText('登录成功')).toBeTruthy();
    expect(within(history).getByText('密码错误')).toBeTruthy();
    expect(within(history).getByText('手机网页')).toBeTruthy();
    expect(bodies(calls, 'member/loginHistory')).toEqual([{ pageNum: 1, pageSize: 10 }]);
  });

  test('second password: format and repeat rules with the spec messages; both sent as md5', async () => {
    const calls = as(member({ hasSecondPassword: false }), { 'withdrawal/pwd/set': ok(null) });
    renderAt(<UserInfoPage />, '/mine/userinfo');
    const pwd = screen.getByPlaceholderText('请输入8-12位字母+数字的组合');
    const repeat = screen.getByPlaceholderText('请再次输入取款密码');
    await userEvent.type(pwd, 'abc');
    await userEvent.type(repeat, 'abc');
    await userEvent.click(button(/设置取款密码/));
    expect(
      (await screen.findAllByText('请输入8-12位字母+数字的组合', { selector: '.ant-form-item-explain-error' })).length,
    ).toBeGreaterThan(0);
    await userEvent.clear(pwd);
    await userEvent.type(pwd, 'Abcd1234');
    await userEvent.clear(repeat);
    await userEvent.type(repeat, 'Abcd1235');
    await userEvent.click(button(/设置取款密码/));
    expect(await screen.findByText('两次密码输入不一致')).toBeTruthy();
    expect(calls.filter((c) => /pwd|secondPassword/i.test(c.path))).toEqual([]);
    await userEvent.clear(repeat);
    await userEvent.type(repeat, 'Abcd1234');
    await userEvent.click(button(/设置取款密码/));
    expect(await screen.findByText('取款密码设置成功')).toBeTruthy();
    const sent = calls.filter((c) => /pwd|secondPassword/i.test(c.path)).map((c) => c.body);
    expect(sent).toEqual([{ password: md5('Abcd1234'), secondPassword: md5('Abcd1234') }]);
  });

  test('e-mail binding: 请输入正确的邮箱 for a wrong address; the code goes to the address (type 5)', async () => {
    const calls = as(member(), { 'sendCode/two': ok({ resendIn: 60 }) });
    renderAt(<UserInfoPage />, '/mine/userinfo');
    const email = screen.getByPlaceholderText('请输入邮箱地址');
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getAllByRole('button', { name: /获取验证码/ })[0]!);
    expect(await screen.findByText('请输入正确的邮箱')).toBeTruthy();
    expect(bodies(calls, 'sendCode/two')).toEqual([]);
    await userEvent.clear(email);
    await userEvent.type(email, ' me@mail.example ');
    await userEvent.click(screen.getAllByRole('button', { name: /获取验证码/ })[0]!);
    expect(await screen.findByText('获取邮箱验证码成功')).toBeTruthy();
    expect(bodies(calls, 'sendCode/two')).toEqual([{ type: '5', cate: '1', email: 'me@mail.example', version: 1 }]);
  });
});

describe('changing the bound phone', () => {
  test('the old number is verified first (type 8, verifyOld); a wrong code stays there; then the form for the new number opens', async () => {
    let codeOk = false;
    const calls = as(member({ bindPhone: true, phone: '13800138000', areaCode: '+86' }), {
      'sendCode/two': ok({ resendIn: 60 }),
      'member/verifyOld': () => (codeOk ? ok(null) : fail(6011, '验证码错误')),
    });
    renderAt(<UserInfoPage />, '/mine/userinfo');
    await userEvent.click(screen.getByRole('button', { name: /^更\s?换$/ }));
    const step = await screen.findByTestId('verify-old-phone');
    expect(within(step).getByText('为保障账户安全，请先验证当前绑定的手机号 +86 138****8000')).toBeTruthy();
    await userEvent.click(within(step).getByRole('button', { name: /获取验证码/ }));
    await waitFor(() => expect(bodies(calls, 'sendCode/two')).toEqual([{ type: '8', cate: '0', version: 1 }]));
    await userEvent.type(within(step).getByPlaceholderText('请输入6位验证码'), '654321');
    await userEvent.click(within(step).getByRole('button', { name: /下一步/ }));
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    expect(screen.getByTestId('verify-old-phone')).toBeTruthy();
    codeOk = true;
    await userEvent.click(within(step).getByRole('button', { name: /下一步/ }));
    expect(await screen.findByTestId('phone-form')).toBeTruthy();
    expect(bodies(calls, 'member/verifyOld')).toEqual([
      { target: 'phone', code: '654321' },
      { target: 'phone', code: '654321' },
    ]);
  });
});

describe('avatar picker', () => {
  test('lists the presets with the current one selected; saving a preset sends its id and refreshes the member', async () => {
    const calls = as(
      member(),
      {
        avatarList: ok({
          current: 'https://img.example/a1.png',
          list: [
            { id: 'a1', url: 'https://img.example/a1.png' },
            { id: 'a2', url: 'https://img.example/a2.png' },
          ],
        }),
        addAvatar: ok(null),
      },
      member({ avatar: 'https://img.example/a2.png' } as Partial<MemberInfo>),
    );
    renderAt(<UserInfoPage />, '/mine/userinfo');
    await userEvent.click(screen.getAllByRole('button', { name: '更换头像' })[0]!);
    const grid = await screen.findByRole('listbox', { name: '系统头像' });
    const options = within(grid).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    await userEvent.click(options[1]!);
    await userEvent.click(screen.getByRole('button', { name: /^保\s?存$/ }));
    expect(await screen.findByText('头像已更新')).toBeTruthy();
    expect(bodies(calls, 'addAvatar')).toEqual([{ avatarId: 'a2' }]);
    await waitFor(() => expect((useSession.getState().user as MemberInfo & { avatar?: string }).avatar).toBe('https://img.example/a2.png'));
  });

  test('an image of the wrong type is refused before any upload', async () => {
    const calls = as(member(), { avatarList: ok({ current: null, list: [] }) });
    renderAt(<UserInfoPage />, '/mine/userinfo');
    await userEvent.click(screen.getAllByRole('button', { name: '更换头像' })[0]!);
    await screen.findByRole('listbox', { name: '系统头像' });
    const file = new File(['x'], 'a.txt', { type: 'text/plain' });
    await userEvent.upload(screen.getByTestId('avatar-file'), file, { applyAccept: false });
    expect(await screen.findByText('仅支持PNG、JPG、WEBP、GIF格式的图片')).toBeTruthy();
    expect(calls.filter((c) => /upload/i.test(c.path))).toEqual([]);
  });
});
