/** Staff accounts: search, create, edit (roles, brands, IP allow-list), disable/enable, reset 2FA, reset password. */
import { useState } from 'react';
import { App, Button, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ROLE_NAMES, consoleStaffApi, type StaffRow } from '@portal/contract/console';
import { useConsoleList, useConsoleMutation } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { useCan, useMe } from '../../app/staff.tsx';
import { dateTime } from '../../lib/format.ts';
import { StaffForm } from './StaffForm.tsx';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';

export default function StaffPage() {
  const canWrite = useCan('staff.write');
  const me = useMe();
  const { sites } = useSite();
  const { modal } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<StaffRow | 'new' | null>(null);
  const [resetting, setResetting] = useState<StaffRow | null>(null);
  const list = useConsoleList(consoleStaffApi.list, keyword ? { keyword } : {});
  const update = useConsoleMutation(consoleStaffApi.update);
  const resetTotp = useConsoleMutation(consoleStaffApi.resetTotp, { success: '已重置两步验证，该员工下次登录需重新绑定' });

  const siteTitle = (code: number) => sites.find((s) => s.siteCode === code)?.title ?? String(code);

  const columns: TableColumnsType<StaffRow> = [
    { title: '用户名', dataIndex: 'username' },
    { title: '姓名', dataIndex: 'displayName' },
    {
      title: '角色',
      dataIndex: 'roles',
      render: (roles: StaffRow['roles']) => roles.map((r) => <Tag key={r}>{ROLE_NAMES[r]}</Tag>),
    },
    {
      title: '品牌',
      dataIndex: 'sites',
      render: (s: StaffRow['sites']) => (s === null ? <Tag color="gold">全部品牌</Tag> : s.map((c) => <Tag key={c}>{siteTitle(c)}</Tag>)),
    },
    { title: 'IP白名单', dataIndex: 'ipAllowList', render: (ips: string[]) => (ips.length ? ips.join('、') : '不限') },
    {
      title: '状态',
      key: 'state',
      render: (_, r) => (
        <Space size={4}>
          {r.disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>}
          {r.totpEnabled ? <Tag color="blue">已绑定两步验证</Tag> : <Tag>未绑定两步验证</Tag>}
        </Space>
      ),
    },
    { title: '最近登录', dataIndex: 'lastLoginAt', render: (t: number | null) => dateTime(t) },
    { title: '创建时间', dataIndex: 'createdAt', render: (t: number) => dateTime(t) },
    ...(canWrite
      ? [
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, r: StaffRow) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                {r.id !== me.id && (
                  <Button
                    type="link"
                    size="small"
                    danger={!r.disabled}
                    onClick={() =>
                      modal.confirm({
                        title: r.disabled ? `启用员工 ${r.username}？` : `停用员工 ${r.username}？`,
                        content: r.disabled ? undefined : '停用后该员工的所有登录会话立即失效。',
                        okText: '确定',
                        cancelText: '取消',
                        onOk: () => update.mutateAsync({ id: r.id, disabled: !r.disabled }),
                      })
                    }
                  >
                    {r.disabled ? '启用' : '停用'}
                  </Button>
                )}
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    modal.confirm({
                      title: `重置 ${r.username} 的两步验证？`,
                      content: '将清除其验证器绑定和恢复码，并结束其所有会话；下次登录时需重新绑定。',
                      okText: '重置',
                      cancelText: '取消',
                      onOk: () => resetTotp.mutateAsync({ id: r.id }),
                    })
                  }
                >
                  重置两步验证
                </Button>
                <Button type="link" size="small" onClick={() => setResetting(r)}>
                  重置密码
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search placeholder="用户名或姓名" allowClear onSearch={(v) => setKeyword(v.trim())} style={{ width: 260 }} />
        {canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新建员工
          </Button>
        )}
      </Space>
      <Table<StaffRow> rowKey="id" columns={columns} size="middle" scroll={{ x: 1100 }} {...list.tableProps} />
      {editing && <StaffForm staff={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {resetting && <ResetPasswordDialog staff={resetting} onClose={() => setResetting(null)} />}
    </>
  );
}
