/**
 * The daily report as CSV: UTF-8 with a byte-order mark (Excel then reads the Chinese headers), CRLF line ends
 * (RFC 4180), money in 元 with two decimals, one row per day and a 合计 (total) row.
 */
import type { ReportDay } from '@portal/contract/console';
import { yuan } from '@portal/rules';

export const CSV_BOM = '\uFEFF';

const COLUMNS: readonly [string, keyof ReportDay, 'count' | 'money' | 'text'][] = [
  ['日期', 'day', 'text'],
  ['注册人数', 'registrations', 'count'],
  ['存款笔数', 'depositCount', 'count'],
  ['存款金额', 'depositAmount', 'money'],
  ['存款人数', 'depositors', 'count'],
  ['首存人数', 'firstDepositCount', 'count'],
  ['首存金额', 'firstDepositAmount', 'money'],
  ['提款笔数', 'withdrawCount', 'count'],
  ['提款金额', 'withdrawAmount', 'money'],
  ['活跃玩家', 'activePlayers', 'count'],
  ['注单数', 'bets', 'count'],
  ['投注额', 'stake', 'money'],
  ['有效投注', 'valid', 'money'],
  ['派彩', 'payout', 'money'],
  ['GGR', 'ggr', 'money'],
  ['优惠成本', 'promoCost', 'money'],
  ['VIP礼金', 'vipBonusCost', 'money'],
  ['返水成本', 'rebateCost', 'money'],
  ['净收入', 'netRevenue', 'money'],
];

export const CSV_HEADER = ['品牌', ...COLUMNS.map((c) => c[0])].join(',');

/** A field as RFC 4180 wants it: quoted when it holds a comma, a quote or a line break. */
function field(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

function cell(d: ReportDay, key: keyof ReportDay, kind: 'count' | 'money' | 'text'): string {
  const v = d[key];
  return kind === 'money' ? yuan(v as number) : String(v);
}

export function reportCsv(brand: string, rows: ReportDay[], totals: ReportDay): string {
  const line = (d: ReportDay) => [brand, ...COLUMNS.map(([, k, kind]) => cell(d, k, kind))].map(field).join(',');
  return CSV_BOM + [CSV_HEADER, ...rows.map(line), line(totals)].join('\r\n') + '\r\n';
}
