/**
 * Game pages: six category pages (venue type codes ZR, QP, DJ, CP, egame, fishing; TY and the
 * local sport page /game/sport/{enName} live in features/sport), each a banner over its lobby (Lobby.tsx:
 * venues, games, favourites, jackpots, recently played), the venue list, and the game hosts
 * (/game/{info}, /pg/game, /dz/game, the house tables /zr/table, the house draws /cp/game); the realbet page shows
 * the house tables' live lobby (table/TableLobby.tsx) above its venues, the lottery page the draws' cards.
 */
import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { GAME_CATEGORIES, type GameCategory } from '@portal/contract';
import { openPath } from '../../routes/nav.ts';
import { useVenues } from './catalogue.ts';
import { Lobby } from './Lobby.tsx';
import { LotteryCards } from './lottery/LotteryCards.tsx';
import { TableLobby } from './table/TableLobby.tsx';
import { CardsLobby } from '../cards/CardsLobby.tsx';
// PvP 斗地主 (issue 31)
import { PvpLobby } from '../cards/pvp/PvpLobby.tsx';
export { DoudizhuPage } from '../cards/pvp/DoudizhuPage.tsx';
import { FishHalls } from '../fishing/FishHalls.tsx';
import { EsportsLobby } from '../esports/EsportsLobby.tsx';
import './game.css';

type Category = 'realbet' | 'chess' | 'gaming' | 'lottery' | 'egame' | 'fishing';

/** The catalogue's category code of each page. */
const CODES: Record<Category, GameCategory> = { realbet: 'ZR', chess: 'QP', gaming: 'DJ', lottery: 'CP', egame: 'DZ', fishing: 'BY' };

function CategoryPage({ category, children }: { category: Category; children?: ReactNode }) {
  const { t } = useTranslation('game');
  // The section's name for a player (真人, 棋牌 …); the catalogue code stays in the markup, never in the text.
  const type = t(`category.${category}.type`);
  return (
    <div className={`game-category game-category--${category}`} data-venue-type={CODES[category]}>
      <section className="game-category__banner">
        <div>
          <h2>{t(`category.${category}.title`)}</h2>
          <p>{t(`category.${category}.desc`)}</p>
        </div>
        <Tag className="game-category__type">
          {t('venueType')} · {type}
        </Tag>
      </section>
      {children}
      <Lobby category={CODES[category]} />
    </div>
  );
}

/** 真人: the house tables' live lobby (each baccarat table's big road) above the venues. */
export const RealbetPage = () => (
  <CategoryPage category="realbet">
    <TableLobby />
  </CategoryPage>
);
/** 棋牌: the house 百人 tables (百人牛牛, 二八杠) and the PvP 斗地主 levels (players waiting/seated) live above the venues. */
export const ChessPage = () => (
  <CategoryPage category="chess">
    <CardsLobby />
    <PvpLobby />
  </CategoryPage>
);
/** 电竞: the house e-sports book (live and upcoming series of the five titles) above the venues. */
export const GamingPage = () => (
  <CategoryPage category="gaming">
    <EsportsLobby />
  </CategoryPage>
);
/** 彩票: the house draws' cards (countdown, last numbers) above the lobby. */
export const LotteryPage = () => (
  <CategoryPage category="lottery">
    <LotteryCards />
  </CategoryPage>
);
export const EgamePage = () => <CategoryPage category="egame" />;
/** 捕鱼: the house fishing halls (rooms by cannon range, players seated) above the venues. */
export const FishingPage = () => (
  <CategoryPage category="fishing">
    <FishHalls />
  </CategoryPage>
);

const PAGE_OF: Record<GameCategory, string> = {
  TY: '/game/sport',
  ZR: '/game/realbet',
  QP: '/game/chess',
  DJ: '/game/gaming',
  CP: '/game/lottery',
  DZ: '/game/egame',
  BY: '/game/fishing',
};
const CATEGORY_NAME: Record<GameCategory, string> = {
  TY: 'sport',
  ZR: 'realbet',
  QP: 'chess',
  DJ: 'gaming',
  CP: 'lottery',
  DZ: 'egame',
  BY: 'fishing',
};

function VentureSection({ category }: { category: GameCategory }) {
  const { t } = useTranslation('game');
  const venues = useVenues(category);
  if (!venues.data?.length) return null;
  return (
    <section className="venture__section" data-testid={`venture-${category}`}>
      <h3>{t(`category.${CATEGORY_NAME[category]}.title`)}</h3>
      <ul className="venture__list">
        {venues.data.map((v) => (
          <li key={v.channelCode}>
            <button type="button" className="venture__venue" onClick={() => openPath(PAGE_OF[category])}>
              <img src={v.art} alt="" width={48} height={48} />
              <span>
                <b>{v.name}</b>
                <small>
                  {v.status === 'maintenance'
                    ? t('venture.maintenance')
                    : v.gameCount > 0
                      ? t('venture.games', { count: v.gameCount })
                      : // A venue entered as a whole (the sportsbook) has no game list; another without games says so.
                        t(category === 'TY' ? 'venture.enter' : 'venture.none')}
                </small>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /game/venture (全部场馆): every venue of every category, each leading to its category's lobby. */
export function VenturePage() {
  const { t } = useTranslation('game');
  return (
    <div className="venture" data-testid="venture-page" aria-label={t('venture.title')}>
      {GAME_CATEGORIES.map((c) => (
        <VentureSection key={c} category={c} />
      ))}
    </div>
  );
}

export { GameHostPage, SlotHostPage } from './slot/SlotHostPage.tsx';
export { LotteryGamePage } from './lottery/LotteryGamePage.tsx';
export { TablePage } from './table/TablePage.tsx';
