/**
 * The account flows as the server runs them (authService / recoveryService): login with the site's
 * captcha policy, register then auto-login with kaptchcate 99, the new-device code login.
 */
import { StatusCode, userApi, type RequestOf } from '@portal/contract';
import { normalizeUsername } from '@portal/rules';
import { call } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { loadSite } from '../../api/site.ts';
import { md5 } from '../../api/md5.ts';
import { useSession } from '../../stores/session.ts';
import { getIcode, getRcode, registerDomain, saveRemembered } from '../../storage/index.ts';
import { requestCaptcha, type CaptchaResult } from './captcha/captchaStore.ts';

type LoginBody = RequestOf<typeof userApi.login>;

export const LOGIN_VERSION = '1.0';

/**
 * Login (spec §4): captcha first when the site asks for it always; on 'risk' sites only when the
 * server answers 6021. Success stores the session and announces it; new-device codes reject after
 * the request layer opened the new-device dialog (err.handled).
 */
export async function login(name: string, password: string, remember: boolean): Promise<void> {
  const site = await loadSite();
  const base: LoginBody = { isAgent: 0, name: name.trim(), password: md5(password), version: LOGIN_VERSION, kaptchcate: 0 };
  let captcha: CaptchaResult | null = site.siteBaseConfig.loginCaptcha === 'always' ? await requestCaptcha(4) : null;
  let result;
  try {
    result = await call(userApi.login, { ...base, ...captcha });
  } catch (e) {
    if (!(e instanceof ApiError) || e.status_code !== StatusCode.GRAPHIC_VERIFICATION_CODE || captcha) throw e;
    captcha = await requestCaptcha(4);
    result = await call(userApi.login, { ...base, ...captcha });
  }
  await saveRemembered(remember, { name: base.name, password });
  await useSession.getState().loginWith(result);
}

/** Register, '注册成功' (caller), then auto-login with the register answer's ticket (kaptchcate 99). */
export async function register(
  nameInput: string,
  password: string,
  identity?: { realName: string; birthday: string },
): Promise<{ name: string; codeId: string; code: string }> {
  const captcha = await requestCaptcha(1);
  const name = normalizeUsername(nameInput);
  const hash = md5(password);
  const rCode = getRcode();
  const iCode = getIcode();
  const r = await call(userApi.register, {
    name,
    password: hash,
    secondPassword: hash,
    ...captcha,
    domain: registerDomain(),
    ...(rCode ? { rCode } : {}),
    ...(iCode ? { iCode } : {}),
    ...(identity ? { realName: identity.realName.trim(), birthday: identity.birthday } : {}),
  });
  return { name: r.name, codeId: r.codeId, code: r.code };
}

export async function autoLogin(name: string, password: string, ticket: { codeId: string; code: string }): Promise<void> {
  const result = await call(userApi.login, {
    isAgent: 0,
    name,
    password: md5(password),
    version: LOGIN_VERSION,
    kaptchcate: 99,
    codeId: ticket.codeId,
    code: ticket.code,
  });
  await useSession.getState().loginWith(result);
}

/** New-device login: kaptchcate 99 with the 6-digit code (password already md5 from the first try). */
export async function deviceLogin(name: string, passwordMd5: string, sendCodeNum: string): Promise<void> {
  const result = await call(userApi.login, {
    isAgent: 0,
    name,
    password: passwordMd5,
    version: LOGIN_VERSION,
    kaptchcate: 99,
    sendCodeNum,
  });
  await useSession.getState().loginWith(result);
}
