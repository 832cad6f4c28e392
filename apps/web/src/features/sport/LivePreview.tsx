/**
 * The house sportsbook's live preview: shown on the TY category page (/game/sport) and as the home page's
 * hot matches. Reading the book needs its lobby session (a launch), so callers show it to members only.
 */
import { useEffect } from 'react';
import { Skeleton } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GAME_TYPES } from '@portal/contract';
import { errorMessage } from '../../api/errors.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { useGames, useLeagues } from './hooks.ts';
import { GameClock } from './OddsTable.tsx';
import { CRTY, ensureVenue, useVenue } from './venue.ts';
import './sport.css';

/** Sports that have no in-play list of their own: all sports together, outrights. */
const NOT_LISTED = new Set<string>(['ALL', 'FS']);

/**
 * The sports the book offers, in spec §3 order: from its league list (one call for every sport, shared
 * with the venue page's cache), so a sport the feed adds shows up without a change here.
 */
function useOfferedSports(): { sports: string[]; error: unknown } {
  const leagues = useLeagues('ALL');
  const offered = new Set((leagues.data ?? []).map((l) => l.gameType));
  return { sports: GAME_TYPES.filter((g) => !NOT_LISTED.has(g) && offered.has(g)), error: leagues.error };
}

/**
 * In-play events of every sport the book offers that has some: the sports with their counts, then up to
 * `perSport` events of each (of at most `maxSports` sports) with league, teams, score and clock. Each
 * sport's request asks for only those events and the sport's total; pushes or polling keep them fresh.
 * Honest states: loading, none in play, the book unavailable (its message).
 */
export function LivePreview({ perSport = 2, maxSports = Infinity }: { perSport?: number; maxSports?: number }) {
  const { t } = useTranslation('sport');
  const launchError = useVenue((s) => s.launchError);
  const ready = useVenue((s) => s.token !== null);
  const offered = useOfferedSports();
  const sports = offered.sports.slice(0, maxSports);
  // One request per shown sport (a page of perSport plus its total), refreshed by pushes or polling.
  const { games, totals, loading, error } = useGames(sports, 'RB', undefined, perSport);
  useEffect(() => {
    void ensureVenue(CRTY, 'lobby').catch(() => undefined);
  }, []);
  const failure = !ready && launchError ? launchError : (offered.error ?? (games.length === 0 ? error : null));
  if (failure)
    return (
      <EmptyState
        icon={<TrophyOutlined />}
        title={t('preview.unavailable')}
        description={typeof failure === 'string' ? failure : errorMessage(failure)}
      />
    );
  if (!ready || sports.length === 0 || loading)
    return (
      <div className="sport-preview__loading" aria-busy="true">
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  const live = sports.filter((g) => totals[g]! > 0 && games.some((x) => x.gameType === g));
  if (live.length === 0) return <EmptyState icon={<TrophyOutlined />} title={t('preview.none')} description={t('preview.noneText')} />;
  return (
    <div data-testid="sport-preview">
      <ul className="sport-preview__sports" aria-label={t('preview.sports')}>
        {live.map((g) => (
          <li key={g} data-testid={`preview-count-${g}`}>
            {t(`gameType.${g}`)} <b>{totals[g]}</b>
          </li>
        ))}
      </ul>
      {live.map((g) => (
        <section key={g} className="sport-preview__group" aria-label={t(`gameType.${g}`)} data-testid={`preview-${g}`}>
          <h4>
            <span className={`sport-icon sport-icon--${g}`} aria-hidden />
            {t(`gameType.${g}`)}
          </h4>
          <ul className="sport-preview">
            {games
              .filter((x) => x.gameType === g)
              .slice(0, perSport)
              .map((x) => (
                <li key={x.gameId} className="sport-preview__row">
                  <span className="sport-preview__league">{x.league}</span>
                  <span className="sport-preview__teams">
                    {x.team_h} <em>vs</em> {x.team_c}
                  </span>
                  <GameClock g={x} />
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
