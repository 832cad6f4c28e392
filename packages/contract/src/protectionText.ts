/** Texts of player protection, spread into the catalogue's TEXT (messages.ts). */
export const PROTECTION_TEXT = {
  PERIOD_DAY: { 'zh-CN': '24小时', 'zh-TW': '24小時' },
  PERIOD_WEEK: { 'zh-CN': '7天', 'zh-TW': '7天' },
  PERIOD_MONTH: { 'zh-CN': '30天', 'zh-TW': '30天' },
  LIMIT_DEPOSIT_REACHED: {
    'zh-CN': '已达到您设置的{period}存款限额{limit}元，本期还可存款{left}元',
    'zh-TW': '已達到您設置的{period}存款限額{limit}元，本期還可存款{left}元',
  },
  LIMIT_LOSS_REACHED: {
    'zh-CN': '已达到您设置的{period}亏损限额{limit}元，本期还可承受亏损{left}元',
    'zh-TW': '已達到您設置的{period}虧損限額{limit}元，本期還可承受虧損{left}元',
  },
  LIMIT_WAGER_REACHED: {
    'zh-CN': '已达到您设置的{period}投注限额{limit}元，本期还可投注{left}元',
    'zh-TW': '已達到您設置的{period}投注限額{limit}元，本期還可投注{left}元',
  },
  // An amount that would go past a limit with some of it still free says what is left, not that it was reached.
  LIMIT_DEPOSIT_OVER: {
    'zh-CN': '本次存款将超出您设置的{period}存款限额{limit}元，本期还可存款{left}元',
    'zh-TW': '本次存款將超出您設置的{period}存款限額{limit}元，本期還可存款{left}元',
  },
  LIMIT_LOSS_OVER: {
    'zh-CN': '本次投注可能超出您设置的{period}亏损限额{limit}元，本期还可承受亏损{left}元',
    'zh-TW': '本次投注可能超出您設置的{period}虧損限額{limit}元，本期還可承受虧損{left}元',
  },
  LIMIT_WAGER_OVER: {
    'zh-CN': '本次投注将超出您设置的{period}投注限额{limit}元，本期还可投注{left}元',
    'zh-TW': '本次投注將超出您設置的{period}投注限額{limit}元，本期還可投注{left}元',
  },
  EXCLUDED_UNTIL: {
    'zh-CN': '您已暂停游戏至{until}，期间仅可登录取款',
    'zh-TW': '您已暫停遊戲至{until}，期間僅可登錄取款',
  },
  EXCLUDED_PERMANENT: { 'zh-CN': '您已永久自我排除，仅可登录取款', 'zh-TW': '您已永久自我排除，僅可登錄取款' },
  SESSION_LIMIT_REACHED: {
    'zh-CN': '已达到您设置的单次登录时长{minutes}分钟，请休息后重新登录',
    'zh-TW': '已達到您設置的單次登錄時長{minutes}分鐘，請休息後重新登錄',
  },
  COOLING_OFF_UNTIL: { 'zh-CN': '冷静期至{at}结束，届时请再次确认', 'zh-TW': '冷靜期至{at}結束，屆時請再次確認' },
  NO_PENDING_LIMIT: { 'zh-CN': '没有待确认的限额变更', 'zh-TW': '沒有待確認的限額變更' },
  LOGIN_PASSWORD_WRONG: { 'zh-CN': '登录密码错误', 'zh-TW': '登錄密碼錯誤' },
  ALREADY_EXCLUDED: { 'zh-CN': '您已在暂停期内，暂停期不可提前解除', 'zh-TW': '您已在暫停期內，暫停期不可提前解除' },
  KYC_REQUIRED_DEPOSITS: {
    'zh-CN': '累计存款已达{amount}元，请先在「责任博彩」页面完成身份验证',
    'zh-TW': '累計存款已達{amount}元，請先在「責任博彩」頁面完成身份驗證',
  },
  KYC_REQUIRED_WITHDRAW: {
    'zh-CN': '单笔取款超过{amount}元，请先在「责任博彩」页面完成身份验证',
    'zh-TW': '單筆取款超過{amount}元，請先在「責任博彩」頁面完成身份驗證',
  },
  KYC_PENDING: { 'zh-CN': '身份验证审核中，请耐心等待', 'zh-TW': '身份驗證審核中，請耐心等待' },
  KYC_VERIFIED: { 'zh-CN': '身份已验证，无需重复提交', 'zh-TW': '身份已驗證，無需重複提交' },
  KYC_UNDERAGE: { 'zh-CN': '未满18周岁不能使用本服务', 'zh-TW': '未滿18週歲不能使用本服務' },
  KYC_IMAGE_INVALID: { 'zh-CN': '请上传证件照片和本人手持证件照片', 'zh-TW': '請上傳證件照片和本人手持證件照片' },
  IDENTITY_REQUIRED: {
    'zh-CN': '请先完成身份信息：验证手机号，填写真实姓名和出生日期',
    'zh-TW': '請先完成身份信息：驗證手機號，填寫真實姓名和出生日期',
  },
  REALITY_CHECK_DUE: {
    'zh-CN': '游戏时间提醒：请先确认继续游戏或退出登录',
    'zh-TW': '遊戲時間提醒：請先確認繼續遊戲或退出登錄',
  },
  /** A staff-facing risk flag's reason (the console's 风控标记). */
  DEVICE_OF_EXCLUDED: {
    'zh-CN': '注册设备与一名自我排除会员相同，请核实是否同一人',
    'zh-TW': '註冊設備與一名自我排除會員相同，請核實是否同一人',
  },
  REGISTER_IDENTITY_REQUIRED: { 'zh-CN': '请填写真实姓名和出生日期', 'zh-TW': '請填寫真實姓名和出生日期' },
  REGISTER_EXCLUDED: {
    'zh-CN': '您已申请自我排除，排除期间不能注册新账户',
    'zh-TW': '您已申請自我排除，排除期間不能註冊新賬戶',
  },
} as const;
