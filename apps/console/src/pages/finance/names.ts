/** Chinese names of the finance desk's codes (stages, payout states, ledger journal and account kinds). */
export const PAYOUT_STATE_NAMES: Record<string, string> = {
  unknown: '结果未知',
  failed: '出款失败',
  paid: '已出款',
};

export const STAGE_COLORS: Record<string, string> = {
  pending: 'gold',
  risk_review: 'orange',
  second_review: 'purple',
  approved: 'blue',
  paying: 'cyan',
  paid: 'green',
  rejected: 'red',
};

export const METHOD_NAMES: Record<string, string> = { bank: '银行卡', usdt: 'USDT' };

const JOURNAL_KINDS: Record<string, string> = {
  deposit: '存款到账',
  'withdraw.paid': '取款出款',
  'withdraw.rejected': '取款退回',
  'hold.withdraw': '取款冻结',
  'transfer.in': '转入场馆',
  transfer: '额度转换',
  'venue.sync': '场馆同步',
  'sport.payout': '体育派奖',
  'casino.win': '游戏派彩',
  'seamless.win': '游戏派彩',
  'seamless.bet.refund': '游戏退款',
  'promo.deposit': '存款红利',
  bonus: '红利',
  rebate: '返水',
};

/** A ledger journal kind in Chinese (a hold's kind names what it holds for). */
export function journalKind(kind: string): string {
  if (JOURNAL_KINDS[kind]) return JOURNAL_KINDS[kind];
  if (kind.startsWith('hold.')) return '冻结';
  if (kind.startsWith('sport')) return '体育注单';
  if (kind.startsWith('casino') || kind.startsWith('seamless') || kind.startsWith('bet')) return '游戏注单';
  if (kind.startsWith('promo') || kind.startsWith('vip')) return '活动红利';
  if (kind.startsWith('jackpot')) return '奖池';
  return '其他账变';
}

const ACCOUNT_KINDS: Record<string, string> = {
  central: '中心钱包',
  venue: '场馆钱包',
  locked: '冻结资金',
  bonus: '红利钱包',
  clearing: '支付清算',
  venue_float: '场馆备付金',
  bonus_expense: '红利支出',
  sportsbook: '体育盘口',
  fee_income: '手续费收入',
  receivable: '会员欠款',
  casino: '自营游戏',
  jackpot_pool: '奖池',
};

export const accountKind = (kind: string): string => ACCOUNT_KINDS[kind] ?? kind;

/** 'central::CNY' / 'venue:SBZR:CNY' → '中心钱包' / '场馆钱包 SBZR' (CNY left out). */
export function accountLabel(account: string): string {
  const [kind = '', ...rest] = account.split(':');
  const extra = rest.filter((x) => x && x !== 'CNY').join(' ');
  return extra ? `${accountKind(kind)} ${extra}` : accountKind(kind);
}
