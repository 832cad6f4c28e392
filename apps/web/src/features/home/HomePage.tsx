/**
 * Home: hero with the brand's banner carousel (advertising navigationList), venue category tiles, hot
 * matches and hot games. Hot matches are the house sportsbook's in-play events (its live preview, loaded
 * on demand so the home route stays light; reading the book needs a member, so visitors get the login
 * prompt). Hot games are the brand's games tagged hot (features/game/HotGames.tsx); a click launches one.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Button } from 'antd';
import {
  AimOutlined,
  AppstoreOutlined,
  CustomerServiceOutlined,
  FireOutlined,
  LockOutlined,
  MobileOutlined,
  RightOutlined,
  RocketOutlined,
  SafetyCertificateOutlined,
  StarOutlined,
  TrophyOutlined,
  VideoCameraOutlined,
  AuditOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { bus } from '../../app/events.ts';
import { useSite } from '../../app/site.ts';
import { openPath } from '../../routes/nav.ts';
import { useSession } from '../../stores/session.ts';
import { EmptyState, PageLoading } from '../../ui/layout/EmptyState.tsx';
import { HomeBanners } from './HomeBanners.tsx';
import { categoryLine, useCatalogueForHome } from './categoryGames.ts';

/** The sportsbook's live preview, in its own chunk: the sport code loads only when a member sees the panel. */
const LivePreview = lazy(() => import('../sport/LivePreview.tsx').then((m) => ({ default: m.LivePreview })));
/** The hot games with the lobby's card and launch, in the game chunk. */
const HotGames = lazy(() => import('../game/HotGames.tsx').then((m) => ({ default: m.HotGames })));
/** Hot matches on the home page: this many sports, this many events each. */
const HOT_SPORTS = 2;
const HOT_PER_SPORT = 3;
import './home.css';

const CATEGORIES: { code: string; path: string; icon: ReactNode }[] = [
  { code: 'TY', path: '/game/sport', icon: <TrophyOutlined /> },
  { code: 'ZR', path: '/game/realbet', icon: <VideoCameraOutlined /> },
  { code: 'QP', path: '/game/chess', icon: <AppstoreOutlined /> },
  { code: 'DZ', path: '/game/egame', icon: <StarOutlined /> },
  { code: 'DJ', path: '/game/gaming', icon: <RocketOutlined /> },
  { code: 'CP', path: '/game/lottery', icon: <FireOutlined /> },
  { code: 'BY', path: '/game/fishing', icon: <AimOutlined /> },
];

function Hero() {
  const { t } = useTranslation('home');
  const site = useSite();
  const token = useSession((s) => s.token);
  return (
    <section className="home-hero" aria-labelledby="home-title">
      <div className="home-hero__art" aria-hidden="true">
        <span className="home-hero__ring home-hero__ring--a" />
        <span className="home-hero__ring home-hero__ring--b" />
        <span className="home-hero__pitch" />
        <span className="home-hero__glow" />
      </div>
      <div className="home-hero__content">
        <div className="home-hero__text">
          <p className="home-hero__eyebrow">{t('hero.eyebrow')}</p>
          <h1 id="home-title" className="home-hero__title">
            {site.title}
          </h1>
          {site.logoUrl && <img className="home-hero__logo" src={site.logoUrl} alt="" width={64} height={64} aria-hidden="true" />}
          <p className="home-hero__lead">{t('hero.lead')}</p>
          <div className="home-hero__actions">
            {token ? (
              <Button type="primary" size="large" onClick={() => openPath('/mine/wallet')}>
                {t('hero.wallet')}
              </Button>
            ) : (
              <Button type="primary" size="large" onClick={() => bus.emit('register')}>
                {t('hero.join')}
              </Button>
            )}
            <Button size="large" ghost onClick={() => openPath('/game/sport')}>
              {t('hero.sport')}
            </Button>
          </div>
        </div>
        <HomeBanners />
      </div>
    </section>
  );
}

/**
 * The category tiles: the sportsbook's, then each category with games the player can open today, its line naming
 * them from the catalogue (categoryGames.ts). Until the catalogue answers the tiles show their names only; if it
 * cannot be read, every tile stays (its lobby says what it has) with no line.
 */
function Categories() {
  const { t, i18n } = useTranslation('home');
  const catalogue = useCatalogueForHome();
  const games = catalogue.data?.list;
  // Until the catalogue answers the row keeps its height and shows no tile: a tile shown and then taken away (a
  // category with nothing to open) would move the others (layout shift). If the catalogue cannot be read, every tile.
  const waiting = !games && !catalogue.isError;
  const shown = waiting ? [] : CATEGORIES.filter((c) => c.code === 'TY' || !games || games.some((g) => g.category === c.code));
  const line = (code: string) => (code === 'TY' ? t('categories.TY.desc') : games ? categoryLine(games, code, i18n.language) : '');
  return (
    <section className="home-section" aria-labelledby="home-categories">
      <header className="home-section__head">
        <h2 id="home-categories">{t('categories.title')}</h2>
        <p>{t('categories.subtitle')}</p>
      </header>
      <ul className={`venue-tiles${waiting ? ' venue-tiles--waiting' : ''}`} aria-busy={waiting}>
        {shown.map((c) => (
          <li key={c.code} data-testid={`category-${c.code}`}>
            <a
              className={`venue-tile venue-tile--${c.code}`}
              href={c.path}
              onClick={(e) => {
                e.preventDefault();
                openPath(c.path);
              }}
            >
              <span className="venue-tile__icon" aria-hidden="true">
                {c.icon}
              </span>
              <span className="venue-tile__name">{t(`categories.${c.code}.name`)}</span>
              <span className="venue-tile__desc" data-testid={`category-${c.code}-desc`}>
                {line(c.code)}
              </span>
              <span className="venue-tile__enter">
                {t('categories.enter')} <RightOutlined />
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Panel({
  id,
  ns,
  icon,
  more,
  children,
}: {
  id: string;
  ns: 'matches' | 'games';
  icon: ReactNode;
  more: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('home');
  return (
    <section className="home-panel" aria-labelledby={id} data-testid={`home-${ns}`}>
      <header className="home-panel__head">
        <h2 id={id}>
          <span className="home-panel__icon" aria-hidden="true">
            {icon}
          </span>
          {t(`${ns}.title`)}
        </h2>
        <span className="home-panel__sub">{t(`${ns}.subtitle`)}</span>
        <a
          className="home-panel__more"
          href={more}
          onClick={(e) => {
            e.preventDefault();
            openPath(more);
          }}
        >
          {t(`${ns}.more`)} <RightOutlined />
        </a>
      </header>
      {children ?? <EmptyState title={t(`${ns}.empty`)} description={t(`${ns}.emptyText`)} icon={icon} />}
    </section>
  );
}

function HotMatches() {
  const { t } = useTranslation('home');
  const member = useSession((s) => s.token !== null);
  if (!member) {
    return (
      <EmptyState
        icon={<TrophyOutlined />}
        title={t('matches.login')}
        description={t('matches.loginText')}
        action={
          <Button type="primary" onClick={() => bus.emit('login')}>
            {t('matches.loginButton')}
          </Button>
        }
      />
    );
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <LivePreview perSport={HOT_PER_SPORT} maxSports={HOT_SPORTS} />
    </Suspense>
  );
}

function Features() {
  const { t } = useTranslation('home');
  const items: [string, ReactNode][] = [
    ['licensed', <AuditOutlined key="a" />],
    ['secure', <SafetyCertificateOutlined key="b" />],
    ['privacy', <LockOutlined key="c" />],
    ['service', <CustomerServiceOutlined key="d" />],
  ];
  return (
    <ul className="home-features">
      {items.map(([k, icon]) => (
        <li key={k}>
          <span className="home-features__icon" aria-hidden="true">
            {icon}
          </span>
          <strong>{t(`features.${k}.title`)}</strong>
          <span>{t(`features.${k}.text`)}</span>
        </li>
      ))}
    </ul>
  );
}

function AppPromo() {
  const { t } = useTranslation('home');
  return (
    <section className="home-app">
      <div className="home-app__phone" aria-hidden="true">
        <MobileOutlined />
      </div>
      <div className="home-app__text">
        <h2>{t('app.title')}</h2>
        <p>{t('app.text')}</p>
      </div>
      <Button type="primary" size="large" onClick={() => openPath('/download')}>
        {t('app.cta')}
      </Button>
    </section>
  );
}

export function HomePage() {
  return (
    <div className="home">
      <Hero />
      <div className="home__body">
        <Categories />
        <div className="home-panels">
          <Panel id="home-matches" ns="matches" icon={<TrophyOutlined />} more="/game/sport">
            <HotMatches />
          </Panel>
          <Panel id="home-games" ns="games" icon={<StarOutlined />} more="/game/egame">
            <Suspense fallback={<PageLoading />}>
              <HotGames />
            </Suspense>
          </Panel>
        </div>
        <Features />
        <AppPromo />
      </div>
    </div>
  );
}
