/** One game of a lobby grid: art, name, tags, RTP, the venue, the favourite heart; a click launches it. */
import { FireFilled, HeartFilled, HeartOutlined, PlayCircleFilled, StarFilled, TrophyFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { GameInfo } from './catalogue.ts';
import { useTileArt } from './tiles/useTile.ts';

/** The markers' icons: 热门 a flame, 新游 a star, 奖池 a trophy (the tags are the operator's, from the catalogue). */
const TAG_ICONS: Record<GameInfo['tags'][number], ReactNode> = {
  hot: <FireFilled aria-hidden="true" />,
  new: <StarFilled aria-hidden="true" />,
  jackpot: <TrophyFilled aria-hidden="true" />,
};

export function GameCard({
  game,
  name,
  venueName,
  onLaunch,
  onFavourite,
  compact = false,
}: {
  game: GameInfo;
  name: string;
  venueName?: string;
  onLaunch: () => void;
  /** Absent: no heart (the compact rows of recently played and hot games). */
  onFavourite?: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('game');
  const maintenance = game.status === 'maintenance';
  const art = useTileArt(game.gameCode, game.art);
  return (
    <li
      className={`game-card${compact ? ' game-card--compact' : ''}${maintenance ? ' game-card--maintenance' : ''}`}
      data-testid={`game-${game.gameCode}`}
    >
      <button type="button" className="game-card__play" onClick={onLaunch} aria-label={t('lobby.play', { name })}>
        <img className="game-card__art" src={art} alt="" width={240} height={240} loading="lazy" />
        {game.tags.length > 0 && (
          <span className="game-card__tags">
            {game.tags.map((tag) => (
              <span key={tag} className={`game-card__tag game-card__tag--${tag}`}>
                {TAG_ICONS[tag]}
                {t(`lobby.tags.${tag}`)}
              </span>
            ))}
          </span>
        )}
        {maintenance ? (
          <span className="game-card__state">{t('lobby.maintenance')}</span>
        ) : (
          <span className="game-card__hover" aria-hidden="true">
            <PlayCircleFilled /> {t('lobby.start')}
          </span>
        )}
      </button>
      <div className="game-card__meta">
        <span className="game-card__name" title={name}>
          {name}
        </span>
        {!compact && (
          <span className="game-card__facts">
            <span className="game-card__rtp">{t('lobby.rtp', { rtp: game.rtp })}</span>
            {game.figures && (
              <span className="game-card__figures" data-testid="game-figures">
                {t('lobby.hit', { hit: game.figures.hitRate })} ·{' '}
                {t('lobby.volatility', { v: t(`figures.vol.${game.figures.volatility}`) })} ·{' '}
                {t('lobby.maxWin', { x: Number.isInteger(game.figures.maxPayX) ? game.figures.maxPayX : game.figures.maxPayX.toFixed(2) })}
              </span>
            )}
            {venueName && <span className="game-card__venue">{venueName}</span>}
          </span>
        )}
        {onFavourite && (
          <button
            type="button"
            className={`game-card__heart${game.collected ? ' game-card__heart--on' : ''}`}
            aria-pressed={game.collected}
            aria-label={game.collected ? t('lobby.unfavourite', { name }) : t('lobby.favourite', { name })}
            onClick={onFavourite}
          >
            {game.collected ? <HeartFilled /> : <HeartOutlined />}
          </button>
        )}
      </div>
    </li>
  );
}
