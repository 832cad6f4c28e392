/**
 * Game pages: six category pages (venue type codes ZR, QP, DJ, CP, egame, fishing; TY and the
 * local sport page /game/sport/{enName} live in features/sport), each a banner over its lobby (Lobby.tsx:
 * venues, games, favourites, jackpots, recently played), the venue list, and the game hosts
 * (/game/{info}, /pg/game, /dz/game).
 */
import { Tag } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { GameCategory } from '@portal/contract';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { Lobby } from './Lobby.tsx';
import './game.css';

type Category = 'realbet' | 'chess' | 'gaming' | 'lottery' | 'egame' | 'fishing';

/** The catalogue's category code of each page. */
const CODES: Record<Category, GameCategory> = { realbet: 'ZR', chess: 'QP', gaming: 'DJ', lottery: 'CP', egame: 'DZ', fishing: 'BY' };

function CategoryPage({ category }: { category: Category }) {
  const { t } = useTranslation('game');
  const type = t(`category.${category}.type`);
  return (
    <div className={`game-category game-category--${category}`} data-venue-type={type}>
      <section className="game-category__banner">
        <div>
          <h2>{t(`category.${category}.title`)}</h2>
          <p>{t(`category.${category}.desc`)}</p>
        </div>
        <Tag className="game-category__type">
          {t('venueType')} · {type}
        </Tag>
      </section>
      <Lobby category={CODES[category]} />
    </div>
  );
}

export const RealbetPage = () => <CategoryPage category="realbet" />;
export const ChessPage = () => <CategoryPage category="chess" />;
export const GamingPage = () => <CategoryPage category="gaming" />;
export const LotteryPage = () => <CategoryPage category="lottery" />;
export const EgamePage = () => <CategoryPage category="egame" />;
export const FishingPage = () => <CategoryPage category="fishing" />;

export function VenturePage() {
  const { t } = useTranslation('game');
  return <EmptyState icon={<ClockCircleOutlined />} title={t('venture.title')} description={t('venture.text')} />;
}

export { GameHostPage, SlotHostPage } from './slot/SlotHostPage.tsx';
