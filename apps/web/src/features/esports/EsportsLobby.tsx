/**
 * The house e-sports book at the top of /game/gaming (电竞): series in play (maps won, the live map's kills or
 * rounds and clock) and today's upcoming ones of the five titles, each with its title's emblem; a card opens the
 * match page. Reading the book needs its lobby session, so a visitor is asked to log in.
 */
import { useEffect } from 'react';
import { Skeleton } from 'antd';
import { LoginOutlined, TrophyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SportGameWire as SportGame } from '@portal/contract';
import { errorMessage } from '../../api/errors.ts';
import { openPath, pathOf } from '../../routes/nav.ts';
import { useSession } from '../../stores/session.ts';
import { clockText } from '../../ui/time/format.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { CRTY, ensureVenue, useVenue } from '../sport/venue.ts';
import { useEsportsLobby } from './hooks.ts';
import { mapClock } from './match.ts';
import { ESPORTS_TITLES, TitleIcon } from './titles.tsx';
import './esports.css';

export const matchPath = (gameId: string) => pathOf('esportsMatch', { gameId });

function MatchCard({ g }: { g: SportGame }) {
  const { t } = useTranslation('esports');
  const es = g.esports;
  const live = g.status === 'live';
  return (
    <li>
      <button
        type="button"
        className={`esports-card${live ? ' esports-card--live' : ''}`}
        data-testid={`esports-card-${g.gameId}`}
        data-game-type={g.gameType}
        onClick={() => openPath(matchPath(g.gameId))}
      >
        <span className="esports-card__head">
          <TitleIcon title={g.gameType} size={28} />
          <span className="esports-card__league">
            <b>{t(`title.${g.gameType}`, { defaultValue: g.gameType })}</b>
            <small>{g.league}</small>
          </span>
          {live ? (
            <em className="esports-live">{t('live')}</em>
          ) : (
            <span className="esports-card__time">{clockText(new Date(g.startAt), 'business')}</span>
          )}
        </span>
        <span className="esports-card__teams">
          <span>{g.team_h}</span>
          <b className="esports-card__score" data-testid={`esports-score-${g.gameId}`}>
            {live ? `${g.sc_FT_H} : ${g.sc_FT_C}` : 'vs'}
          </b>
          <span>{g.team_c}</span>
        </span>
        <span className="esports-card__foot">
          {es?.live
            ? t('cardLive', { n: es.map, h: es.score[0], c: es.score[1], unit: t(es.unit), clock: mapClock(es.clock) })
            : live
              ? t('between')
              : t('bestOf', { n: bestOfOf(g), w: Math.ceil(bestOfOf(g) / 2) })}
        </span>
      </button>
    </li>
  );
}

/** Best-of of a series not started yet: the most maps its markets name (a Bo1 has only map 1). */
function bestOfOf(g: SportGame): number {
  let n = 1;
  for (const m of g.markets) for (const s of m.selections) if (s.w.startsWith('MW:')) n = Math.max(n, Number(s.w.split(':')[1]));
  return n;
}

function LobbyBody() {
  const { t } = useTranslation('esports');
  const ready = useVenue((s) => s.token !== null);
  const launchError = useVenue((s) => s.launchError);
  const { games, loading, error } = useEsportsLobby();
  useEffect(() => {
    void ensureVenue(CRTY, 'lobby').catch(() => undefined);
  }, []);
  const failure = !ready && launchError ? launchError : games.length === 0 ? error : null;
  if (failure)
    return (
      <EmptyState
        icon={<TrophyOutlined />}
        title={t('unavailable')}
        description={typeof failure === 'string' ? failure : errorMessage(failure)}
      />
    );
  if (!ready || loading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (games.length === 0) return <EmptyState icon={<TrophyOutlined />} title={t('none')} description={t('noneText')} />;
  return (
    <ul className="esports-cards" data-testid="esports-cards">
      {games.map((g) => (
        <MatchCard key={g.gameId} g={g} />
      ))}
    </ul>
  );
}

export function EsportsLobby() {
  const { t } = useTranslation('esports');
  const member = useSession((s) => s.token !== null);
  return (
    <section className="esports-lobby panel" aria-label={t('lobby')} data-testid="esports-lobby">
      <h3>
        {t('lobby')}
        <span className="esports-lobby__titles">
          {ESPORTS_TITLES.map((code) => (
            <span key={code} className="esports-lobby__title">
              <TitleIcon title={code} size={18} />
              {t(`title.${code}`)}
            </span>
          ))}
        </span>
      </h3>
      {member ? <LobbyBody /> : <EmptyState icon={<LoginOutlined />} title={t('login')} description={t('loginText')} />}
    </section>
  );
}
