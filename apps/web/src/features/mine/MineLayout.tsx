/** Member centre frame: member card (name, VIP, security level, balance) and the grouped side menu. */
import type { ReactNode } from 'react';
import { App as AntApp, Progress } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@portal/rules';
import { useSite } from '../../app/site.ts';
import { openPath } from '../../routes/nav.ts';
import { useSession } from '../../stores/session.ts';
import { ExcludedBanner } from '../protection/ExcludedBanner.tsx';
import { MemberAvatar } from './AvatarPicker.tsx';
import { SECURITY_COLOR, securityGrade } from './security.ts';
import './mine.css';
import './mine.phone.css';

interface Item {
  path: string;
  name: string;
  flag?: 'deposit';
}
const GROUPS: { key: string; items: Item[] }[] = [
  {
    key: 'funds',
    items: [
      { path: '/mine/wallet', name: 'wallet' },
      { path: '/mine/savemoney', name: 'saveMoney', flag: 'deposit' },
      { path: '/mine/transfermoney', name: 'transferMoney' },
      { path: '/mine/takemoney', name: 'takeMoney' },
    ],
  },
  {
    key: 'records',
    items: [
      { path: '/mine/transRecord', name: 'transRecord' },
      { path: '/mine/betRecord', name: 'betRecord' },
      { path: '/mine/giftRecord', name: 'giftRecord' },
    ],
  },
  {
    key: 'account',
    items: [
      { path: '/mine/userinfo', name: 'userinfo' },
      { path: '/mine/auth', name: 'auth' },
      { path: '/mine/addBankCard', name: 'addBankCard' },
      { path: '/mine/virtualCoinCard', name: 'virtualCoinCard' },
      { path: '/mine/alipayManage', name: 'alipayManage' },
      { path: '/mine/protection', name: 'protection' },
    ],
  },
  {
    key: 'member',
    items: [
      { path: '/mine/vip', name: 'vip' },
      { path: '/mine/welfare', name: 'welfare' },
    ],
  },
  {
    key: 'service',
    items: [
      { path: '/mine/message', name: 'message' },
      { path: '/mine/feedback', name: 'feedback' },
      { path: '/mine/feedback/list', name: 'feedbackList' },
    ],
  },
];

function MemberCard() {
  const { t } = useTranslation('mine');
  const user = useSession((s) => s.user);
  const balanceFen = useSession((s) => s.balanceFen);
  const level = user?.securityLevel ?? 0;
  return (
    <div className="mine-card">
      <div className="mine-card__avatar" aria-hidden="true">
        <MemberAvatar size={48} />
      </div>
      <div className="mine-card__who">
        <strong className="mine-card__name">{user?.name ?? '—'}</strong>
        <span className="mine-card__vip">{t('vipGrade', { grade: user?.vipGrade ?? 0 })}</span>
      </div>
      <div className="mine-card__security">
        <span>{t('security')}</span>
        <Progress percent={level} size="small" showInfo={false} strokeColor={SECURITY_COLOR[securityGrade(level)]} />
        <span className="mine-card__level">{t(`securityLevel.${securityGrade(level)}`)}</span>
      </div>
      <div className="mine-card__balance">
        <span>{t('wallet.center')}</span>
        <strong>{balanceFen === null ? '--' : `¥ ${formatAmount(balanceFen)}`}</strong>
      </div>
    </div>
  );
}

export function MineLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation(['mine', 'nav']);
  const { pathname } = useLocation();
  const { flags } = useSite();
  return (
    // The phone's 我的 page: the member card and the whole menu above the profile (mine.phone.css).
    <div className={`mine${pathname === '/mine/userinfo' ? ' mine--hub' : ''}`}>
      <aside className="mine__side" aria-label={t('mine:center')}>
        <MemberCard />
        {GROUPS.map((g) => (
          <nav key={g.key} className="mine-menu" aria-label={t(`mine:groups.${g.key}`)}>
            <h3 className="mine-menu__title">{t(`mine:groups.${g.key}`)}</h3>
            <ul>
              {g.items
                .filter((i) => !i.flag || flags[i.flag])
                .map((i) => (
                  <li key={i.path}>
                    <a
                      href={i.path}
                      aria-current={pathname === i.path ? 'page' : undefined}
                      onClick={(e) => {
                        e.preventDefault();
                        openPath(i.path);
                      }}
                    >
                      {t(`nav:route.${i.name}`)}
                    </a>
                  </li>
                ))}
            </ul>
          </nav>
        ))}
      </aside>
      <section className="mine__content">
        <AntApp component={false}>
          <ExcludedBanner />
          {children}
        </AntApp>
      </section>
    </div>
  );
}
