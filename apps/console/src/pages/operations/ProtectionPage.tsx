/** 玩家保护: a brand's protection log, a member's limits and exclusions (read-only: only the player changes them), members in debt. */
import { useState } from 'react';
import { Alert, Descriptions, Input, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import type { z } from 'zod';
import { consoleComplianceApi, type protectionEventRow } from '@portal/contract/console';
import { useConsoleList, useConsoleQuery } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { useCan } from '../../app/staff.tsx';
import { dateTime, yuan } from '../../lib/format.ts';
import { protectionName } from './labels.ts';

type EventRow = z.infer<typeof protectionEventRow>;
const limitAmount = (kind: string, v: number | null) =>
  v === null ? '不限' : kind === 'session' || kind === 'reality' ? `${v} 分钟` : `${yuan(v)} 元`;

function Events() {
  const { siteCode } = useSite();
  const [username, setUsername] = useState<string>();
  const list = useConsoleList(consoleComplianceApi.protectionEvents, { siteCode: siteCode ?? 0, username }, { enabled: siteCode !== null });
  const state = useConsoleQuery(
    consoleComplianceApi.protectionShow,
    { siteCode: siteCode ?? 0, username: username ?? '' },
    { enabled: siteCode !== null && !!username },
  );
  const columns: TableColumnsType<EventRow> = [
    { title: '时间', dataIndex: 'at', render: dateTime },
    { title: '会员', dataIndex: 'username' },
    { title: '操作', dataIndex: 'action', render: protectionName },
    { title: '类型', dataIndex: 'kind', render: protectionName },
    { title: '周期', dataIndex: 'period', render: (p: string) => (p ? protectionName(p) : '-') },
    { title: '变更前', dataIndex: 'before', render: (v: string) => v || '-' },
    { title: '变更后', dataIndex: 'after', render: (v: string) => v || '-' },
  ];
  const s = state.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.Search
        allowClear
        placeholder="会员账号（不填：全部）"
        onSearch={(v) => setUsername(v.trim() || undefined)}
        style={{ width: 280 }}
      />
      {username && state.error && <Alert type="warning" title={state.error.message} showIcon />}
      {s && (
        <Descriptions title={`${s.username} 的保护设置`} column={1} bordered size="small">
          <Descriptions.Item label="限额">
            {s.limits.length === 0
              ? '未设置'
              : s.limits.map((l) => (
                  <div key={`${l.kind}-${l.period}`}>
                    {protectionName(l.period)}
                    {protectionName(l.kind)}：{limitAmount(l.kind, l.amount)}
                    {l.pending && (
                      <Tag color="gold" style={{ marginLeft: 8 }}>
                        待生效：{l.pending.remove ? '取消限额' : limitAmount(l.kind, l.pending.amount)}（{dateTime(l.pending.at)}）
                      </Tag>
                    )}
                  </div>
                ))}
          </Descriptions.Item>
          <Descriptions.Item label="禁入">
            {s.exclusions.length === 0
              ? '无'
              : s.exclusions.map((e, k) => (
                  <div key={k}>
                    {protectionName(e.kind)}：{dateTime(e.startsAt)} 至 {e.endsAt === null ? '永久' : dateTime(e.endsAt)}
                    {e.allBrands && <Tag style={{ marginLeft: 8 }}>全部品牌</Tag>}
                  </div>
                ))}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Table rowKey="id" columns={columns} {...list.tableProps} />
      <Typography.Text type="secondary">限额和禁入只能由玩家本人设置；提高或取消限额需经过冷静期，后台不能代为解除。</Typography.Text>
    </Space>
  );
}

function Debts() {
  const { siteCode } = useSite();
  const list = useConsoleList(consoleComplianceApi.debts, { siteCode: siteCode ?? undefined }, { enabled: siteCode !== null });
  return (
    <Table
      rowKey="username"
      columns={[
        { title: '会员', dataIndex: 'username' },
        { title: '币种', dataIndex: 'currency' },
        { title: '欠款（元）', dataIndex: 'owedFen', align: 'right', render: (f: number) => yuan(f) },
      ]}
      {...list.tableProps}
    />
  );
}

export default function ProtectionPage() {
  const canLedger = useCan('ledger.read');
  return (
    <Tabs
      items={[
        { key: 'events', label: '保护记录', children: <Events /> },
        ...(canLedger ? [{ key: 'debts', label: '欠款会员', children: <Debts /> }] : []),
      ]}
    />
  );
}
