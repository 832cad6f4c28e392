/** 存款订单: search (order, member, state, channel, dates), an order's provider answers, and a manual reconcile with a reason. */
import { useState } from 'react';
import { Alert, Button, DatePicker, Descriptions, Drawer, Form, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { DEPOSIT_STATES, DEPOSIT_STATE_NAMES, consoleFinanceApi as api, type depositItem } from '@portal/contract/console';
import { useConsoleList, useConsoleMutation, useConsoleQuery } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { useCan } from '../../app/staff.tsx';
import { dateTime, yuan } from '../../lib/format.ts';
import { ReasonDialog } from './ReasonDialog.tsx';
import { filtersOf, type DateRange } from './search.ts';

type Deposit = z.infer<typeof depositItem>;
type State = (typeof DEPOSIT_STATES)[number];
interface FormValues {
  orderNo?: string;
  username?: string;
  status?: State;
  channelId?: string;
  range?: DateRange;
}
const STATE_COLORS: Record<State, string> = { pending: 'gold', paid: 'green', failed: 'red', closed: 'default', expired: 'default' };
const OUTCOMES: Record<string, string> = {
  credited: '渠道确认已付款，已入账',
  duplicate: '该订单此前已入账，未重复入账',
  ignored: '渠道记录与订单不符，未入账，请人工核查',
  failed: '渠道确认支付失败',
  unknown: '渠道尚无最终结果',
};

function DepositDrawer({ orderNo, onClose }: { orderNo: string | null; onClose(): void }) {
  const canReconcile = useCan('deposit.reconcile');
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const q = useConsoleQuery(api.depositDetail, { orderNo: orderNo ?? '' }, { enabled: orderNo !== null });
  const reconcile = useConsoleMutation(api.depositReconcile, {
    success: false,
    onSuccess: (r) => {
      setAsking(false);
      setOutcome(OUTCOMES[r.outcome] ?? r.outcome);
    },
  });
  const o = q.data?.order;
  return (
    <Drawer
      open={orderNo !== null}
      onClose={onClose}
      size="large"
      title={`存款订单 ${orderNo ?? ''}`}
      destroyOnHidden
      afterOpenChange={() => setOutcome(null)}
    >
      {o && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          {outcome && <Alert type="info" showIcon title={`对账结果：${outcome}`} />}
          {canReconcile && o.status !== 'paid' && (
            <Button type="primary" onClick={() => setAsking(true)}>
              手动对账
            </Button>
          )}
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label="会员账号">{o.username}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={STATE_COLORS[o.status]}>{DEPOSIT_STATE_NAMES[o.status]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="金额">{yuan(o.amount)} 元</Descriptions.Item>
            <Descriptions.Item label="手续费">{yuan(o.fee)} 元</Descriptions.Item>
            <Descriptions.Item label="渠道">{o.channelName}</Descriptions.Item>
            <Descriptions.Item label="支付商">{o.provider}</Descriptions.Item>
            <Descriptions.Item label="下单时间">{dateTime(o.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="到账时间">{dateTime(o.paidAt)}</Descriptions.Item>
            <Descriptions.Item label="过期时间">{dateTime(o.expiresAt)}</Descriptions.Item>
            <Descriptions.Item label="最近对账">{dateTime(o.checkedAt)}</Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey={(_, i) => String(i)}
            pagination={false}
            dataSource={q.data?.notifications ?? []}
            locale={{ emptyText: '暂无渠道通知' }}
            columns={[
              { title: '时间', dataIndex: 'receivedAt', render: (t: number) => dateTime(t) },
              { title: '来源', dataIndex: 'via', render: (v: string) => (v === 'query' ? '主动查询' : '渠道通知') },
              { title: '事件', dataIndex: 'event', render: (e: string) => (e === 'paid' ? '已付款' : '支付失败') },
              { title: '金额（元）', dataIndex: 'amount', render: (f: number) => yuan(f) },
              {
                title: '处理',
                dataIndex: 'outcome',
                render: (x: string) => ({ credited: '已入账', duplicate: '重复', ignored: '未处理' })[x] ?? x,
              },
            ]}
          />
        </Space>
      )}
      <ReasonDialog
        open={asking}
        title="手动对账"
        label="对账原因"
        okText="向渠道查询"
        loading={reconcile.isPending}
        onOk={(reason) => orderNo && reconcile.mutate({ orderNo, reason })}
        onCancel={() => setAsking(false)}
      />
    </Drawer>
  );
}

export default function DepositsPage() {
  const { siteCode } = useSite();
  const [filters, setFilters] = useState<Omit<FormValues, 'range'> & { from?: number; to?: number }>({});
  const [open, setOpen] = useState<string | null>(null);
  const list = useConsoleList(api.depositList, { ...(siteCode !== null ? { siteCode } : {}), ...filters }, { enabled: siteCode !== null });
  const onSearch = (v: FormValues) =>
    setFilters({ ...filtersOf(v, ['orderNo', 'username', 'channelId'] as const), ...(v.status ? { status: v.status } : {}) });
  const columns: TableColumnsType<Deposit> = [
    { title: '订单号', dataIndex: 'orderNo', render: (no: string) => <a onClick={() => setOpen(no)}>{no}</a> },
    { title: '会员', dataIndex: 'username' },
    { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (f: number) => yuan(f) },
    { title: '渠道', dataIndex: 'channelName' },
    { title: '状态', dataIndex: 'status', render: (s: State) => <Tag color={STATE_COLORS[s]}>{DEPOSIT_STATE_NAMES[s]}</Tag> },
    { title: '下单时间', dataIndex: 'createdAt', render: (t: number) => dateTime(t) },
    { title: '到账时间', dataIndex: 'paidAt', render: (t: number | null) => dateTime(t) },
  ];
  return (
    <>
      <Form<FormValues> layout="inline" onFinish={onSearch} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="orderNo" label="订单号">
          <Input allowClear style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="username" label="会员账号">
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={DEPOSIT_STATES.map((s) => ({ value: s, label: DEPOSIT_STATE_NAMES[s] }))}
          />
        </Form.Item>
        <Form.Item name="channelId" label="渠道编号">
          <Input allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="range" label="下单日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
      </Form>
      <Table<Deposit> rowKey="orderNo" size="middle" columns={columns} {...list.tableProps} />
      <DepositDrawer orderNo={open} onClose={() => setOpen(null)} />
    </>
  );
}
