/** Shared pieces of the VIP pages: the queries, rates and dates as shown, the grade badge. */
import { useQuery } from '@tanstack/react-query';
import { vipApi } from '@portal/contract';
import { call } from '../../api/client.ts';
import './vip.css';

export { VipBadge } from './VipBadge.tsx';

/** Every VIP query key starts with this: a claim refreshes them all. */
export const VIP_KEY = 'vip';

export const useGradeInfo = () => useQuery({ queryKey: [VIP_KEY, 'info'], queryFn: () => call(vipApi.gradeInfoByGrade, {}) });
export const useLadder = () => useQuery({ queryKey: [VIP_KEY, 'ladder'], queryFn: () => call(vipApi.gradeConfigList, {}) });
export const useFanshui = () => useQuery({ queryKey: [VIP_KEY, 'fanshui'], queryFn: () => call(vipApi.fanshuiHighLow, {}) });
export const useWeekInfo = () => useQuery({ queryKey: [VIP_KEY, 'week'], queryFn: () => call(vipApi.vipWeekInfo, {}) });
export const useWelfare = () => useQuery({ queryKey: [VIP_KEY, 'welfare'], queryFn: () => call(vipApi.welfareList, {}) });

/** Basis points as a percentage number, exactly (integer digits, no float): 58 → '0.58', 1250 → '12.50'. */
export function rateText(bp: number): string {
  const abs = Math.abs(Math.trunc(bp));
  return `${bp < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Basis points as a percentage: 58 → '0.58%'. */
export const ratePct = (bp: number): string => `${rateText(bp)}%`;

/** A business day shown short: '2026-11-16' → '11-16'. */
export const shortDay = (day: string): string => day.slice(5);

/** 'YYYY-MM-DD' plus n days (calendar arithmetic in UTC, no time zone involved). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
