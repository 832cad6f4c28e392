/**
 * The console's frame: the side menu (the page registry filtered by the staff member's permissions, in groups),
 * the header (brand switcher, name and roles, change password, sign out) and the page.
 */
import { Suspense, useMemo, useState } from 'react';
import { Outlet, matchPath, useLocation, useNavigate } from 'react-router';
import { useLogout } from '@refinedev/core';
import { Button, Dropdown, Layout, Menu, Select, Space, Spin, Tag, Typography, type MenuProps } from 'antd';
import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { ROLE_NAMES } from '@portal/contract/console';
import { PAGE_GROUPS, type ConsolePage } from '../pages/types.ts';
import { ChangePasswordDialog } from './ChangePassword.tsx';
import { useSite } from './site.tsx';
import { useMe } from './staff.tsx';

export function ConsoleLayout({ pages }: { pages: ConsolePage[] }) {
  const me = useMe();
  const site = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  const { mutate: logout } = useLogout();
  const [changing, setChanging] = useState(false);

  const items = useMemo<MenuProps['items']>(() => {
    const visible = pages.filter((p) => !p.hidden);
    return (Object.keys(PAGE_GROUPS) as (keyof typeof PAGE_GROUPS)[])
      .map((g) => ({ g, entries: visible.filter((p) => p.group === g) }))
      .filter(({ entries }) => entries.length > 0)
      .map(({ g, entries }) => ({
        type: 'group' as const,
        key: `group:${g}`,
        label: PAGE_GROUPS[g],
        children: entries.map((p) => ({ key: p.key, icon: p.icon, label: p.title })),
      }));
  }, [pages]);

  const path = location.pathname.replace(/^\/+/, '');
  // The menu entry of the section (a detail page such as members/:username highlights 会员列表) …
  const section = pages
    .filter((p) => !p.hidden && (path === p.path || path.startsWith(`${p.path}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0];
  // … and the heading of the page itself (会员详情), hidden routes with parameters included.
  const current = pages.find((p) => matchPath({ path: p.path, end: true }, path)) ?? section;

  const userMenu: MenuProps['items'] = [
    { key: 'password', icon: <KeyOutlined />, label: '修改密码', onClick: () => setChanging(true) },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: '退出登录',
      onClick: () => logout(undefined, { onSuccess: () => navigate('/signin', { replace: true }) }),
    },
  ];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={208} theme="dark" breakpoint="lg" collapsedWidth={0}>
        <div className="console-logo">运营管理后台</div>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={section ? [section.key] : []}
          onClick={({ key }) => {
            const p = pages.find((x) => x.key === key);
            if (p) navigate(`/${p.path}`);
          }}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <Space size={12}>
            <Typography.Text type="secondary">品牌</Typography.Text>
            <Select
              aria-label="切换品牌"
              data-testid="site-switcher"
              style={{ minWidth: 180 }}
              loading={site.loading}
              value={site.siteCode ?? undefined}
              placeholder={site.loading ? '加载中' : '无可用品牌'}
              options={site.sites.map((s) => ({ value: s.siteCode, label: `${s.title}（${s.siteCode}）` }))}
              onChange={(v: number) => site.setSiteCode(v)}
            />
          </Space>
          <Space size={12}>
            <span data-testid="staff-roles">
              {me.roles.map((r) => (
                <Tag key={r} color="blue">
                  {ROLE_NAMES[r]}
                </Tag>
              ))}
            </span>
            <Dropdown menu={{ items: userMenu }} trigger={['click']}>
              <Button type="text" icon={<UserOutlined />} data-testid="staff-menu">
                {me.displayName}
                <DownOutlined />
              </Button>
            </Dropdown>
          </Space>
        </Layout.Header>
        <Layout.Content className="console-content">
          {current && (
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {current.title}
            </Typography.Title>
          )}
          <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
    </Layout>
  );
}
