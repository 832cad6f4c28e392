/**
 * The phone's bottom tab bar (issue 30): 首页 / 优惠 / 客服 / 钱包 / 我的, as players here know it. Rendered always and
 * shown by CSS at phone widths only (shell/phone.css), so one app serves both layouts and no page re-renders on a resize.
 */
import type { ReactNode } from 'react';
import { CustomerServiceOutlined, GiftOutlined, HomeOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bus } from '../app/events.ts';
import { openPath } from '../routes/nav.ts';

type Tab = 'home' | 'discount' | 'service' | 'wallet' | 'mine';

const WALLET = ['/mine/wallet', '/mine/savemoney', '/mine/transfermoney', '/mine/takemoney'];

/** The tab a path belongs to (none for a game or a lobby: the bar then marks nothing). */
export function phoneTabOf(pathname: string): Tab | null {
  if (pathname === '/') return 'home';
  if (pathname.startsWith('/activity')) return 'discount';
  if (pathname === '/support' || pathname.startsWith('/app/help')) return 'service';
  if (WALLET.some((p) => pathname === p) || /^\/mine\/\w+Wait$/.test(pathname)) return 'wallet';
  if (pathname.startsWith('/mine')) return 'mine';
  return null;
}

const TABS: { tab: Tab; icon: ReactNode; go: () => void }[] = [
  { tab: 'home', icon: <HomeOutlined />, go: () => openPath('/') },
  { tab: 'discount', icon: <GiftOutlined />, go: () => openPath('/activity/discount') },
  { tab: 'service', icon: <CustomerServiceOutlined />, go: () => bus.emit('open_customer_service') },
  { tab: 'wallet', icon: <WalletOutlined />, go: () => openPath('/mine/wallet') },
  { tab: 'mine', icon: <UserOutlined />, go: () => openPath('/mine/userinfo') },
];

export function PhoneNav() {
  const { t } = useTranslation('nav');
  const current = phoneTabOf(useLocation().pathname);
  return (
    <nav className="phone-nav" aria-label={t('phone.label')} data-testid="phone-nav">
      {TABS.map(({ tab, icon, go }) => (
        <button
          key={tab}
          type="button"
          className="phone-nav__item"
          data-tab={tab}
          aria-current={current === tab ? 'page' : undefined}
          onClick={go}
        >
          <span className="phone-nav__icon" aria-hidden="true">
            {icon}
          </span>
          <span className="phone-nav__label">{t(`phone.${tab}`)}</span>
        </button>
      ))}
    </nav>
  );
}
