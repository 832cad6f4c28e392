/**
 * The spec's exact user-facing validation messages (zh-CN, the source locale). Spec §5 unless
 * noted. Validators return one of these or null; the web app may map them to its zh-TW strings.
 */
export const RULE_MESSAGES = {
  // Credentials (spec §5 username / password / repeat / agree).
  USERNAME_REQUIRED: '用户名不能为空',
  USERNAME_FORMAT: '4-11位，最少2个字母+数字组合，首位为字母',
  PASSWORD_REQUIRED: '密码不能为空',
  PASSWORD_FORMAT: '请输入8-12位字母+数字的组合',
  PASSWORD_MISMATCH: '两次密码输入不一致',
  AGREE_REQUIRED: '请同意相关条款和隐私政策',
  // Forgot password (spec §5 forgot password).
  FORGOT_USERNAME_REQUIRED: '请输入用户名',
  PHONE_INVALID: '请输入正确的手机号码',
  EMAIL_REQUIRED: '请输入邮箱',
  EMAIL_INVALID: '请输入正确的邮箱',
  CODE_REQUIRED: '请输入验证码',
  /** Not in the spec: a code of the wrong shape (the spec only fixes 6 digits). */
  CODE_INVALID: '请输入正确的验证码',
  NEW_PASSWORD_REQUIRED: '请设置新密码',
  NEW_PASSWORD_MISMATCH: '两次密码输入不一致，请重新输入',
  // New device (spec §5 new device).
  CODE_NOT_REQUESTED: '请先获取验证码',
  DEVICE_CODE_INVALID: '请输入6位验证码',
  PHONE_MIDDLE_INVALID: '手机号错误',
  // Profile (spec §5 real name, birthday).
  REAL_NAME_REQUIRED: '请输入真实姓名',
  REAL_NAME_INVALID: '请输入正确的姓名',
  BIRTHDAY_REQUIRED: '请选择生日',
  /** Not in the spec: a malformed, impossible or future date. */
  BIRTHDAY_INVALID: '请选择正确的生日',
  UNDER_AGE: '您的年龄未满18，无法游戏哦',
  // Money (spec §5 transfer-in amount).
  TRANSFER_AMOUNT_REQUIRED: '请输入转入金额',
  /** Not in the spec: more than 2 decimals, longer than 12, not a number, or not above zero. */
  AMOUNT_INVALID: '请输入正确的金额',
  // Bet slip (spec §5).
  BET_SLIP_FULL: '投注项数量已达上限',
} as const;

export type RuleMessage = (typeof RULE_MESSAGES)[keyof typeof RULE_MESSAGES];

/** Result of every validator: null when the value is acceptable, else the message to show. */
export type ValidationResult = RuleMessage | null;

/**
 * True for '' and for whitespace only. A required field holding only spaces shows the
 * "required" message rather than a format message (the member typed nothing meaningful).
 */
export function isBlank(v: string | null | undefined): boolean {
  return v == null || v.trim() === '';
}
