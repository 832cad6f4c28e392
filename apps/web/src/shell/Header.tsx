/**
 * Site header: brand logo + title, the spec §1 sections, language and edition switches, and either
 * login / register (anonymous) or the balance and member menu (logged in).
 */
import { useEffect, type ReactNode } from 'react';
import { Badge, Button, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  CustomerServiceOutlined,
  DownOutlined,
  FireOutlined,
  GiftOutlined,
  GlobalOutlined,
  HomeOutlined,
  LogoutOutlined,
  MailOutlined,
  MobileOutlined,
  ProfileOutlined,
  ReloadOutlined,
  RocketOutlined,
  StarOutlined,
  TrophyOutlined,
  UnorderedListOutlined,
  UserOutlined,
  CommentOutlined,
  VideoCameraOutlined,
  WalletOutlined,
  AimOutlined,
  CrownOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@portal/rules';
import { bus } from '../app/events.ts';
import { useSite } from '../app/site.ts';
import { LANGUAGES, type Language } from '../app/i18n.ts';
import { openPath } from '../routes/nav.ts';
import { useSession } from '../stores/session.ts';
import { useNetwork } from '../stores/network.ts';
import { useUi, type Edition } from '../stores/ui.ts';
import { LazyDropdown } from '../ui/layout/LazyDropdown.tsx';
import { SECTIONS } from './sections.ts';
import { NoticeMarquee } from '../features/messages/NoticeMarquee.tsx';
import { unreadTotal, useUnread, watchCentralWallet, watchUnread } from '../features/messages/unread.ts';
import { VipBadge } from '../features/vip/VipBadge.tsx';
import { activeExclusion, useProtectionState } from '../features/protection/api.ts';

/** A member-menu entry with its unread count. */
const Counted = ({ label, count }: { label: string; count: number }) => (
  <span className="member-menu__entry">
    {label}
    {count > 0 && <Badge count={count} size="small" overflowCount={99} />}
  </span>
);

const ICONS: Record<string, ReactNode> = {
  HOME: <HomeOutlined />,
  TY: <TrophyOutlined />,
  ZR: <VideoCameraOutlined />,
  QP: <AppstoreOutlined />,
  DZ: <StarOutlined />,
  DJ: <RocketOutlined />,
  CP: <FireOutlined />,
  BY: <AimOutlined />,
  discount: <GiftOutlined />,
  sponsor: <CrownOutlined />,
  download: <MobileOutlined />,
  service: <CustomerServiceOutlined />,
};

function Brand() {
  const site = useSite();
  return (
    <a
      className="brand"
      href="/"
      onClick={(e) => {
        e.preventDefault();
        openPath('/');
      }}
      aria-label={site.title || undefined}
    >
      {site.logoUrl ? <img className="brand__mark" src={site.logoUrl} alt="" width={40} height={40} /> : <span className="brand__mark" />}
      <span className="brand__title">{site.title}</span>
    </a>
  );
}

function MainNav({ currentSection }: { currentSection?: string }) {
  const { t } = useTranslation('nav');
  const { flags } = useSite();
  return (
    <nav className="main-nav" aria-label={t('menu.main')}>
      <ul>
        {SECTIONS.filter((s) => !s.flag || flags[s.flag]).map((s) => {
          const label = t(`section.${s.code}`);
          const content = (
            <>
              {!flags.hideNavIcon && (
                <span className="main-nav__icon" aria-hidden="true">
                  {ICONS[s.code]}
                </span>
              )}
              <span className="main-nav__label">{label}</span>
            </>
          );
          return (
            <li key={s.code} data-code={s.code}>
              {s.path ? (
                <a
                  href={s.path}
                  aria-current={currentSection === s.code ? 'page' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    openPath(s.path!);
                  }}
                >
                  {content}
                </a>
              ) : (
                <button type="button" onClick={() => bus.emit('open_customer_service')}>
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const EDITIONS: readonly Edition[] = ['classic', 'professional'];

function Switches() {
  const { t } = useTranslation('common');
  const { flags } = useSite();
  const edition = useUi((s) => s.edition);
  const setEdition = useUi((s) => s.setEdition);
  const language = useUi((s) => s.language) ?? flags.defaultLanguage;
  const setLanguage = useUi((s) => s.setLanguage);
  const items: MenuProps['items'] = LANGUAGES.map((lng) => ({ key: lng, label: t(`lang.${lng}`) }));
  return (
    <div className="header-switches">
      {flags.modeSwitch && (
        // Two plain radio buttons: antd's Segmented (~3 KB gzip) would be on the home route for this alone.
        <div className="edition-switch" role="radiogroup" aria-label={t('edition.label')}>
          {EDITIONS.map((e) => (
            <button
              key={e}
              type="button"
              role="radio"
              aria-checked={edition === e}
              className="edition-switch__item"
              onClick={() => setEdition(e)}
            >
              {t(`edition.${e}`)}
            </button>
          ))}
        </div>
      )}
      <LazyDropdown
        menu={{ items, selectable: true, selectedKeys: [language], onClick: ({ key }) => setLanguage(key as Language) }}
        trigger={['click']}
      >
        <button type="button" className="lang-switch" aria-label={t('language')} data-lang={language}>
          <GlobalOutlined /> {t(`lang.${language}`)} <DownOutlined className="lang-switch__caret" />
        </button>
      </LazyDropdown>
    </div>
  );
}

function MemberArea() {
  const { t } = useTranslation(['common', 'nav']);
  const { flags } = useSite();
  const user = useSession((s) => s.user);
  const balanceFen = useSession((s) => s.balanceFen);
  const vipGrade = useSession((s) => s.user?.vipGrade ?? 0);
  const unread = useUnread();
  // During a time-out or self-exclusion only withdrawals are possible: the header offers no 存款.
  const excluded = activeExclusion(useProtectionState().data?.exclusion) !== null;
  useEffect(() => {
    // Spec §4: after login the unread counts are fetched; then kept fresh (pushed, polled as fallback) while the member stays.
    const stop = watchUnread();
    const stopWallet = watchCentralWallet();
    return () => {
      stop();
      stopWallet();
      useUnread.getState().clear();
    };
  }, []);
  const menu: MenuProps['items'] = [
    { key: '/mine/userinfo', icon: <UserOutlined />, label: t('nav:menu.profile') },
    // The grade is the member's own (member/info, refreshed when the VIP page sees a new one): no fetch of its own.
    {
      key: '/mine/vip',
      icon: <CrownOutlined />,
      label: (
        <span className="member-menu__entry">
          {t('nav:route.vip')}
          <VipBadge grade={vipGrade} size="sm" />
        </span>
      ),
    },
    { key: '/mine/wallet', icon: <WalletOutlined />, label: t('nav:menu.wallet') },
    { key: '/mine/betRecord', icon: <UnorderedListOutlined />, label: t('nav:menu.betRecord') },
    { key: '/mine/transRecord', icon: <ProfileOutlined />, label: t('nav:menu.transRecord') },
    { key: '/mine/message', icon: <MailOutlined />, label: <Counted label={t('nav:menu.message')} count={unread.letters?.total ?? 0} /> },
    {
      key: '/mine/feedback/list',
      icon: <CommentOutlined />,
      label: <Counted label={t('nav:route.feedbackList')} count={unread.feedback} />,
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('nav:menu.logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') {
      void useSession
        .getState()
        .logout()
        .finally(() => openPath('/'));
    } else openPath(key);
  };
  return (
    <div className="member-area">
      <div className="balance" aria-label={t('common:balance')}>
        <span className="balance__label">{t('common:balance')}</span>
        <span className="balance__value" data-testid="balance">
          {balanceFen === null ? '--' : `¥ ${formatAmount(balanceFen)}`}
        </span>
        <button
          type="button"
          className="balance__refresh"
          aria-label={t('common:refresh')}
          onClick={() => void useSession.getState().loadUser()}
        >
          <ReloadOutlined />
        </button>
      </div>
      {flags.deposit && !excluded && (
        <Button type="primary" className="member-area__deposit" onClick={() => openPath('/mine/savemoney')}>
          {t('nav:menu.deposit')}
        </Button>
      )}
      <LazyDropdown menu={{ items: menu, onClick }} trigger={['click']} placement="bottomRight">
        <button type="button" className="member-menu" aria-label={t('nav:menu.member')} data-testid="member-menu">
          <Badge count={unreadTotal(unread)} size="small" overflowCount={99} offset={[-4, 4]} data-testid="unread-badge">
            <span className="member-menu__avatar">
              <UserOutlined />
            </span>
          </Badge>
          <span className="member-menu__name">{user?.name ?? ''}</span>
          {user && <VipBadge grade={user.vipGrade} size="sm" />}
          <DownOutlined />
        </button>
      </LazyDropdown>
    </div>
  );
}

function GuestArea() {
  const { t } = useTranslation('common');
  return (
    <div className="guest-area">
      <Button className="guest-area__login" onClick={() => bus.emit('login')}>
        {t('login')}
      </Button>
      <Button type="primary" className="guest-area__register" onClick={() => bus.emit('register')}>
        {t('register')}
      </Button>
    </div>
  );
}

/** Issue 36: a quiet note while reads are being retried (the member stays signed in meanwhile). */
function NetworkNote() {
  const { t } = useTranslation('common');
  const retrying = useNetwork((s) => s.retrying > 0);
  if (!retrying) return null;
  return (
    <span className="net-note" role="status" data-testid="net-retrying">
      {t('netRetrying')}
    </span>
  );
}

function TopNote() {
  const { t } = useTranslation('common');
  return <p className="site-header__note">{t('footer.adult')}</p>;
}

export function Header({ currentSection }: { currentSection?: string }) {
  const token = useSession((s) => s.token);
  const themeMode = useUi((s) => s.themeMode);
  return (
    <header className="site-header" data-theme={themeMode}>
      <div className="site-header__top">
        <div className="site-header__inner">
          <TopNote />
          <NoticeMarquee />
          <Switches />
        </div>
      </div>
      <div className="site-header__bar">
        <div className="site-header__inner">
          <Brand />
          <MainNav currentSection={currentSection} />
          <NetworkNote />
          {token ? <MemberArea /> : <GuestArea />}
        </div>
      </div>
    </header>
  );
}
