import { StatusCode, type StatusCodeValue } from './status.ts';

export type Locale = 'zh-CN' | 'zh-TW';
export const LOCALES: readonly Locale[] = ['zh-CN', 'zh-TW'];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

const S = StatusCode;

/** Default user-facing message per status code, zh-CN (source locale). Spec §8 "Default messages". */
export const MESSAGES_ZH_CN: Record<StatusCodeValue, string> = {
  [S.SUCCESS]: '成功',
  [S.LOGIN_EXPIRED]: '请重新登录',
  [S.INVALID_CREDENTIALS]: '用户名或密码错误',
  [S.ACCESS_DENIED]: '请求被拒绝',
  [S.NOT_FOUND]: '数据未找到',
  [S.SERVER_ERROR]: '服务开小差了，请稍后再试',
  [S.BAD_GATEWAY]: '服务开小差了，请稍后再试',
  [S.INVALID_PARAMETER]: '请求参数不合法',
  [S.ILLEGAL_PARAMETER]: '非法请求',
  [S.DATA_EXISTS]: '数据已存在',
  [S.FILE_UPLOAD_FAILURE]: '文件上传失败',
  [S.FREQUENT_SUBMISSION]: '请勿频繁提交',
  [S.WARNING]: '警告',
  [S.MAINTENANCE]: '系统维护中',
  [S.INVOCATION_ERROR]: '调用异常，请稍后再试',
  [S.UNBOUND_PHONE]: '请先绑定手机号',
  [S.PHONE_VERIFICATION_REQUIRED]: '请先完成手机验证',
  [S.PHONE_VERIFICATION_REQUIRED_2]: '请先完成手机验证',
  [S.GRAPHIC_VERIFICATION_CODE]: '请输入图形验证码',
  [S.RAPID_VERIFICATION]: '请完成快速验证',
  [S.IP_NOT_PASSED]: '您的登录IP异常，请验证身份',
  [S.DEVICE_NOT_PASSED]: '您正在新设备上登录，请验证身份',
  [S.DEVICE_IP_NOT_PASSED]: '您的登录设备和IP异常，请验证身份',
  [S.LONG_TIME_NOT_LOGGED_IN]: '您已长时间未登录，请验证身份',
  [S.RISKY_LOGIN]: '您的登录存在风险，请验证身份',
  [S.CONTACT_CUSTOMER_SERVICE]: '请联系客服',
  [S.REGION_LIMITED]: '您所在的地区暂不提供服务',
  [S.REGION_WARNING]: '您所在的地区访问受限，请注意',
  [S.IP_RESTRICTED]: '您的IP已被限制访问',
  [S.MAX_PHONE_ATTEMPTS]: '验证码获取次数已达上限，请明天再试',
  [S.AUTHENTICATION_REQUIRED]: '请先完成身份认证',
  [S.CODE_ERROR]: '验证码错误',
  [S.LOCKED]: '账号已被临时锁定，请稍后再试',
  [S.CODE_EXPIRED]: '验证码已过期，请重新获取',
  [S.TOO_MANY_DEVICES]: '登录设备过多',
  [S.SIXTY_SECOND_LIMIT]: '60秒内只能获取一次验证码',
  [S.WALLET_TOKEN_EXPIRED]: '钱包令牌已过期',
  [S.PASSWORD_CHECK_FAILURE]: '密码校验失败',
  [S.LOCKING_UNAVAILABLE]: '锁定不可用',
  [S.WITHDRAWAL_PROTECTION_CONFIG_ERROR]: '提现保护配置错误',
  [S.PARAMETER]: '参数错误',
  [S.UID_VERIFICATION]: '数据异常，请重新进入游戏',
  [S.NO_DATA]: '暂无数据',
  [S.SYSTEM_UNDER_MAINTENANCE]: '系统维护中',
  [S.SYSTEM_BUSY]: '系统繁忙，请稍后再试',
  [S.EBBQ]: '服务开小差了，请稍后再试',
  [S.TESTING]: '测试中',
  [S.SYSTEM_ABNORMAL]: '系统异常，请稍后再试',
  [S.VENUE_ACTIVITY]: '您参与的活动流水未达标，暂不能转出',
  [S.VENUE_UNDER_MAINTENANCE]: '场馆维护中',
  [S.BIND_REAL_NAME]: '请先绑定真实姓名',
  [S.POPUP_NOT_PROMPTED]: '请稍后再试',
  [S.SUSPENDED_WITH_POPUP]: '登录注册功能暂停使用',
  [S.SUSPENDED_WITHOUT_POPUP]: '登录注册功能暂停使用',
};

/** zh-TW: same keys (parity is checked by a test), traditional characters. */
export const MESSAGES_ZH_TW: Record<StatusCodeValue, string> = {
  [S.SUCCESS]: '成功',
  [S.LOGIN_EXPIRED]: '請重新登錄',
  [S.INVALID_CREDENTIALS]: '用戶名或密碼錯誤',
  [S.ACCESS_DENIED]: '請求被拒絕',
  [S.NOT_FOUND]: '數據未找到',
  [S.SERVER_ERROR]: '服務開小差了，請稍後再試',
  [S.BAD_GATEWAY]: '服務開小差了，請稍後再試',
  [S.INVALID_PARAMETER]: '請求參數不合法',
  [S.ILLEGAL_PARAMETER]: '非法請求',
  [S.DATA_EXISTS]: '數據已存在',
  [S.FILE_UPLOAD_FAILURE]: '文件上傳失敗',
  [S.FREQUENT_SUBMISSION]: '請勿頻繁提交',
  [S.WARNING]: '警告',
  [S.MAINTENANCE]: '系統維護中',
  [S.INVOCATION_ERROR]: '調用異常，請稍後再試',
  [S.UNBOUND_PHONE]: '請先綁定手機號',
  [S.PHONE_VERIFICATION_REQUIRED]: '請先完成手機驗證',
  [S.PHONE_VERIFICATION_REQUIRED_2]: '請先完成手機驗證',
  [S.GRAPHIC_VERIFICATION_CODE]: '請輸入圖形驗證碼',
  [S.RAPID_VERIFICATION]: '請完成快速驗證',
  [S.IP_NOT_PASSED]: '您的登錄IP異常，請驗證身份',
  [S.DEVICE_NOT_PASSED]: '您正在新設備上登錄，請驗證身份',
  [S.DEVICE_IP_NOT_PASSED]: '您的登錄設備和IP異常，請驗證身份',
  [S.LONG_TIME_NOT_LOGGED_IN]: '您已長時間未登錄，請驗證身份',
  [S.RISKY_LOGIN]: '您的登錄存在風險，請驗證身份',
  [S.CONTACT_CUSTOMER_SERVICE]: '請聯繫客服',
  [S.REGION_LIMITED]: '您所在的地區暫不提供服務',
  [S.REGION_WARNING]: '您所在的地區訪問受限，請注意',
  [S.IP_RESTRICTED]: '您的IP已被限制訪問',
  [S.MAX_PHONE_ATTEMPTS]: '驗證碼獲取次數已達上限，請明天再試',
  [S.AUTHENTICATION_REQUIRED]: '請先完成身份認證',
  [S.CODE_ERROR]: '驗證碼錯誤',
  [S.LOCKED]: '賬號已被臨時鎖定，請稍後再試',
  [S.CODE_EXPIRED]: '驗證碼已過期，請重新獲取',
  [S.TOO_MANY_DEVICES]: '登錄設備過多',
  [S.SIXTY_SECOND_LIMIT]: '60秒內只能獲取一次驗證碼',
  [S.WALLET_TOKEN_EXPIRED]: '錢包令牌已過期',
  [S.PASSWORD_CHECK_FAILURE]: '密碼校驗失敗',
  [S.LOCKING_UNAVAILABLE]: '鎖定不可用',
  [S.WITHDRAWAL_PROTECTION_CONFIG_ERROR]: '提現保護配置錯誤',
  [S.PARAMETER]: '參數錯誤',
  [S.UID_VERIFICATION]: '數據異常，請重新進入遊戲',
  [S.NO_DATA]: '暫無數據',
  [S.SYSTEM_UNDER_MAINTENANCE]: '系統維護中',
  [S.SYSTEM_BUSY]: '系統繁忙，請稍後再試',
  [S.EBBQ]: '服務開小差了，請稍後再試',
  [S.TESTING]: '測試中',
  [S.SYSTEM_ABNORMAL]: '系統異常，請稍後再試',
  [S.VENUE_ACTIVITY]: '您參與的活動流水未達標，暫不能轉出',
  [S.VENUE_UNDER_MAINTENANCE]: '場館維護中',
  [S.BIND_REAL_NAME]: '請先綁定真實姓名',
  [S.POPUP_NOT_PROMPTED]: '請稍後再試',
  [S.SUSPENDED_WITH_POPUP]: '登錄註冊功能暫停使用',
  [S.SUSPENDED_WITHOUT_POPUP]: '登錄註冊功能暫停使用',
};

/** Named messages that are not a code's default (spec §5/§8 exact texts). */
export const TEXT = {
  MISSING_TIMESTAMP_HEADER: { 'zh-CN': '缺少时间戳请求头', 'zh-TW': '缺少時間戳請求頭' },
  REQUEST_BODY_TOO_LARGE: { 'zh-CN': '请求内容过大', 'zh-TW': '請求內容過大' },
  UNKNOWN_SITE: { 'zh-CN': '站点不存在', 'zh-TW': '站點不存在' },
  USERNAME_TAKEN: { 'zh-CN': '用户名已被注册', 'zh-TW': '用戶名已被註冊' },
  PHONE_TAKEN: { 'zh-CN': '该手机号已被绑定', 'zh-TW': '該手機號已被綁定' },
  EMAIL_TAKEN: { 'zh-CN': '该邮箱已被绑定', 'zh-TW': '該郵箱已被綁定' },
  COMMON_PASSWORD: { 'zh-CN': '密码过于简单，请更换', 'zh-TW': '密碼過於簡單，請更換' },
  PHONE_MIDDLE_WRONG: { 'zh-CN': '手机号错误', 'zh-TW': '手機號錯誤' },
  CODE_FIRST: { 'zh-CN': '请先获取验证码', 'zh-TW': '請先獲取驗證碼' },
  OLD_PASSWORD_WRONG: { 'zh-CN': '原密码错误', 'zh-TW': '原密碼錯誤' },
  SECOND_PASSWORD_WRONG: { 'zh-CN': '资金密码错误', 'zh-TW': '資金密碼錯誤' },
  SECOND_PASSWORD_SET: { 'zh-CN': '资金密码已设置', 'zh-TW': '資金密碼已設置' },
  SECOND_PASSWORD_NOT_SET: { 'zh-CN': '请先设置资金密码', 'zh-TW': '請先設置資金密碼' },
  REAL_NAME_BOUND: { 'zh-CN': '真实姓名已绑定，不能修改', 'zh-TW': '真實姓名已綁定，不能修改' },
  PHONE_NOT_BOUND: { 'zh-CN': '该账号未绑定手机号', 'zh-TW': '該賬號未綁定手機號' },
  EMAIL_NOT_BOUND: { 'zh-CN': '该账号未绑定邮箱', 'zh-TW': '該賬號未綁定郵箱' },
  ACCOUNT_MISMATCH: { 'zh-CN': '用户名与手机号不匹配', 'zh-TW': '用戶名與手機號不匹配' },
  ACCOUNT_EMAIL_MISMATCH: { 'zh-CN': '用户名与邮箱不匹配', 'zh-TW': '用戶名與郵箱不匹配' },
  CAPTCHA_FAILED: { 'zh-CN': '验证失败，请重试', 'zh-TW': '驗證失敗，請重試' },
  INSUFFICIENT_FUNDS: { 'zh-CN': '余额不足', 'zh-TW': '餘額不足' },
  IDEMPOTENCY_CONFLICT: { 'zh-CN': '重复的请求编号，内容不一致', 'zh-TW': '重複的請求編號，內容不一致' },
  TRANSFER_PENDING: { 'zh-CN': '上一笔转账正在确认中，请稍后再试', 'zh-TW': '上一筆轉賬正在確認中，請稍後再試' },
  IDEMPOTENCY_KEY_REQUIRED: { 'zh-CN': '缺少请求编号', 'zh-TW': '缺少請求編號' },
  ACCOUNT_DISABLED: { 'zh-CN': '账号已停用，请联系客服', 'zh-TW': '賬號已停用，請聯繫客服' },
} as const satisfies Record<string, Record<Locale, string>>;

export type TextKey = keyof typeof TEXT;

export function defaultMessage(code: StatusCodeValue, locale: Locale = DEFAULT_LOCALE): string {
  return (locale === 'zh-TW' ? MESSAGES_ZH_TW : MESSAGES_ZH_CN)[code];
}

export function text(key: TextKey, locale: Locale = DEFAULT_LOCALE): string {
  return TEXT[key][locale];
}

/** Pick the locale from an Accept-Language / x-lang value; zh-CN unless zh-TW/zh-HK/Hant is asked for. */
export function pickLocale(value: string | undefined | null): Locale {
  if (!value) return DEFAULT_LOCALE;
  const v = value.toLowerCase();
  if (v.startsWith('zh-tw') || v.startsWith('zh-hk') || v.includes('hant')) return 'zh-TW';
  return DEFAULT_LOCALE;
}
