/** Texts of the operator console's finance desk, spread into the catalogue's TEXT (messages.ts). */
export const FINANCE_TEXT = {
  WD_NOT_FOUND: { 'zh-CN': '订单 {orderNo} 不存在', 'zh-TW': '訂單 {orderNo} 不存在' },
  WD_STALE: { 'zh-CN': '订单状态已变更，请刷新后重试', 'zh-TW': '訂單狀態已變更，請刷新後重試' },
  WD_LOCKED_BY: { 'zh-CN': '该订单已被 {name} 锁定', 'zh-TW': '該訂單已被 {name} 鎖定' },
  WD_LOCK_FIRST: { 'zh-CN': '请先锁定订单再审核', 'zh-TW': '請先鎖定訂單再審核' },
  WD_SECOND_SAME: {
    'zh-CN': '复审须由另一位风控人员完成，不能审批自己经手的订单',
    'zh-TW': '複審須由另一位風控人員完成，不能審批自己經手的訂單',
  },
  WD_REVIEWER_PAYS: { 'zh-CN': '审核人不能为同一订单出款', 'zh-TW': '審核人不能為同一訂單出款' },
  WD_PAYOUT_UNKNOWN: { 'zh-CN': '出款结果未知，请先对账', 'zh-TW': '出款結果未知，請先對賬' },
  WD_UNKNOWN_NO_REJECT: { 'zh-CN': '出款结果未知，不能拒绝，请先对账', 'zh-TW': '出款結果未知，不能拒絕，請先對賬' },
  WD_NO_RECONCILE: { 'zh-CN': '该订单无需对账', 'zh-TW': '該訂單無需對賬' },
  WD_NO_PAYOUT_PROVIDER: { 'zh-CN': '未配置出款渠道，无法对账', 'zh-TW': '未配置出款渠道，無法對賬' },
  WD_PAYOUT_QUERY_DOWN: { 'zh-CN': '出款渠道暂时无法查询，请稍后再试', 'zh-TW': '出款渠道暫時無法查詢，請稍後再試' },
  WD_REASON_REQUIRED: { 'zh-CN': '请填写拒绝原因', 'zh-TW': '請填寫拒絕原因' },
  DEPOSIT_NO_PROVIDER: { 'zh-CN': '该订单的支付渠道未配置，无法对账', 'zh-TW': '該訂單的支付渠道未配置，無法對賬' },
  DEPOSIT_QUERY_DOWN: { 'zh-CN': '支付渠道暂时无法查询，请稍后再试', 'zh-TW': '支付渠道暫時無法查詢，請稍後再試' },
  LEDGER_ALL_BRANDS: {
    'zh-CN': '平台账户与账本校验涵盖所有品牌，仅限全品牌人员查看',
    'zh-TW': '平台賬戶與賬本校驗涵蓋所有品牌，僅限全品牌人員查看',
  },
  MEMBER_NAME_AMBIGUOUS: { 'zh-CN': '多个品牌有同名会员，请选择品牌', 'zh-TW': '多個品牌有同名會員，請選擇品牌' },
  MEMBER_NOT_FOUND: { 'zh-CN': '会员不存在', 'zh-TW': '會員不存在' },
} as const;
