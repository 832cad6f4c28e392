/**
 * A category's game lobby (ZR QP DJ CP DZ BY): venue tabs (all, each venue of getVenueInfoByCategory with its
 * maintenance badge, 我的收藏), tag chips and a name search that shape the gameList call, a grid of game cards
 * (a click launches, the heart favourites), the jackpot ticker of the category's pools (refreshed every
 * 10 s, amounts rolling between answers), the latest big wins of real rounds and "recently played". Whatever the calls answer is shown; nothing answered is an honest empty state.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Input, Pagination, Skeleton, Tabs, Tag } from 'antd';
import { AppstoreOutlined, HeartOutlined, HistoryOutlined, LoginOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CATALOGUE_LIMITS, GAME_TAGS, type GameCategory, type GameTag } from '@portal/contract';
import { bus } from '../../app/events.ts';
import { ApiError, errorMessage } from '../../api/errors.ts';
import { useSession } from '../../stores/session.ts';
import { notify } from '../../ui/dialogs/notify.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import {
  LOBBY_PAGE_SIZE,
  gameListBody,
  useCatalogue,
  useGameList,
  useLocalName,
  useToggleFavourite,
  useVenues,
  type GameInfo,
  type LobbyFilter,
  type VenueInfo,
} from './catalogue.ts';
import { GameCard } from './GameCard.tsx';
import { BigWinsFeed } from './lobby/BigWinsFeed.tsx';
import { JackpotTicker } from './lobby/JackpotTicker.tsx';
import { enNameOf, launchGame } from './launch.ts';
import { useRecentGames } from './recent.ts';

const ALL = '__all';
const FAVOURITES = '__fav';
/** A typed search is sent this long after the last key (Enter sends at once). */
const SEARCH_DEBOUNCE_MS = 400;

/** Launch a game of the lobby (its venue's launch name from the venue list when known). */
export function launchInfo(game: Pick<GameInfo, 'gameCode' | 'channelCode'>, venues: VenueInfo[] | undefined): void {
  const venue = venues?.find((v) => v.channelCode === game.channelCode);
  void launchGame({ enName: venue?.enName ?? enNameOf(game.channelCode), gameCode: game.gameCode });
}

/** The favourite heart: a member toggles it, a visitor gets the login prompt. */
export function useFavourite(): (game: GameInfo) => void {
  const { t } = useTranslation('game');
  const member = useSession((s) => s.token !== null);
  const toggle = useToggleFavourite();
  return (game) => {
    if (!member) {
      bus.emit('show_login_tips');
      return;
    }
    toggle(game).then(
      () => notify.success(game.collected ? t('lobby.unfavourited') : t('lobby.favourited')),
      (e: unknown) => {
        if (!(e instanceof ApiError && e.handled)) notify.error(errorMessage(e));
      },
    );
  };
}

function RecentlyPlayed({ catalogue, venues }: { catalogue: GameInfo[]; venues: VenueInfo[] | undefined }) {
  const { t } = useTranslation('game');
  const recent = useRecentGames();
  const localName = useLocalName();
  const byCode = new Map(catalogue.map((g) => [g.gameCode, g]));
  const games = recent.map((r) => byCode.get(r.gameCode)).filter((g): g is GameInfo => g !== undefined);
  if (games.length === 0) return null;
  return (
    <section className="lobby-recent" aria-labelledby="lobby-recent-title" data-testid="recent-games">
      <h3 id="lobby-recent-title">
        <HistoryOutlined aria-hidden="true" /> {t('lobby.recent')}
      </h3>
      <ul className="game-grid game-grid--compact">
        {games.map((g) => (
          <GameCard key={g.gameCode} game={g} name={localName(g)} compact onLaunch={() => launchInfo(g, venues)} />
        ))}
      </ul>
    </section>
  );
}

function VenueLabel({ venue, name }: { venue: VenueInfo; name: string }) {
  const { t } = useTranslation('game');
  return (
    <span className="lobby-venue" data-testid={`venue-${venue.channelCode}`}>
      <img className="lobby-venue__art" src={venue.art} alt="" width={20} height={20} />
      {name}
      {venue.status === 'maintenance' && (
        <Tag className="lobby-venue__badge" color="orange">
          {t('lobby.maintenance')}
        </Tag>
      )}
    </span>
  );
}

export function Lobby({ category }: { category: GameCategory }) {
  const { t } = useTranslation('game');
  const member = useSession((s) => s.token !== null);
  const localName = useLocalName();
  const venues = useVenues(category);
  const catalogue = useCatalogue(category);
  const favourite = useFavourite();
  const [tab, setTab] = useState(ALL);
  const [tag, setTag] = useState<GameTag | undefined>();
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const [pageNum, setPageNum] = useState(1);

  /** Every filter change starts again at the first page. */
  const search = (text: string) => {
    setName(text.trim());
    setPageNum(1);
  };
  useEffect(() => {
    const id = setTimeout(() => {
      setName(typed.trim());
      setPageNum(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [typed]);
  const chooseTab = (key: string) => {
    setTab(key);
    setPageNum(1);
  };
  const chooseTag = (k: GameTag | undefined) => {
    setTag(k);
    setPageNum(1);
  };

  const filter: LobbyFilter = {
    pageNum,
    tag,
    name,
    collected: tab === FAVOURITES,
    channelCode: tab === ALL || tab === FAVOURITES ? undefined : tab,
  };
  const needsLogin = tab === FAVOURITES && !member;
  const list = useGameList(gameListBody(category, filter), !needsLogin);
  const venueList = venues.data ?? [];
  const venueNames = useMemo(() => new Map((venues.data ?? []).map((v) => [v.channelCode, localName(v)])), [venues.data, localName]);
  const codes = useMemo(() => new Set((catalogue.data?.list ?? []).map((g) => g.gameCode)), [catalogue.data]);
  const selectedVenue = venueList.find((v) => v.channelCode === tab);
  const filtered = Boolean(tag || name);
  /** No venue at all: nothing to filter or search, only the honest empty state. */
  const noVenues = venues.isSuccess && venueList.length === 0;

  const tabItems = [
    { key: ALL, label: t('lobby.all') },
    ...venueList.map((v) => ({ key: v.channelCode, label: <VenueLabel venue={v} name={localName(v)} /> })),
    {
      key: FAVOURITES,
      label: (
        <span>
          <HeartOutlined /> {t('lobby.favourites')}
        </span>
      ),
    },
  ];

  const body = () => {
    if (needsLogin) {
      return (
        <EmptyState
          icon={<LoginOutlined />}
          title={t('lobby.favouritesLogin')}
          description={t('lobby.favouritesLoginText')}
          action={
            <Button type="primary" onClick={() => bus.emit('login')}>
              {t('lobby.login')}
            </Button>
          }
        />
      );
    }
    if (list.isPending || venues.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
    if (list.isError) {
      return (
        <EmptyState
          title={t('lobby.failed')}
          description={errorMessage(list.error)}
          action={<Button onClick={() => void list.refetch()}>{t('lobby.retry')}</Button>}
        />
      );
    }
    const games = list.data.list;
    if (games.length === 0) {
      if (filtered) {
        return (
          <EmptyState
            icon={<SearchOutlined />}
            title={t('lobby.noMatch')}
            description={t('lobby.noMatchText')}
            action={
              <Button
                onClick={() => {
                  chooseTag(undefined);
                  setTyped('');
                  search('');
                }}
              >
                {t('lobby.clear')}
              </Button>
            }
          />
        );
      }
      if (tab === FAVOURITES)
        return <EmptyState icon={<HeartOutlined />} title={t('lobby.noFavourites')} description={t('lobby.noFavouritesText')} />;
      const whole = selectedVenue && selectedVenue.gameCount === 0 && selectedVenue.status === 'active';
      return (
        <EmptyState
          icon={<AppstoreOutlined />}
          title={t('lobby.empty')}
          description={venueList.length === 0 ? t('lobby.noVenues') : selectedVenue ? t('lobby.emptyVenue') : t('lobby.emptyText')}
          action={
            whole ? (
              <Button type="primary" onClick={() => void launchGame({ enName: selectedVenue.enName, gameCode: '' })}>
                {t('lobby.enterVenue')}
              </Button>
            ) : undefined
          }
        />
      );
    }
    return (
      <>
        <ul className="game-grid" data-testid="game-grid" aria-busy={list.isFetching}>
          {games.map((g) => (
            <GameCard
              key={g.gameCode}
              game={g}
              name={localName(g)}
              venueName={tab === ALL || tab === FAVOURITES ? venueNames.get(g.channelCode) : undefined}
              onLaunch={() => launchInfo(g, venues.data)}
              onFavourite={() => favourite(g)}
            />
          ))}
        </ul>
        {list.data.total > LOBBY_PAGE_SIZE && (
          <Pagination
            className="lobby__pages"
            current={pageNum}
            pageSize={LOBBY_PAGE_SIZE}
            total={list.data.total}
            showSizeChanger={false}
            onChange={setPageNum}
          />
        )}
      </>
    );
  };

  return (
    <section className="lobby" aria-label={t('venues')} data-category={category}>
      <JackpotTicker codes={codes} />
      <BigWinsFeed category={category} />
      <div className="lobby__panel">
        <Tabs className="lobby__tabs" activeKey={tab} onChange={chooseTab} items={tabItems} />
        {!noVenues && (
          <div className="lobby__toolbar">
            <div className="lobby__chips" role="group" aria-label={t('lobby.tagFilter')}>
              {[undefined, ...GAME_TAGS].map((k) => (
                <button
                  key={k ?? 'all'}
                  type="button"
                  className={`lobby-chip${tag === k ? ' lobby-chip--on' : ''}`}
                  aria-pressed={tag === k}
                  onClick={() => chooseTag(k)}
                >
                  {k ? t(`lobby.tags.${k}`) : t('lobby.all')}
                </button>
              ))}
            </div>
            <Input
              className="lobby__search"
              allowClear
              prefix={<SearchOutlined />}
              maxLength={CATALOGUE_LIMITS.NAME_SEARCH_MAX}
              placeholder={t('lobby.search')}
              aria-label={t('lobby.search')}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onPressEnter={() => search(typed)}
            />
          </div>
        )}
        {tab !== FAVOURITES && <RecentlyPlayed catalogue={catalogue.data?.list ?? []} venues={venues.data} />}
        {body()}
      </div>
    </section>
  );
}
