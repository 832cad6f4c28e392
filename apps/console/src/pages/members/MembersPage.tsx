/** 会员列表: search the members of the brand chosen in the header by username, phone, e-mail, id, IP or device. */
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Form, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import {
  consoleMembersApi,
  MEMBER_SEARCH_KEYS,
  MEMBER_SEARCH_KEY_NAMES,
  type MemberRow,
  type MemberSearchKey,
} from '@portal/contract/console';
import { useConsoleList } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { dateTime } from '../../lib/format.ts';
import { STATUS } from './labels.ts';

interface FormValues {
  by: MemberSearchKey;
  keyword?: string;
  status?: 'active' | 'disabled';
}

export const memberPath = (siteCode: number, username: string) => `/members/${siteCode}/${encodeURIComponent(username)}`;

export function StatusTag({ status }: { status: string }) {
  const [text, color] = STATUS[status] ?? [status, 'default'];
  return <Tag color={color}>{text}</Tag>;
}

export default function MembersPage() {
  const { siteCode } = useSite();
  const [filters, setFilters] = useState<Omit<FormValues, 'by'> & { by?: MemberSearchKey }>({});
  const list = useConsoleList(consoleMembersApi.search, { siteCode: siteCode ?? undefined, ...filters }, { enabled: siteCode !== null });

  const onSearch = (v: FormValues) => {
    const keyword = v.keyword?.trim();
    setFilters({ ...(keyword ? { by: v.by, keyword } : {}), ...(v.status ? { status: v.status } : {}) });
  };

  const columns: TableColumnsType<MemberRow> = [
    {
      title: '用户名',
      dataIndex: 'username',
      render: (u: string, r) => <Link to={memberPath(r.siteCode, u)}>{u}</Link>,
    },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: string) => <StatusTag status={s} /> },
    { title: 'VIP', dataIndex: 'vipGrade', width: 70, render: (g: number) => `VIP${g}` },
    { title: '真实姓名', dataIndex: 'realName', render: (v: string | null) => v ?? '-' },
    { title: '手机号', dataIndex: 'phone', render: (v: string | null) => v ?? '-' },
    { title: '邮箱', dataIndex: 'email', render: (v: string | null) => v ?? '-' },
    { title: '注册 IP', dataIndex: 'registerIp' },
    { title: '注册时间', dataIndex: 'createdAt', width: 170, render: (t: number) => dateTime(t) },
    { title: '最后登录', dataIndex: 'lastLoginAt', width: 170, render: (t: number | null) => dateTime(t) },
  ];

  return (
    <>
      <Form<FormValues> layout="inline" initialValues={{ by: 'username' }} onFinish={onSearch} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="by" label="查询方式">
          <Select style={{ width: 120 }} options={MEMBER_SEARCH_KEYS.map((k) => ({ value: k, label: MEMBER_SEARCH_KEY_NAMES[k] }))} />
        </Form.Item>
        <Form.Item name="keyword" label="关键字">
          <Input allowClear placeholder="用户名可输入前几位" style={{ width: 240 }} aria-label="关键字" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 110 }}
            options={[
              { value: 'active', label: '正常' },
              { value: 'disabled', label: '已停用' },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
      </Form>
      <Table<MemberRow> rowKey={(r) => `${r.siteCode}:${r.username}`} columns={columns} {...list.tableProps} />
    </>
  );
}
