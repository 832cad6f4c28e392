/** 会员账变: a member's statement from the ledger — their accounts' balances and every posting with its running balance. */
import { useState } from 'react';
import { Button, Card, DatePicker, Empty, Form, Input, Space, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { consoleFinanceApi as api, type statementLine } from '@portal/contract/console';
import { useConsoleList, useConsoleQuery } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { dateTime, yuan } from '../../lib/format.ts';
import { accountKind, accountLabel, journalKind } from './names.ts';
import { filtersOf, type DateRange } from './search.ts';

type Line = z.infer<typeof statementLine>;
interface FormValues {
  username?: string;
  range?: DateRange;
}

export default function StatementPage() {
  const { siteCode } = useSite();
  const [f, setF] = useState<{ username: string; from?: number; to?: number } | null>(null);
  const body = {
    ...(siteCode !== null ? { siteCode } : {}),
    username: f?.username ?? '',
    ...(f?.from ? { from: f.from } : {}),
    ...(f?.to ? { to: f.to } : {}),
  };
  const enabled = f !== null && siteCode !== null;
  const list = useConsoleList(api.statement, body, { enabled });
  const head = useConsoleQuery(api.statement, { ...body, pageSize: 1 }, { enabled });
  const onSearch = (v: FormValues) => {
    const { username, from, to } = filtersOf(v, ['username'] as const);
    if (username) setF({ username, ...(from ? { from } : {}), ...(to ? { to } : {}) });
  };
  const columns: TableColumnsType<Line> = [
    { title: '时间', dataIndex: 'createdAt', render: (t: number) => dateTime(t) },
    { title: '类型', dataIndex: 'kind', render: (k: string) => journalKind(k) },
    { title: '账户', dataIndex: 'account', render: (a: string) => accountLabel(a) },
    {
      title: '变动（元）',
      dataIndex: 'amount',
      align: 'right',
      render: (v: number) => <Typography.Text type={v < 0 ? 'danger' : 'success'}>{v > 0 ? `+${yuan(v)}` : yuan(v)}</Typography.Text>,
    },
    { title: '变动后余额（元）', dataIndex: 'balanceAfter', align: 'right', render: (v: number) => yuan(v) },
    { title: '关联单号', dataIndex: 'refId' },
  ];
  return (
    <>
      <Form<FormValues> layout="inline" onFinish={onSearch} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="username" label="会员账号" rules={[{ required: true, message: '请输入会员账号' }]}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="range" label="日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
      </Form>
      {!f && <Empty description="输入会员账号查询账变" />}
      {head.error && <Typography.Text type="danger">{head.error.message}</Typography.Text>}
      {f && head.data && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            {head.data.accounts.map((a) => (
              <Card key={a.accountId} size="small">
                <Statistic
                  title={`${accountKind(a.kind)}${a.ref ? ` ${a.ref}` : ''}${a.currency !== 'CNY' ? ` ${a.currency}` : ''}`}
                  value={yuan(a.balance)}
                  suffix="元"
                />
              </Card>
            ))}
          </Space>
          <Table<Line> rowKey="postingId" size="middle" columns={columns} {...list.tableProps} />
        </Space>
      )}
    </>
  );
}
