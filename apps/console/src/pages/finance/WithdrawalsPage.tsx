/** 提款审核: the review queue, one tab per stage with its count; a row opens the review drawer. */
import { useState } from 'react';
import { Button, DatePicker, Form, Input, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import {
  WITHDRAW_STAGES,
  WITHDRAW_STAGE_NAMES,
  consoleFinanceApi as api,
  type WithdrawItem,
  type WithdrawStageName,
} from '@portal/contract/console';
import { useConsoleList, useConsoleQuery } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { dateTime, yuan } from '../../lib/format.ts';
import { METHOD_NAMES, PAYOUT_STATE_NAMES, STAGE_COLORS } from './names.ts';
import { ReviewDrawer } from './ReviewDrawer.tsx';
import { filtersOf, type DateRange } from './search.ts';

interface Search {
  orderNo?: string;
  username?: string;
  from?: number;
  to?: number;
}
interface FormValues {
  orderNo?: string;
  username?: string;
  range?: DateRange;
}

export default function WithdrawalsPage() {
  const { siteCode } = useSite();
  const [stage, setStage] = useState<WithdrawStageName>('pending');
  const [search, setSearch] = useState<Search>({});
  const [open, setOpen] = useState<string | null>(null);
  const base = { ...(siteCode !== null ? { siteCode } : {}), ...search };
  const list = useConsoleList(api.withdrawList, { ...base, stage }, { enabled: siteCode !== null });
  const counts = useConsoleQuery(api.withdrawList, { ...base, pageSize: 1 }, { enabled: siteCode !== null }).data?.counts ?? {};

  const onSearch = (v: FormValues) => setSearch(filtersOf(v, ['orderNo', 'username'] as const));

  const columns: TableColumnsType<WithdrawItem> = [
    { title: '订单号', dataIndex: 'orderNo', render: (no: string) => <a onClick={() => setOpen(no)}>{no}</a> },
    { title: '会员', dataIndex: 'username' },
    { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (f: number) => yuan(f) },
    { title: '方式', dataIndex: 'method', render: (m: string) => METHOD_NAMES[m] ?? m },
    { title: '收款账户', dataIndex: 'target' },
    {
      title: '状态',
      dataIndex: 'stage',
      render: (s: WithdrawStageName, r) => (
        <>
          <Tag color={STAGE_COLORS[s]}>{WITHDRAW_STAGE_NAMES[s]}</Tag>
          {r.needsSecondApproval && s !== 'paid' && s !== 'rejected' && <Tag color="purple">需复审</Tag>}
          {r.payoutState && r.payoutState !== 'paid' && <Tag color="red">{PAYOUT_STATE_NAMES[r.payoutState]}</Tag>}
        </>
      ),
    },
    {
      title: '经办',
      key: 'who',
      render: (_, r) => [r.riskLockedBy, r.secondApprover, r.payLockedBy].filter(Boolean).join(' / ') || '-',
    },
    { title: '申请时间', dataIndex: 'createdAt', render: (t: number) => dateTime(t) },
    {
      title: '操作',
      key: 'op',
      render: (_, r) => (
        <Button size="small" onClick={() => setOpen(r.orderNo)}>
          {r.stage === 'paid' || r.stage === 'rejected' ? '详情' : '审核'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Form<FormValues> layout="inline" onFinish={onSearch} style={{ marginBottom: 12, rowGap: 12 }}>
        <Form.Item name="orderNo" label="订单号">
          <Input allowClear style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="username" label="会员账号">
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="range" label="申请日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
      </Form>
      <Tabs
        activeKey={stage}
        onChange={(k) => setStage(k as WithdrawStageName)}
        items={WITHDRAW_STAGES.map((s) => ({ key: s, label: `${WITHDRAW_STAGE_NAMES[s]} (${counts[s] ?? 0})` }))}
      />
      <Table<WithdrawItem> rowKey="orderNo" size="middle" columns={columns} {...list.tableProps} />
      <ReviewDrawer orderNo={open} onClose={() => setOpen(null)} />
    </>
  );
}
