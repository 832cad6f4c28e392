/**
 * Game pages: six category pages (venue type codes ZR, QP, DJ, CP, egame, fishing; TY and the
 * local sport page /game/sport/{enName} live in features/sport), the venue list, and the game hosts
 * (/game/{info}, /pg/game, /dz/game). Venue lists and launch arrive with a later issue: each page shows its real frame with an honest "opening soon" state.
 */
import { Tag } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import './game.css';

type Category = 'realbet' | 'chess' | 'gaming' | 'lottery' | 'egame' | 'fishing';

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
      <section className="game-category__venues" aria-label={t('venues')}>
        <EmptyState icon={<ClockCircleOutlined />} title={t('soon')} description={t('soonText')} />
      </section>
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
