/** Chinese names the operations screens show for the API's codes. */
export const STATE_TAGS: Record<string, { text: string; color: string }> = {
  upcoming: { text: '未开始', color: 'blue' },
  active: { text: '进行中', color: 'green' },
  ended: { text: '已结束', color: 'default' },
  maintenance: { text: '维护中', color: 'orange' },
  hidden: { text: '已隐藏', color: 'default' },
  pending: { text: '待审核', color: 'gold' },
  verified: { text: '已通过', color: 'green' },
  rejected: { text: '已拒绝', color: 'red' },
  accepted: { text: '未结算', color: 'blue' },
  settled: { text: '已结算', color: 'green' },
};

export const PROMO_CATEGORY_NAMES: Record<string, string> = {
  general: '综合',
  sport: '体育',
  casino: '真人',
  egame: '电子',
  newbie: '新人',
  vip: 'VIP',
};

export const VENUE_CATEGORY_NAMES: Record<string, string> = {
  TY: '体育',
  ZR: '真人',
  QP: '棋牌',
  DZ: '电子',
  CP: '彩票',
  DJ: '电竞',
  BY: '捕鱼',
};

export const GAME_TAG_NAMES: Record<string, string> = { hot: '热门', new: '新游', jackpot: '奖池' };

export const BET_RESULT_NAMES: Record<string, string> = {
  W: '赢',
  LW: '赢半',
  LL: '输半',
  L: '输',
  P: '走水',
  A: '已恢复',
};
export const betResultName = (r: string | null) => (r === null ? '-' : (BET_RESULT_NAMES[r] ?? (r.startsWith('D') ? `取消(${r})` : r)));

export const PROTECTION_NAMES: Record<string, string> = {
  deposit: '存款限额',
  loss: '亏损限额',
  wager: '投注限额',
  session: '单次时长',
  reality: '现实提醒',
  day: '每日',
  week: '每周',
  month: '每月',
  timeout: '冷静期',
  self_exclusion: '自我禁入',
  limit_set: '设置限额',
  limit_decreased: '降低限额',
  limit_increase_requested: '申请提高限额',
  limit_confirmed: '确认限额',
  limit_cancelled: '取消待生效限额',
  session_limit_set: '设置时长',
  reality_check_set: '设置现实提醒',
};
export const protectionName = (v: string) => PROTECTION_NAMES[v] ?? v;

/** Cancellation reasons D0 … DZ as the desk picks them (the codes are the operator's list). */
export const CANCEL_CODES = [
  { value: 'D0', label: 'D0 赛事取消' },
  { value: 'D1', label: 'D1 赛事延期' },
  { value: 'D2', label: 'D2 赔率错误' },
  { value: 'D3', label: 'D3 比分错误' },
  { value: 'D4', label: 'D4 违规投注' },
  { value: 'D5', label: 'D5 其他原因' },
];
