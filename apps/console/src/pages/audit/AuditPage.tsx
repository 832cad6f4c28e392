/** The audit log: filters (brand, actor, action, dates), each row's before/after and hash, and the chain check. */
import { useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { SafetyCertificateOutlined, SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import { consoleStaffApi, type auditRow } from '@portal/contract/console';
import { useConsoleList, useConsoleMutation } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { dateTime } from '../../lib/format.ts';
import { diffLines } from './diff.ts';
import { ACTION_NAMES, FIELD_NAMES } from './labels.ts';

type AuditRow = z.infer<typeof auditRow>;
interface Filters {
  siteCode?: number;
  actor?: string;
  action?: string;
  from?: number;
  to?: number;
}
interface FormValues {
  siteCode?: number;
  actor?: string;
  action?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const clean = (s?: string) => (s && s.trim() ? s.trim() : undefined);

function Diff({ row }: { row: AuditRow }) {
  const lines = diffLines(row.before, row.after);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {lines.length === 0 ? (
        <Typography.Text type="secondary">没有记录变更前后的数据</Typography.Text>
      ) : (
        <Table
          size="small"
          pagination={false}
          rowKey="field"
          dataSource={lines}
          columns={[
            {
              title: '字段',
              dataIndex: 'field',
              width: 160,
              render: (f: string) => FIELD_NAMES[f] ?? f,
            },
            { title: '变更前', dataIndex: 'before', render: (v: string) => <pre className="console-diff">{v}</pre> },
            {
              title: '变更后',
              dataIndex: 'after',
              render: (v: string, l) => (
                <pre className="console-diff" style={l.changed ? { background: '#fff7e6' } : undefined}>
                  {v}
                </pre>
              ),
            },
          ]}
          rowClassName={(l) => (l.changed ? 'console-diff-changed' : '')}
        />
      )}
      <Typography.Text type="secondary">
        哈希：
        <Typography.Text code copyable>
          {row.hash}
        </Typography.Text>
      </Typography.Text>
    </Space>
  );
}

export default function AuditPage() {
  const { sites } = useSite();
  const [filters, setFilters] = useState<Filters>({});
  const list = useConsoleList(consoleStaffApi.auditList, filters);
  const [verified, setVerified] = useState<{ ok: boolean; rows: number; brokenAt: number | null; problem: string | null } | null>(null);
  const verify = useConsoleMutation(consoleStaffApi.auditVerify, { success: false, onSuccess: setVerified });

  const onSearch = (v: FormValues) =>
    setFilters({
      ...(v.siteCode ? { siteCode: v.siteCode } : {}),
      ...(clean(v.actor) ? { actor: clean(v.actor) } : {}),
      ...(clean(v.action) ? { action: clean(v.action) } : {}),
      ...(v.range?.[0] ? { from: v.range[0].startOf('day').valueOf() } : {}),
      ...(v.range?.[1] ? { to: v.range[1].endOf('day').valueOf() } : {}),
    });

  const siteTitle = (code: number | null) => (code === null ? '全局' : (sites.find((s) => s.siteCode === code)?.title ?? String(code)));
  const columns: TableColumnsType<AuditRow> = [
    { title: '时间', dataIndex: 'at', width: 170, render: (t: number) => dateTime(t) },
    {
      title: '操作人',
      dataIndex: 'actor',
      render: (a: string, r) => (
        <Space size={4}>
          {a}
          <Tag>{r.actorKind === 'ops' ? '命令行' : '后台'}</Tag>
        </Space>
      ),
    },
    { title: '品牌', dataIndex: 'siteCode', render: siteTitle },
    {
      title: '操作',
      dataIndex: 'action',
      render: (a: string) =>
        ACTION_NAMES[a] ? (
          <Tooltip title={a}>
            <span>{ACTION_NAMES[a]}</span>
          </Tooltip>
        ) : (
          a
        ),
    },
    { title: '对象', dataIndex: 'target' },
    {
      title: '结果',
      dataIndex: 'outcome',
      render: (o: string) => (o === 'ok' ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>),
    },
    {
      title: '哈希',
      dataIndex: 'hash',
      render: (h: string) => (
        <Tooltip title={h}>
          <Typography.Text code>{h.slice(0, 12)}…</Typography.Text>
        </Tooltip>
      ),
    },
  ];

  return (
    <>
      <Form<FormValues> layout="inline" onFinish={onSearch} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="siteCode" label="品牌">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 180 }}
            options={sites.map((s) => ({ value: s.siteCode, label: s.title }))}
          />
        </Form.Item>
        <Form.Item name="actor" label="操作人">
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="action" label="操作">
          <Input allowClear placeholder="如 staff/create" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="range" label="日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
        <Button icon={<SafetyCertificateOutlined />} loading={verify.isPending} onClick={() => verify.mutate({})} style={{ marginLeft: 8 }}>
          校验哈希链
        </Button>
      </Form>
      {verified && (
        <Alert
          style={{ marginBottom: 16 }}
          showIcon
          closable={{ onClose: () => setVerified(null) }}
          type={verified.ok ? 'success' : 'error'}
          title={
            verified.ok
              ? `哈希链完整：共校验 ${verified.rows} 条记录，未发现篡改`
              : `哈希链校验失败：第 ${verified.brokenAt ?? '?'} 条记录异常`
          }
          description={verified.ok ? undefined : (verified.problem ?? undefined)}
          data-testid="audit-verify-result"
        />
      )}
      <Table<AuditRow>
        rowKey="id"
        size="middle"
        columns={columns}
        expandable={{ expandedRowRender: (r) => <Diff row={r} /> }}
        {...list.tableProps}
      />
    </>
  );
}
