/** Help centre frame: grouped side menu of HELP_PAGES, the page in a card (react-router <Outlet/>). */
import { Suspense, useMemo } from 'react';
import { Button, Layout, Menu, Skeleton, type MenuProps } from 'antd';
import { CustomerServiceOutlined, ReadOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bus } from '../../app/events.ts';
import { HELP_GROUPS, HELP_PAGES } from './pages.tsx';
import './help.css';
import './help.phone.css';

const { Sider, Content } = Layout;

export function HelpLayout() {
  const { t } = useTranslation('help');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = HELP_PAGES.find((p) => pathname === `/app/help/${p.path}` || pathname.startsWith(`/app/help/${p.path}/`))?.path;

  const items = useMemo<MenuProps['items']>(
    () =>
      HELP_GROUPS.map((group) => ({
        type: 'group' as const,
        key: `group-${group}`,
        label: t(`groups.${group}`),
        children: HELP_PAGES.filter((p) => p.group === group).map((p) => ({ key: p.path, icon: p.icon, label: t(p.titleKey) })),
      })),
    [t],
  );

  return (
    <Layout className="help-center" hasSider>
      <Sider className="help-center__sider" width="15rem" theme="light">
        <div className="help-center__brand">
          <ReadOutlined className="help-center__brand-icon" aria-hidden />
          <div>
            <div className="help-center__brand-title">{t('center.title')}</div>
            <div className="help-center__brand-sub">{t('center.subtitle')}</div>
          </div>
        </div>
        <nav aria-label={t('center.menuLabel')}>
          <Menu
            className="help-center__menu"
            mode="inline"
            items={items}
            selectedKeys={current ? [current] : []}
            onClick={({ key }) => navigate(`/app/help/${key}`)}
          />
        </nav>
        <div className="help-center__more">
          <div className="help-center__more-title">{t('center.needMore')}</div>
          <Button block icon={<CustomerServiceOutlined />} onClick={() => bus.emit('open_customer_service')}>
            {t('center.contactUs')}
          </Button>
        </div>
      </Sider>
      <Content className="help-center__content">
        <div className="help-center__card">
          {/* A page may need a namespace not loaded yet (e.g. 'legal' for gztk): only the card waits. */}
          <Suspense fallback={<Skeleton active paragraph={{ rows: 12 }} />}>
            <Outlet />
          </Suspense>
        </div>
      </Content>
    </Layout>
  );
}
