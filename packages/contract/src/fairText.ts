/** Texts of the fairness controls of the house tables, spread into the catalogue's TEXT (messages.ts). */
export const FAIR_TEXT = {
  ROUND_CANCEL_SECOND_SAME: {
    'zh-CN': '停止下注后作废须由另一位游戏运营人员复核，不能复核自己提交的申请',
    'zh-TW': '停止下注後作廢須由另一位遊戲運營人員複核，不能複核自己提交的申請',
  },
  ROUND_CANCEL_FINAL: { 'zh-CN': '该局已结算或已作废', 'zh-TW': '該局已結算或已作廢' },
  TABLE_STAKE_UNIT: { 'zh-CN': '该投注项金额须为 {unit} 元的整数倍', 'zh-TW': '該投注項金額須為 {unit} 元的整數倍' },
  CHASE_NOT_COMMITTED: {
    'zh-CN': '追号期数超出已公布种子的期数，请减少期数',
    'zh-TW': '追號期數超出已公佈種子的期數，請減少期數',
  },
} as const;
