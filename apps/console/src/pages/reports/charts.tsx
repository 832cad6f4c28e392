/**
 * The report charts (recharts), in their own chunk: the pages load it lazily, so the console's first screen does
 * not carry the chart library. Money arrives in fen and is drawn in 元.
 */
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportDay } from '@portal/contract/console';
import { yuan } from '../../lib/format.ts';

interface Props {
  rows: ReportDay[];
  height?: number;
}

const toYuan = (fen: number) => Math.round(fen) / 100;

/** Deposits and withdrawals as bars, GGR and net revenue as lines, per business day. */
export function MoneyChart({ rows, height = 300 }: Props) {
  const data = rows.map((r) => ({
    day: r.day.slice(5),
    存款: toYuan(r.depositAmount),
    提款: toYuan(r.withdrawAmount),
    GGR: toYuan(r.ggr),
    净收入: toYuan(r.netRevenue),
  }));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#f0f0f0" />
        <XAxis dataKey="day" fontSize={12} />
        <YAxis fontSize={12} width={80} tickFormatter={(v: number) => yuan(v * 100).replace(/\.00$/, '')} />
        <Tooltip formatter={(v) => `${yuan(Number(v) * 100)} 元`} />
        <Legend />
        <Bar dataKey="存款" fill="#1677ff" maxBarSize={24} isAnimationActive={false} />
        <Bar dataKey="提款" fill="#faad14" maxBarSize={24} isAnimationActive={false} />
        <Line type="monotone" dataKey="GGR" stroke="#52c41a" strokeWidth={2} dot={false} isAnimationActive={false} />
        <Line type="monotone" dataKey="净收入" stroke="#eb2f96" strokeWidth={2} dot={false} isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** Active players and registrations per business day. */
export function PlayersChart({ rows, height = 220 }: Props) {
  const data = rows.map((r) => ({
    day: r.day.slice(5),
    活跃玩家: r.activePlayers,
    注册人数: r.registrations,
    首存人数: r.firstDepositCount,
  }));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#f0f0f0" />
        <XAxis dataKey="day" fontSize={12} />
        <YAxis fontSize={12} allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Bar dataKey="注册人数" fill="#91caff" maxBarSize={20} isAnimationActive={false} />
        <Bar dataKey="首存人数" fill="#b37feb" maxBarSize={20} isAnimationActive={false} />
        <Line type="monotone" dataKey="活跃玩家" stroke="#13c2c2" strokeWidth={2} dot={false} isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
