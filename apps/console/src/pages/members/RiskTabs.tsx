/** Related accounts, notes and risk flags of a member (with protection and KYC, read-only). */
import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Descriptions, Empty, Form, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { z } from 'zod';
import {
  consoleMembersApi as api,
  RISK_FLAG_KINDS,
  RISK_FLAG_NAMES,
  type PVP_SIGNALS,
  type memberNote,
  type pvpSignal,
  type relatedAccount,
  type riskFlag,
} from '@portal/contract/console';
import { useConsoleList, useConsoleMutation, useConsoleQuery } from '../../app/data.ts';
import { useCan } from '../../app/staff.tsx';
import { dateTime, yuan } from '../../lib/format.ts';
import { EXCLUSION_KINDS, KYC_STATUS, PERIODS, PROTECTION_KINDS, RELATED_VIA } from './labels.ts';
import { StatusTag, memberPath } from './MembersPage.tsx';
import type { MemberKey } from './RecordTabs.tsx';

export function RelatedTab({ member }: { member: MemberKey }) {
  const q = useConsoleQuery(api.related, member);
  const columns: TableColumnsType<z.infer<typeof relatedAccount>> = [
    { title: '关联会员', dataIndex: 'username', render: (u: string) => <Link to={memberPath(member.siteCode, u)}>{u}</Link> },
    { title: '状态', dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
    { title: '关联方式', dataIndex: 'via', render: (v: string) => <Tag color="orange">{RELATED_VIA[v] ?? v}</Tag> },
    { title: '共用的设备 / 网络 / 银行卡', dataIndex: 'value' },
  ];
  return (
    <Table
      rowKey={(r) => `${r.username}:${r.via}:${r.value}`}
      size="small"
      loading={q.isFetching}
      dataSource={q.data ?? []}
      columns={columns}
      pagination={false}
      locale={{ emptyText: <Empty description="没有发现关联账户" /> }}
    />
  );
}

export function NotesTab({ member }: { member: MemberKey }) {
  const canAdd = useCan('member.notes');
  const list = useConsoleList(api.notes, member);
  const [body, setBody] = useState('');
  const add = useConsoleMutation(api.addNote, { success: '备注已添加', onSuccess: () => setBody('') });
  const columns: TableColumnsType<z.infer<typeof memberNote>> = [
    { title: '时间', dataIndex: 'at', width: 170, render: (t: number) => dateTime(t) },
    { title: '作者', dataIndex: 'author', width: 140 },
    {
      title: '内容',
      dataIndex: 'body',
      render: (b: string) => <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{b}</Typography.Paragraph>,
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {canAdd && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Input.TextArea
            rows={3}
            maxLength={1000}
            showCount
            value={body}
            onChange={(e) => setBody(e.target.value)}
            placeholder="记录与该会员相关的情况"
            aria-label="备注内容"
          />
          <Button
            type="primary"
            loading={add.isPending}
            disabled={!body.trim()}
            onClick={() => add.mutate({ ...member, body: body.trim() })}
          >
            添加备注
          </Button>
        </Space>
      )}
      <Table rowKey="id" size="small" columns={columns} {...list.tableProps} />
    </Space>
  );
}

interface FlagForm {
  kind: (typeof RISK_FLAG_KINDS)[number];
  reason: string;
}

export function RiskTab({ member }: { member: MemberKey }) {
  const { modal } = App.useApp();
  const canWrite = useCan('risk.write');
  const q = useConsoleQuery(api.risk, member);
  const [form] = Form.useForm<FlagForm>();
  const set = useConsoleMutation(api.setFlag, { success: '已添加风控标记', onSuccess: () => form.resetFields() });
  const clear = useConsoleMutation(api.clearFlag, { success: '已解除风控标记' });
  const flagName = (k: string) => RISK_FLAG_NAMES[k as keyof typeof RISK_FLAG_NAMES] ?? k;
  const columns: TableColumnsType<z.infer<typeof riskFlag>> = [
    { title: '时间', dataIndex: 'at', width: 170, render: (t: number) => dateTime(t) },
    { title: '标记', dataIndex: 'kind', render: (k: string) => <Tag color="red">{flagName(k)}</Tag> },
    { title: '说明', dataIndex: 'reason' },
    { title: '来源', dataIndex: 'source', render: (s: string, r) => (s === 'manual' ? `人工（${r.by ?? '-'}）` : '活动系统自动识别') },
    {
      title: '状态',
      dataIndex: 'cleared',
      render: (c: boolean, r) =>
        c ? <Tag>{`已解除 ${r.clearedBy ?? ''} ${dateTime(r.clearedAt)}`}</Tag> : <Tag color="volcano">生效中</Tag>,
    },
    {
      title: '操作',
      key: 'op',
      render: (_: unknown, r) =>
        canWrite && r.source === 'manual' && !r.cleared ? (
          <Button
            size="small"
            onClick={() => modal.confirm({ title: '解除该风控标记？', onOk: () => clear.mutateAsync({ ...member, id: r.id }) })}
          >
            解除
          </Button>
        ) : null,
    },
  ];
  const p = q.data?.protection;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      {canWrite && (
        <Form<FlagForm>
          form={form}
          layout="inline"
          onFinish={(v) => set.mutate({ ...member, kind: v.kind, reason: v.reason.trim() })}
          style={{ rowGap: 12 }}
        >
          <Form.Item name="kind" label="标记" rules={[{ required: true, message: '请选择标记' }]}>
            <Select style={{ width: 140 }} options={RISK_FLAG_KINDS.map((k) => ({ value: k, label: RISK_FLAG_NAMES[k] }))} />
          </Form.Item>
          <Form.Item name="reason" label="说明" rules={[{ required: true, whitespace: true, message: '请填写说明' }]}>
            <Input style={{ width: 320 }} maxLength={500} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={set.isPending}>
            添加标记
          </Button>
        </Form>
      )}
      <Table rowKey="id" size="small" loading={q.isFetching} dataSource={q.data?.flags ?? []} columns={columns} pagination={false} />
      {p && (
        <Descriptions title="负责任博彩与实名认证（只读）" bordered size="small" column={2}>
          <Descriptions.Item label="实名认证">
            {KYC_STATUS[p.kyc] ?? p.kyc}
            {p.kycRejectReason ? `（${p.kycRejectReason}）` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="自我限制">
            {p.exclusion
              ? `${EXCLUSION_KINDS[p.exclusion.kind] ?? p.exclusion.kind}：${dateTime(p.exclusion.since)} 至 ${p.exclusion.until === null ? '永久' : dateTime(p.exclusion.until)}${p.exclusion.allBrands ? '（全部品牌）' : ''}`
              : '无'}
          </Descriptions.Item>
          <Descriptions.Item label="限额" span={2}>
            {p.limits.length === 0
              ? '未设置'
              : p.limits
                  .map((l) => {
                    const name = `${l.period && l.period !== 'session' ? (PERIODS[l.period] ?? '') : ''}${PROTECTION_KINDS[l.kind] ?? l.kind}`;
                    const amount =
                      l.amount === null
                        ? '未设置'
                        : l.kind === 'session' || l.kind === 'reality'
                          ? `${l.amount} 分钟`
                          : `${yuan(l.amount)} 元`;
                    return `${name}：${amount}`;
                  })
                  .join('；')}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Space>
  );
}

// ---- PvP card tables (issue 31): collusion signals ----
const PVP_SIGNAL_NAMES: Record<(typeof PVP_SIGNALS)[number], string> = {
  often_together: '经常同桌',
  chip_dumping: '疑似送分',
  shared_device: '共用设备',
  shared_ip: '共用地址',
};

/** The member's 棋牌 PvP table-mates with signals: seated together often, chip dumping beyond chance, a shared device or address. */
export function PvpSignalsTab({ member }: { member: MemberKey }) {
  const q = useConsoleQuery(api.pvpSignals, member);
  const columns: TableColumnsType<z.infer<typeof pvpSignal>> = [
    { title: '同桌会员', dataIndex: 'username', render: (u: string) => <Link to={memberPath(member.siteCode, u)}>{u}</Link> },
    { title: '同桌局数', dataIndex: 'hands' },
    { title: '对立局 / 输给对方', render: (_: unknown, r) => `${r.opposite} / ${r.lostTo}` },
    { title: '流向对方金额', dataIndex: 'flow', render: (f: number) => yuan(f) },
    { title: '随机出现概率', dataIndex: 'chance', render: (c: number) => (c < 0.0001 ? '<0.01%' : `${(c * 100).toFixed(2)}%`) },
    {
      title: '信号',
      dataIndex: 'signals',
      render: (s: (typeof PVP_SIGNALS)[number][]) =>
        s.map((x) => (
          <Tag key={x} color={x === 'chip_dumping' ? 'red' : 'orange'}>
            {PVP_SIGNAL_NAMES[x]}
          </Tag>
        )),
    },
  ];
  return (
    <Table
      rowKey="username"
      size="small"
      loading={q.isFetching}
      dataSource={q.data ?? []}
      columns={columns}
      pagination={false}
      locale={{ emptyText: <Empty description="没有棋牌对战记录" /> }}
    />
  );
}
