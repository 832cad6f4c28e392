import { PROTECTION_TEXT } from './protectionText.ts';
import { FINANCE_TEXT } from './financeText.ts';
import { FAIR_TEXT } from './fairText.ts';
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
  [S.PROTECTION_LIMIT]: '已达到您设置的限额',
  [S.SELF_EXCLUDED]: '您已暂停游戏，期间仅可登录取款',
  [S.SESSION_TIME_LIMIT]: '已达到您设置的单次登录时长',
  [S.COOLING_OFF]: '冷静期尚未结束',
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
  [S.PROTECTION_LIMIT]: '已達到您設置的限額',
  [S.SELF_EXCLUDED]: '您已暫停遊戲，期間僅可登錄取款',
  [S.SESSION_TIME_LIMIT]: '已達到您設置的單次登錄時長',
  [S.COOLING_OFF]: '冷靜期尚未結束',
  [S.SUSPENDED_WITHOUT_POPUP]: '登錄註冊功能暫停使用',
};

/** Named messages that are not a code's default (spec §5/§8 exact texts). */
export const TEXT = {
  ...PROTECTION_TEXT,
  ...FINANCE_TEXT,
  ...FAIR_TEXT,
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
  SECOND_PASSWORD_WRONG: { 'zh-CN': '取款密码错误', 'zh-TW': '取款密碼錯誤' },
  SECOND_PASSWORD_SET: { 'zh-CN': '取款密码已设置', 'zh-TW': '取款密碼已設置' },
  SECOND_PASSWORD_NOT_SET: { 'zh-CN': '请先设置取款密码', 'zh-TW': '請先設置取款密碼' },
  REAL_NAME_BOUND: { 'zh-CN': '真实姓名已绑定，不能修改', 'zh-TW': '真實姓名已綁定，不能修改' },
  PHONE_NOT_BOUND: { 'zh-CN': '该账号未绑定手机号', 'zh-TW': '該賬號未綁定手機號' },
  EMAIL_NOT_BOUND: { 'zh-CN': '该账号未绑定邮箱', 'zh-TW': '該賬號未綁定郵箱' },
  ACCOUNT_MISMATCH: { 'zh-CN': '用户名与手机号不匹配', 'zh-TW': '用戶名與手機號不匹配' },
  ACCOUNT_EMAIL_MISMATCH: { 'zh-CN': '用户名与邮箱不匹配', 'zh-TW': '用戶名與郵箱不匹配' },
  CAPTCHA_FAILED: { 'zh-CN': '验证失败，请重试', 'zh-TW': '驗證失敗，請重試' },
  INSUFFICIENT_FUNDS: { 'zh-CN': '余额不足', 'zh-TW': '餘額不足' },
  IDEMPOTENCY_CONFLICT: { 'zh-CN': '重复的请求编号，内容不一致', 'zh-TW': '重複的請求編號，內容不一致' },
  TRANSFER_PENDING: { 'zh-CN': '上一笔转账正在确认中，请稍后再试', 'zh-TW': '上一筆轉賬正在確認中，請稍後再試' },
  /** A member with debt (a restored payout already spent): no withdrawal or transfer out of the central wallet until a deposit repays it. */
  DEBT_OUTSTANDING: { 'zh-CN': '账户存在待还欠款，请先充值还款', 'zh-TW': '賬戶存在待還欠款，請先充值還款' },
  IDEMPOTENCY_KEY_REQUIRED: { 'zh-CN': '缺少请求编号', 'zh-TW': '缺少請求編號' },
  UPLOAD_TYPE: { 'zh-CN': '仅支持PNG、JPG、WEBP、GIF格式的图片', 'zh-TW': '僅支持PNG、JPG、WEBP、GIF格式的圖片' },
  UPLOAD_TOO_LARGE: { 'zh-CN': '图片大小不能超过2MB', 'zh-TW': '圖片大小不能超過2MB' },
  UPLOAD_DIMENSIONS: { 'zh-CN': '图片尺寸不能超过4096×4096像素', 'zh-TW': '圖片尺寸不能超過4096×4096像素' },
  UPLOAD_NOT_YOURS: { 'zh-CN': '图片不存在或已失效', 'zh-TW': '圖片不存在或已失效' },
  AVATAR_NOT_FOUND: { 'zh-CN': '头像不存在', 'zh-TW': '頭像不存在' },
  VERIFY_OLD_PHONE: { 'zh-CN': '请先验证原手机号', 'zh-TW': '請先驗證原手機號' },
  VERIFY_OLD_EMAIL: { 'zh-CN': '请先验证原邮箱', 'zh-TW': '請先驗證原郵箱' },
  ACCOUNT_DISABLED: { 'zh-CN': '账号已停用，请联系客服', 'zh-TW': '賬號已停用，請聯繫客服' },
  PROMO_NOT_STARTED: { 'zh-CN': '活动尚未开始', 'zh-TW': '活動尚未開始' },
  PROMO_ENDED: { 'zh-CN': '活动已结束', 'zh-TW': '活動已結束' },
  PROMO_JOINED: { 'zh-CN': '您已参与该活动', 'zh-TW': '您已參與該活動' },
  PROMO_JOIN_OK: { 'zh-CN': '报名成功，存款到账后自动发放红利', 'zh-TW': '報名成功，存款到賬後自動發放紅利' },
  PROMO_FIRST_DEPOSIT_ONLY: { 'zh-CN': '该活动仅限首次存款前申请', 'zh-TW': '該活動僅限首次存款前申請' },
  PROMO_SIGNED_TODAY: { 'zh-CN': '今日已签到', 'zh-TW': '今日已簽到' },
  PROMO_SIGN_DEPOSIT: { 'zh-CN': '今日存款满{amount}元即可签到', 'zh-TW': '今日存款滿{amount}元即可簽到' },
  PROMO_NO_TIER: { 'zh-CN': '今日有效投注未达到可领取档位', 'zh-TW': '今日有效投注未達到可領取檔位' },
  PROMO_NO_SPINS: { 'zh-CN': '抽奖次数不足', 'zh-TW': '抽獎次數不足' },
  PROMO_NOT_NEW_MEMBER: { 'zh-CN': '该活动仅限新注册会员参与', 'zh-TW': '該活動僅限新註冊會員參與' },
  PROMO_TASK_UNFINISHED: { 'zh-CN': '任务尚未完成', 'zh-TW': '任務尚未完成' },
  PROMO_TASK_CLAIMED: { 'zh-CN': '该任务奖励已领取', 'zh-TW': '該任務獎勵已領取' },
  PROMO_AUTO: { 'zh-CN': '该活动无需报名，符合条件自动参与', 'zh-TW': '該活動無需報名，符合條件自動參與' },
  PROMO_REWARD_OK: { 'zh-CN': '领取成功，红利已到账', 'zh-TW': '領取成功，紅利已到賬' },
  PROMO_REWARD_REVIEW: { 'zh-CN': '您的奖励需人工审核，审核通过后发放', 'zh-TW': '您的獎勵需人工審核，審核通過後發放' },
  PROMO_ELIGIBLE: { 'zh-CN': '符合参与条件', 'zh-TW': '符合參與條件' },
  LETTER_NOT_FOUND: { 'zh-CN': '消息不存在或已删除', 'zh-TW': '消息不存在或已刪除' },
  FEEDBACK_NOT_FOUND: { 'zh-CN': '反馈不存在或已删除', 'zh-TW': '反饋不存在或已刪除' },
  FEEDBACK_CONTENT_LENGTH: { 'zh-CN': '反馈内容为10-500个字', 'zh-TW': '反饋內容為10-500個字' },
  FEEDBACK_DAILY_LIMIT: { 'zh-CN': '今日反馈次数已达上限，请明天再试', 'zh-TW': '今日反饋次數已達上限，請明天再試' },
  VIP_REWARD_CLAIMED: { 'zh-CN': '该奖励已领取', 'zh-TW': '該獎勵已領取' },
  VIP_REWARD_NOT_FOUND: { 'zh-CN': '该奖励不存在', 'zh-TW': '該獎勵不存在' },
  VIP_NO_BIRTHDAY: { 'zh-CN': '请先完善并确认生日信息', 'zh-TW': '請先完善並確認生日信息' },
  VIP_NOT_BIRTHDAY_MONTH: { 'zh-CN': '生日礼金仅限生日当月领取', 'zh-TW': '生日禮金僅限生日當月領取' },
  VIP_GRADE_TOO_LOW: { 'zh-CN': '您当前的VIP等级暂无此项福利', 'zh-TW': '您當前的VIP等級暫無此項福利' },
  VIP_WEEK_TURNOVER: { 'zh-CN': '上周有效投注未达到周俸禄要求', 'zh-TW': '上週有效投注未達到週俸祿要求' },
  SPORT_STAKE_MIN: { 'zh-CN': '投注金额低于最低限额', 'zh-TW': '投注金額低於最低限額' },
  SPORT_STAKE_MAX: { 'zh-CN': '投注金额超过最高限额', 'zh-TW': '投注金額超過最高限額' },
  SPORT_ODDS_CHANGED: { 'zh-CN': '赔率已变更，请确认新赔率', 'zh-TW': '賠率已變更，請確認新賠率' },
  SPORT_SUSPENDED: { 'zh-CN': '盘口已关闭，请重新选择', 'zh-TW': '盤口已關閉，請重新選擇' },
  SPORT_PRICE_SUSPENDED: {
    'zh-CN': '该选项赔率超出可投注范围，已暂停投注，请重新选择',
    'zh-TW': '該選項賠率超出可投注範圍，已暫停投注，請重新選擇',
  },
  SPORT_EVENT_CLOSED: { 'zh-CN': '赛事已关闭投注', 'zh-TW': '賽事已關閉投注' },
  SPORT_PAYOUT_CAP: { 'zh-CN': '已超过今日最高派彩限额', 'zh-TW': '已超過今日最高派彩限額' },
  SPORT_SLIP_INVALID: { 'zh-CN': '投注单无效，请重新选择', 'zh-TW': '投注單無效，請重新選擇' },
  SPORT_BET_REJECTED: { 'zh-CN': '注单未被接受，投注金额已退回', 'zh-TW': '注單未被接受，投注金額已退回' },
  GAME_NOT_FOUND: { 'zh-CN': '游戏不存在或已下架', 'zh-TW': '遊戲不存在或已下架' },
  GAME_MAINTENANCE: { 'zh-CN': '该游戏维护中，请稍后再试', 'zh-TW': '該遊戲維護中，請稍後再試' },
  VENUE_MAINTENANCE: { 'zh-CN': '该场馆维护中，请稍后再试', 'zh-TW': '該場館維護中，請稍後再試' },
  SLOT_BET_LEVEL: { 'zh-CN': '该投注额不可用，请选择可用的投注额', 'zh-TW': '該投注額不可用，請選擇可用的投注額' },
  SLOT_PACE: { 'zh-CN': '每局至少间隔 {seconds} 秒，请稍候', 'zh-TW': '每局至少間隔 {seconds} 秒，請稍候' },
  SLOT_NOT_A_SLOT: { 'zh-CN': '该游戏不在此场馆', 'zh-TW': '該遊戲不在此場館' },
  /** A house table or draw that this venue does not have (tableInfo, tableBet, … with an unknown gameCode). */
  TABLE_NOT_FOUND: { 'zh-CN': '未找到该桌台', 'zh-TW': '未找到該桌台' },
  ROUND_NOT_FOUND: { 'zh-CN': '找不到该局记录', 'zh-TW': '找不到該局記錄' },
  TABLE_CLOSED: { 'zh-CN': '本局已停止下注，请等待下一局', 'zh-TW': '本局已停止下注，請等待下一局' },
  TABLE_BET_TYPE: { 'zh-CN': '该投注项不可用', 'zh-TW': '該投注項不可用' },
  TABLE_LIMIT: { 'zh-CN': '单项投注需在 {min}–{max} 元之间', 'zh-TW': '單項投注需在 {min}–{max} 元之間' },
  TABLE_NO_BETS: { 'zh-CN': '本局没有可取消的注单', 'zh-TW': '本局沒有可取消的注單' },
  CHASE_NOT_FOUND: { 'zh-CN': '找不到该追号计划', 'zh-TW': '找不到該追號計劃' },
  /** PvP card tables (issue 31, modules/cards/pvp). */
  PVP_ALREADY_SEATED: { 'zh-CN': '您已在牌桌上，请先打完本局', 'zh-TW': '您已在牌桌上，請先打完本局' },
  PVP_ALREADY_WAITING: { 'zh-CN': '您已在排队中', 'zh-TW': '您已在排隊中' },
  PVP_NO_HAND: { 'zh-CN': '您不在这局牌中', 'zh-TW': '您不在這局牌中' },
  PVP_PHASE: { 'zh-CN': '现在不能这样操作', 'zh-TW': '現在不能這樣操作' },
  PVP_NOT_YOUR_TURN: { 'zh-CN': '还没轮到您', 'zh-TW': '還沒輪到您' },
  PVP_BAD_BID: { 'zh-CN': '叫分须高于当前叫分（1–3 分）', 'zh-TW': '叫分須高於當前叫分（1–3 分）' },
  PVP_NOT_HELD: { 'zh-CN': '您没有这些牌', 'zh-TW': '您沒有這些牌' },
  PVP_ILLEGAL: { 'zh-CN': '不符合出牌规则', 'zh-TW': '不符合出牌規則' },
  PVP_CANNOT_BEAT: { 'zh-CN': '您的牌管不上', 'zh-TW': '您的牌管不上' },
  PVP_MUST_LEAD: { 'zh-CN': '您是首出，不能不出', 'zh-TW': '您是首出，不能不出' },
  /** Fishing (modules/fishing). */
  FISH_ROOM_NOT_FOUND: { 'zh-CN': '未找到该渔场房间', 'zh-TW': '未找到該漁場房間' },
  FISH_NOT_SEATED: { 'zh-CN': '请先入座', 'zh-TW': '請先入座' },
  FISH_GONE: { 'zh-CN': '这条鱼已经游走了', 'zh-TW': '這條魚已經游走了' },
  FISH_FIRE_RATE: { 'zh-CN': '开炮太快了，请稍候', 'zh-TW': '開炮太快了，請稍候' },
  FISH_BULLETS: { 'zh-CN': '子弹太多，请等待结算', 'zh-TW': '子彈太多，請等待結算' },
  FISH_CANNON: { 'zh-CN': '该炮台等级不可用', 'zh-TW': '該炮台等級不可用' },
  FISH_ROOM_FULL: { 'zh-CN': '该渔场已满，请稍后再试', 'zh-TW': '該漁場已滿，請稍後再試' },
  FISH_ROOM_MOVED: { 'zh-CN': '房间已切换，请重新进入', 'zh-TW': '房間已切換，請重新進入' },
  /** A live room that does not exist on this brand, or was destroyed. */
  /** Live-room chat (realtime/rooms.ts): why a message was not sent (10005), and the welcome with the safety notice (10016). */
  LIVE_BLOCK_GUEST: { 'zh-CN': '请先登录后再发言', 'zh-TW': '請先登入後再發言' },
  LIVE_BLOCK_VIP: { 'zh-CN': '您的VIP等级暂不可在本房间发言', 'zh-TW': '您的VIP等級暫不可在本房間發言' },
  LIVE_BLOCK_PAUSED: { 'zh-CN': '房间暂停发言', 'zh-TW': '房間暫停發言' },
  LIVE_BLOCK_CLOSED: { 'zh-CN': '房间已关闭', 'zh-TW': '房間已關閉' },
  LIVE_BLOCK_LENGTH: { 'zh-CN': '发言不能为空，且不超过{max}字', 'zh-TW': '發言不能為空，且不超過{max}字' },
  LIVE_BLOCK_FLOOD: { 'zh-CN': '发言太频繁，请稍后再试', 'zh-TW': '發言太頻繁，請稍後再試' },
  LIVE_BLOCK_DUPLICATE: { 'zh-CN': '请勿重复发送相同内容', 'zh-TW': '請勿重複發送相同內容' },
  LIVE_BLOCK_WORD: { 'zh-CN': '消息含有不当内容，未发送', 'zh-TW': '訊息含有不當內容，未發送' },
  LIVE_BLOCK_CONTACT: {
    'zh-CN': '禁止发布联系方式和链接。存款只通过官网、APP或在线客服，线下代理一律不予承认',
    'zh-TW': '禁止發佈聯絡方式和連結。存款只透過官網、APP或線上客服，線下代理一律不予承認',
  },
  LIVE_WELCOME: {
    'zh-CN': '欢迎来到直播间！请文明发言。存款只通过官网、APP或在线客服，线下代理一律不予承认。',
    'zh-TW': '歡迎來到直播間！請文明發言。存款只透過官網、APP或線上客服，線下代理一律不予承認。',
  },
  LIVE_ROOM_NOT_FOUND: { 'zh-CN': '直播间不存在或已关闭', 'zh-TW': '直播間不存在或已關閉' },
  /** Live-room gifts (modules/live/gifts.ts). */
  LIVE_GIFT_NOT_FOUND: { 'zh-CN': '该礼物暂不可用', 'zh-TW': '該禮物暫不可用' },
  LIVE_GIFT_OVER_LIMIT: { 'zh-CN': '单次送礼金额不能超过{max}元', 'zh-TW': '單次送禮金額不能超過{max}元' },
  LIVE_GIFT_ROOM_CLOSED: { 'zh-CN': '直播间已关闭，暂不能送礼', 'zh-TW': '直播間已關閉，暫不能送禮' },
  // The rules' validation messages (packages/rules RULE_MESSAGES and PAYOUT_MESSAGES, same keys; zh-CN is their source
  // text, the spec's exact wording): a service answers them by key, or passes a validator's result, which the
  // envelope answers in the request's language (localized() below). zh-TW as the web's auth/money rules say it.
  USERNAME_REQUIRED: { 'zh-CN': '用户名不能为空', 'zh-TW': '使用者名稱不能為空' },
  USERNAME_FORMAT: { 'zh-CN': '4-11位，最少2个字母+数字组合，首位为字母', 'zh-TW': '4-11位，最少2個字母+數字組合，首位為字母' },
  PASSWORD_REQUIRED: { 'zh-CN': '密码不能为空', 'zh-TW': '密碼不能為空' },
  PASSWORD_FORMAT: { 'zh-CN': '请输入8-12位字母+数字的组合', 'zh-TW': '請輸入8-12位字母+數字的組合' },
  /** Registration and the second (funds) password: spec §5 "Repeat password". */
  PASSWORD_MISMATCH: { 'zh-CN': '两次密码输入不一致', 'zh-TW': '兩次密碼輸入不一致' },
  AGREE_REQUIRED: { 'zh-CN': '请同意相关条款和隐私政策', 'zh-TW': '請同意相關條款和隱私政策' },
  FORGOT_USERNAME_REQUIRED: { 'zh-CN': '请输入用户名', 'zh-TW': '請輸入使用者名稱' },
  PHONE_INVALID: { 'zh-CN': '请输入正确的手机号码', 'zh-TW': '請輸入正確的手機號碼' },
  EMAIL_REQUIRED: { 'zh-CN': '请输入邮箱', 'zh-TW': '請輸入郵箱' },
  EMAIL_INVALID: { 'zh-CN': '请输入正确的邮箱', 'zh-TW': '請輸入正確的郵箱' },
  CODE_REQUIRED: { 'zh-CN': '请输入验证码', 'zh-TW': '請輸入驗證碼' },
  CODE_INVALID: { 'zh-CN': '请输入正确的验证码', 'zh-TW': '請輸入正確的驗證碼' },
  NEW_PASSWORD_REQUIRED: { 'zh-CN': '请设置新密码', 'zh-TW': '請設定新密碼' },
  /** A new login password (forgot password, change password): spec §5 "Forgot password … confirm equal". */
  NEW_PASSWORD_MISMATCH: { 'zh-CN': '两次密码输入不一致，请重新输入', 'zh-TW': '兩次密碼輸入不一致，請重新輸入' },
  CODE_NOT_REQUESTED: { 'zh-CN': '请先获取验证码', 'zh-TW': '請先獲取驗證碼' },
  DEVICE_CODE_INVALID: { 'zh-CN': '请输入6位验证码', 'zh-TW': '請輸入6位驗證碼' },
  PHONE_MIDDLE_INVALID: { 'zh-CN': '手机号错误', 'zh-TW': '手機號錯誤' },
  REAL_NAME_REQUIRED: { 'zh-CN': '请输入真实姓名', 'zh-TW': '請輸入真實姓名' },
  REAL_NAME_INVALID: { 'zh-CN': '请输入正确的姓名', 'zh-TW': '請輸入正確的姓名' },
  BIRTHDAY_REQUIRED: { 'zh-CN': '请选择生日', 'zh-TW': '請選擇生日' },
  BIRTHDAY_INVALID: { 'zh-CN': '请选择正确的生日', 'zh-TW': '請選擇正確的生日' },
  UNDER_AGE: { 'zh-CN': '您的年龄未满18，无法游戏哦', 'zh-TW': '您的年齡未滿18，無法遊戲哦' },
  TRANSFER_AMOUNT_REQUIRED: { 'zh-CN': '请输入转入金额', 'zh-TW': '請輸入轉入金額' },
  AMOUNT_INVALID: { 'zh-CN': '请输入正确的金额', 'zh-TW': '請輸入正確的金額' },
  BET_SLIP_FULL: { 'zh-CN': '投注项数量已达上限', 'zh-TW': '投注項數量已達上限' },
  BANK_REQUIRED: { 'zh-CN': '请选择银行', 'zh-TW': '請選擇銀行' },
  CARD_NO_INVALID: { 'zh-CN': '请输入正确的银行卡号', 'zh-TW': '請輸入正確的銀行卡號' },
  ADDRESS_INVALID: { 'zh-CN': '请输入正确的钱包地址', 'zh-TW': '請輸入正確的錢包地址' },
  // Identity and money answers of the services (their texts were once written inside them).
  /** Recovery by code: only SMS or voice reach a phone. */
  SMS_OR_VOICE_ONLY: { 'zh-CN': '请选择短信或语音验证', 'zh-TW': '請選擇簡訊或語音驗證' },
  DEPOSIT_AMOUNT_RANGE: { 'zh-CN': '单笔存款金额为{min}-{max}元', 'zh-TW': '單筆存款金額為{min}-{max}元' },
  DEPOSIT_NETWORK_REQUIRED: { 'zh-CN': '请选择网络', 'zh-TW': '請選擇網路' },
  CARD_HOLDER_MISMATCH: { 'zh-CN': '持卡人姓名须与真实姓名一致', 'zh-TW': '持卡人姓名須與真實姓名一致' },
  BANK_CARD_EXISTS: { 'zh-CN': '该银行卡已添加', 'zh-TW': '該銀行卡已新增' },
  USDT_ADDRESS_EXISTS: { 'zh-CN': '该地址已添加', 'zh-TW': '該地址已新增' },
  WITHDRAW_AMOUNT_RANGE: { 'zh-CN': '单笔取款金额为{min}-{max}元', 'zh-TW': '單筆取款金額為{min}-{max}元' },
  BANK_CARD_REQUIRED: { 'zh-CN': '请先绑定银行卡', 'zh-TW': '請先綁定銀行卡' },
  USDT_ADDRESS_REQUIRED: { 'zh-CN': '请先绑定钱包地址', 'zh-TW': '請先綁定錢包地址' },
  WITHDRAW_DAILY_LIMIT: { 'zh-CN': '今日取款次数已达上限', 'zh-TW': '今日取款次數已達上限' },
  /** One wording with the withdrawal page's own notice (the web's wallet.withdraw.turnoverBlock). */
  WITHDRAW_TURNOVER: { 'zh-CN': '还需完成有效投注 {amount} 元才能取款', 'zh-TW': '還需完成有效投注 {amount} 元才能取款' },
  /** Journal memos of VIP rewards (the ledger's own record: written once, in the source locale). */
  VIP_UPGRADE_BONUS: { 'zh-CN': '晋级礼金', 'zh-TW': '晉級禮金' },
  VIP_BIRTHDAY_BONUS: { 'zh-CN': '生日礼金', 'zh-TW': '生日禮金' },
  VIP_WEEKLY_BONUS: { 'zh-CN': '周俸禄', 'zh-TW': '週俸祿' },
  VIP_REBATE: { 'zh-CN': '洗码', 'zh-TW': '洗碼' },
  /** Customer service hours (the deposit page's help line). */
  CS_HOURS: { 'zh-CN': '7×24小时', 'zh-TW': '7×24小時' },
  /** The service desk's acknowledgement and its help-centre answers (modules/support/autoAnswers.ts). */
  SUPPORT_ACK: {
    'zh-CN': '您好，您的咨询已收到，工单号 {ticket}。当前排队第 {position} 位，人工客服服务时间：{hours}，请稍候，客服会尽快回复您。',
    'zh-TW': '您好，您的諮詢已收到，工單號 {ticket}。當前排隊第 {position} 位，人工客服服務時間：{hours}，請稍候，客服會盡快回覆您。',
  },
  SUPPORT_FAQ_DEPOSIT: {
    'zh-CN':
      '【帮助中心·存款】银行卡通常 1–10 分钟到账，电子钱包通常即时到账，虚拟币在区块确认后到账，可在“交易记录”中查询。付款超过 30 分钟仍未到账，请保留转账凭证，并在这里告诉我们存款金额和付款时间。详见帮助中心“存款帮助”。',
    'zh-TW':
      '【幫助中心·存款】銀行卡通常 1–10 分鐘到帳，電子錢包通常即時到帳，虛擬幣在區塊確認後到帳，可在「交易記錄」中查詢。付款超過 30 分鐘仍未到帳，請保留轉帳憑證，並在這裡告訴我們存款金額和付款時間。詳見幫助中心「存款幫助」。',
  },
  SUPPORT_FAQ_WITHDRAW: {
    'zh-CN':
      '【帮助中心·取款】取款一般在 3–15 分钟内处理完毕，首次取款或大额取款可能需要额外的安全审核；处理进度可在“交易记录”中查看。详见帮助中心“取款帮助”。',
    'zh-TW':
      '【幫助中心·取款】取款一般在 3–15 分鐘內處理完畢，首次取款或大額取款可能需要額外的安全審核；處理進度可在「交易記錄」中查看。詳見幫助中心「取款幫助」。',
  },
  SUPPORT_FAQ_LIMITS: {
    'zh-CN':
      '【帮助中心·限额】存款、亏损与投注限额可在“责任博彩”页面自行设置。调低限额即时生效；调高或取消限额需等待 24 小时冷静期，期满后再次确认才生效。详见帮助中心“博彩责任”。',
    'zh-TW':
      '【幫助中心·限額】存款、虧損與投注限額可在「責任博彩」頁面自行設置。調低限額即時生效；調高或取消限額需等待 24 小時冷靜期，期滿後再次確認才生效。詳見幫助中心「博彩責任」。',
  },
  /** The text of a verification code (SMS / voice / e-mail), in the member's language. */
  CODE_MESSAGE: {
    'zh-CN': '【{site}】您的验证码是{code}，{minutes}分钟内有效。工作人员不会向您索取验证码，请勿泄露。',
    'zh-TW': '【{site}】您的驗證碼是{code}，{minutes}分鐘內有效。工作人員不會向您索取驗證碼，請勿洩露。',
  },
  /** The deposit page's promotion opt-in (pay's activityId) and the bonus list's reasons. */
  PROMO_REDEPOSIT_AFTER_FIRST: { 'zh-CN': '再存优惠适用于首次存款之后的存款', 'zh-TW': '再存優惠適用於首次存款之後的存款' },
  PROMO_REDEPOSIT_DONE_TODAY: { 'zh-CN': '今日再存优惠已领取，请明日再来', 'zh-TW': '今日再存優惠已領取，請明日再來' },
  PROMO_DEPOSIT_BELOW_MIN: { 'zh-CN': '存款金额须满{min}元才能参与该优惠', 'zh-TW': '存款金額須滿{min}元才能參與該優惠' },
  PROMO_NOT_DEPOSIT: { 'zh-CN': '该活动不是存款优惠', 'zh-TW': '該活動不是存款優惠' },
} as const satisfies Record<string, Record<Locale, string>>;

export type TextKey = keyof typeof TEXT;

/** Banks a payout card can be added for (bank codes as the payout file uses them), named in both languages. */
export const BANK_NAMES = {
  ICBC: { 'zh-CN': '中国工商银行', 'zh-TW': '中國工商銀行' },
  ABC: { 'zh-CN': '中国农业银行', 'zh-TW': '中國農業銀行' },
  BOC: { 'zh-CN': '中国银行', 'zh-TW': '中國銀行' },
  CCB: { 'zh-CN': '中国建设银行', 'zh-TW': '中國建設銀行' },
  BOCOM: { 'zh-CN': '交通银行', 'zh-TW': '交通銀行' },
  CMB: { 'zh-CN': '招商银行', 'zh-TW': '招商銀行' },
  PSBC: { 'zh-CN': '中国邮政储蓄银行', 'zh-TW': '中國郵政儲蓄銀行' },
  CITIC: { 'zh-CN': '中信银行', 'zh-TW': '中信銀行' },
  CEB: { 'zh-CN': '中国光大银行', 'zh-TW': '中國光大銀行' },
  CMBC: { 'zh-CN': '中国民生银行', 'zh-TW': '中國民生銀行' },
  SPDB: { 'zh-CN': '浦发银行', 'zh-TW': '浦發銀行' },
  CIB: { 'zh-CN': '兴业银行', 'zh-TW': '興業銀行' },
  PAB: { 'zh-CN': '平安银行', 'zh-TW': '平安銀行' },
  HXB: { 'zh-CN': '华夏银行', 'zh-TW': '華夏銀行' },
  GDB: { 'zh-CN': '广发银行', 'zh-TW': '廣發銀行' },
} as const satisfies Record<string, Record<Locale, string>>;

export function defaultMessage(code: StatusCodeValue, locale: Locale = DEFAULT_LOCALE): string {
  return (locale === 'zh-TW' ? MESSAGES_ZH_TW : MESSAGES_ZH_CN)[code];
}

/** A catalogue text in `locale`, its `{name}` placeholders filled from `vars`. */
export function text(key: TextKey, locale: Locale = DEFAULT_LOCALE, vars?: Readonly<Record<string, string>>): string {
  const t: string = TEXT[key][locale];
  return vars ? t.replace(/\{(\w+)\}/g, (_m, k: string) => vars[k] ?? '') : t;
}

let byZhCn: Map<string, TextKey> | null = null;
/**
 * A message given as its zh-CN text — a validator's exact message (packages/rules answers zh-CN, the source
 * locale) — in `locale`, through the catalogue entry with that zh-CN text; a text the catalogue does not
 * hold (already localized by its caller) as it is.
 */
export function localized(message: string, locale: Locale): string {
  if (locale === 'zh-CN') return message;
  if (!byZhCn) byZhCn = new Map(Object.entries(TEXT).map(([k, v]) => [v['zh-CN'], k as TextKey]));
  const key = byZhCn.get(message);
  return key ? TEXT[key][locale] : message;
}

/** Pick the locale from an Accept-Language / x-lang value; zh-CN unless zh-TW/zh-HK/Hant is asked for. */
export function pickLocale(value: string | undefined | null): Locale {
  if (!value) return DEFAULT_LOCALE;
  const v = value.toLowerCase();
  if (v.startsWith('zh-tw') || v.startsWith('zh-hk') || v.includes('hant')) return 'zh-TW';
  return DEFAULT_LOCALE;
}
