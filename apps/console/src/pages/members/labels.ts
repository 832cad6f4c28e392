/** Chinese names of the codes the member screens show (ledger kinds, bet and round states, wallets, logins). */
import { DEAL_TYPES } from '@portal/contract';

const JOURNAL_KINDS: Record<string, string> = {
  deposit: '存款',
  'deposit.reversal': '存款冲正',
  'hold.withdraw': '提款冻结',
  'withdraw.rejected': '提款退回',
  'withdraw.paid': '提款出款',
  'transfer.in': '转入场馆',
  'transfer.out': '场馆转出',
  'transfer.in.reversed': '转入冲正',
  bonus: '优惠',
  correction: '调整',
  'sport.bet': '体育投注',
  'sport.payout': '体育派彩',
  'seamless.bet': '游戏投注',
  'seamless.win': '游戏派彩',
  'seamless.bet.refund': '投注退回',
  'jackpot.seed': '奖池注资',
  'jackpot.feed': '奖池累积',
  'promo.deposit': '存款优惠',
  'funds.letter': '站内信红利',
  rebate: '返水',
};
const dealName = new Map<string, string>(Object.values(DEAL_TYPES).flatMap((d) => d.kinds.map((k) => [k as string, d.name])));

export const journalKindName = (kind: string) => JOURNAL_KINDS[kind] ?? dealName.get(kind) ?? `其他（${kind}）`;

export const ACCOUNT_KINDS: Record<string, string> = { central: '中心钱包', venue: '场馆钱包', locked: '冻结资金', bonus: '红利钱包' };
export const accountName = (account: string) => {
  const [kind = '', ref] = account.split(':');
  return ref ? `${ACCOUNT_KINDS[kind] ?? kind}（${ref}）` : (ACCOUNT_KINDS[kind] ?? kind);
};

export const BET_KINDS: Record<string, string> = { single: '单注', parlay: '串关', series: '复式串关', champion: '冠军' };
export const BET_STATUS: Record<string, [string, string]> = {
  pending: ['待确认', 'gold'],
  accepted: ['未结算', 'blue'],
  rejected: ['已拒绝', 'default'],
  settled: ['已结算', 'green'],
};
/** The sportsbook's result codes (packages/rules settlement.ts); D… is a cancellation with a reason code. */
const BET_RESULTS: Record<string, string> = { W: '赢', LW: '赢半', LL: '输半', L: '输', P: '走水', D: '取消' };
export const betResultName = (r: string | null) => (r === null ? '-' : (BET_RESULTS[r] ?? (r.startsWith('D') ? '取消' : r)));
export const ROUND_STATUS: Record<string, [string, string]> = {
  open: ['进行中', 'blue'],
  settled: ['已结算', 'green'],
  void: ['已作废', 'default'],
};
export const CATEGORIES: Record<string, string> = { TY: '体育', ZR: '真人', QP: '棋牌', DZ: '电子', CP: '彩票', DJ: '电竞', BY: '捕鱼' };

export const loginResultName = (r: string) =>
  r === 'success' ? '成功' : r.startsWith('challenge_') ? '需验证' : r === 'failed' || r === 'wrong_password' ? '密码错误' : `其他（${r}）`;
export const CLIENTS: Record<string, string> = { web: '电脑网页', h5: '手机网页', ios: '苹果客户端', android: '安卓客户端' };

export const RELATED_VIA: Record<string, string> = { device: '同设备', ip: '同网络/IP', card: '同银行卡' };
export const PROTECTION_KINDS: Record<string, string> = {
  deposit: '存款限额',
  loss: '亏损限额',
  wager: '投注限额',
  session: '单次时长',
  reality: '提醒间隔',
};
export const PERIODS: Record<string, string> = { day: '每日', week: '每周', month: '每月', session: '每次' };
export const KYC_STATUS: Record<string, string> = { none: '未提交', pending: '审核中', approved: '已通过', rejected: '已驳回' };
export const EXCLUSION_KINDS: Record<string, string> = { timeout: '冷静期', self_exclusion: '自我排除' };
export const STATUS: Record<string, [string, string]> = { active: ['正常', 'green'], disabled: ['已停用', 'red'] };
