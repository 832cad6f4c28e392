/** A member's records: transactions (ledger postings), sportsbook bets, casino rounds and logins. */
import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { z } from 'zod';
import {
  consoleMembersApi as api,
  type memberBet,
  type memberLogin,
  type memberRound,
  type memberTransaction,
} from '@portal/contract/console';
import { useConsoleList } from '../../app/data.ts';
import { dateTime, yuan } from '../../lib/format.ts';
import {
  BET_KINDS,
  BET_STATUS,
  CATEGORIES,
  CLIENTS,
  ROUND_STATUS,
  accountName,
  betResultName,
  journalKindName,
  loginResultName,
} from './labels.ts';

export interface MemberKey {
  siteCode: number;
  username: string;
}

const signed = (fen: number) => (
  <Typography.Text type={fen < 0 ? 'danger' : 'success'}>{`${fen > 0 ? '+' : fen < 0 ? '-' : ''}${yuan(Math.abs(fen))}`}</Typography.Text>
);
const tag = (map: Record<string, [string, string]>, v: string) => {
  const [text, color] = map[v] ?? [v, 'default'];
  return <Tag color={color}>{text}</Tag>;
};

export function TransactionsTab({ member }: { member: MemberKey }) {
  const list = useConsoleList(api.transactions, member);
  const columns: TableColumnsType<z.infer<typeof memberTransaction>> = [
    { title: '时间', dataIndex: 'at', width: 170, render: (t: number) => dateTime(t) },
    { title: '类型', dataIndex: 'kind', render: (k: string, r) => (r.reversal ? `${journalKindName(k)}（冲正）` : journalKindName(k)) },
    { title: '账户', dataIndex: 'account', render: accountName },
    { title: '金额（元）', dataIndex: 'amount', align: 'right', render: signed },
    { title: '变动后余额（元）', dataIndex: 'balanceAfter', align: 'right', render: (v: number) => yuan(v) },
    { title: '关联单号', dataIndex: 'ref', render: (v: string) => <Typography.Text copyable={!!v}>{v || '-'}</Typography.Text> },
  ];
  return <Table rowKey="id" size="small" columns={columns} {...list.tableProps} />;
}

export function BetsTab({ member }: { member: MemberKey }) {
  const list = useConsoleList(api.bets, member);
  const columns: TableColumnsType<z.infer<typeof memberBet>> = [
    { title: '投注时间', dataIndex: 'at', width: 170, render: (t: number) => dateTime(t) },
    { title: '注单号', dataIndex: 'id', render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
    { title: '类型', dataIndex: 'kind', render: (k: string) => BET_KINDS[k] ?? k },
    { title: '投注额（元）', dataIndex: 'stake', align: 'right', render: (v: number) => yuan(v) },
    { title: '赔率', dataIndex: 'odds', align: 'right', render: (v: number) => (v / 1000).toFixed(3) },
    { title: '状态', dataIndex: 'status', render: (s: string) => tag(BET_STATUS, s) },
    { title: '结果', dataIndex: 'result', render: betResultName },
    { title: '派彩（元）', dataIndex: 'payout', align: 'right', render: (v: number) => yuan(v) },
    { title: '有效投注（元）', dataIndex: 'valid', align: 'right', render: (v: number) => yuan(v) },
    { title: '结算时间', dataIndex: 'settledAt', width: 170, render: (t: number | null) => dateTime(t) },
  ];
  return <Table rowKey="id" size="small" columns={columns} {...list.tableProps} />;
}

export function RoundsTab({ member }: { member: MemberKey }) {
  const list = useConsoleList(api.rounds, member);
  const columns: TableColumnsType<z.infer<typeof memberRound>> = [
    { title: '时间', dataIndex: 'at', width: 170, render: (t: number) => dateTime(t) },
    { title: '局号', dataIndex: 'id', render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
    { title: '场馆', dataIndex: 'channelCode' },
    { title: '类别', dataIndex: 'category', render: (c: string) => CATEGORIES[c] ?? c },
    { title: '游戏', dataIndex: 'gameCode' },
    { title: '投注（元）', dataIndex: 'bet', align: 'right', render: (v: number) => yuan(v) },
    { title: '派彩（元）', dataIndex: 'win', align: 'right', render: (v: number) => yuan(v) },
    { title: '状态', dataIndex: 'status', render: (s: string) => tag(ROUND_STATUS, s) },
  ];
  return <Table rowKey="id" size="small" columns={columns} {...list.tableProps} />;
}

export function LoginsTab({ member }: { member: MemberKey }) {
  const list = useConsoleList(api.logins, member);
  const columns: TableColumnsType<z.infer<typeof memberLogin>> = [
    { title: '时间', dataIndex: 'at', width: 170, render: (t: number) => dateTime(t) },
    { title: 'IP', dataIndex: 'ip' },
    { title: '设备号', dataIndex: 'device', render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
    { title: '客户端', dataIndex: 'client', render: (c: string) => CLIENTS[c] ?? c },
    { title: '结果', dataIndex: 'result', render: loginResultName },
  ];
  return <Table rowKey={(r) => `${r.at}:${r.ip}:${r.device}:${r.result}`} size="small" columns={columns} {...list.tableProps} />;
}
