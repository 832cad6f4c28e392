/**
 * The home page's 热门游戏: the brand's games tagged hot (every category, first HOT_GAMES_MAX), art and
 * name; a click launches the game (launch.ts rules). Nothing tagged: an honest empty state.
 */
import { Button, Skeleton } from 'antd';
import { StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { useGameList, useLocalName } from './catalogue.ts';
import { GameCard } from './GameCard.tsx';
import { enNameOf, launchGame } from './launch.ts';
import './game.css';

export const HOT_GAMES_MAX = 6;

export function HotGames() {
  const { t } = useTranslation('home');
  const localName = useLocalName();
  const list = useGameList({ tags: ['hot'], pageNum: 1, pageSize: HOT_GAMES_MAX });
  if (list.isPending) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (list.isError) {
    return (
      <EmptyState
        icon={<StarOutlined />}
        title={t('games.failed')}
        description={errorMessage(list.error)}
        action={<Button onClick={() => void list.refetch()}>{t('games.retry')}</Button>}
      />
    );
  }
  if (list.data.list.length === 0)
    return <EmptyState icon={<StarOutlined />} title={t('games.empty')} description={t('games.emptyText')} />;
  return (
    <ul className="game-grid game-grid--home" data-testid="hot-games">
      {list.data.list.slice(0, HOT_GAMES_MAX).map((g) => (
        <GameCard
          key={g.gameCode}
          game={g}
          name={localName(g)}
          compact
          onLaunch={() => void launchGame({ enName: enNameOf(g.channelCode), gameCode: g.gameCode })}
        />
      ))}
    </ul>
  );
}
