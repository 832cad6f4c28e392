/** The left rail: sports (spec §3 game types) and the leagues of the chosen sport, quick leagues first. */
import { useTranslation } from 'react-i18next';
import { GAME_TYPES } from '@portal/contract';
import type { GameType } from '@portal/rules';
import type { SportLeagueWire as League } from '@portal/contract';
import { TitleIcon, isEsportsType } from '../esports/titles.tsx';

export function SportRail({
  gameType,
  onGameType,
  leagues,
  leagueId,
  onLeague,
}: {
  gameType: GameType;
  onGameType: (g: GameType) => void;
  leagues: League[];
  leagueId: string | undefined;
  onLeague: (id: string | undefined) => void;
}) {
  const { t } = useTranslation('sport');
  const quick = leagues.filter((l) => l.quick);
  return (
    <nav className="sport-rail" aria-label={t('rail.sports')}>
      <h3 className="sport-rail__title">{t('rail.sports')}</h3>
      <ul className="sport-rail__list">
        {GAME_TYPES.map((g) => (
          <li key={g}>
            <button
              type="button"
              className={`sport-rail__item${g === gameType ? ' is-on' : ''}`}
              aria-current={g === gameType ? 'true' : undefined}
              data-testid={`gametype-${g}`}
              onClick={() => onGameType(g)}
            >
              {isEsportsType(g) ? <TitleIcon title={g} size={16} /> : <span className={`sport-icon sport-icon--${g}`} aria-hidden />}
              {t(`gameType.${g}`)}
            </button>
          </li>
        ))}
      </ul>
      {quick.length > 0 && (
        <>
          <h3 className="sport-rail__title">{t('rail.quick')}</h3>
          <div className="sport-rail__chips">
            {quick.map((l) => (
              <button
                key={l.leagueId}
                type="button"
                className={`chip${l.leagueId === leagueId ? ' is-on' : ''}`}
                onClick={() => onLeague(l.leagueId === leagueId ? undefined : l.leagueId)}
              >
                {t(`quick.${l.leagueId}`, { defaultValue: l.name })}
              </button>
            ))}
          </div>
        </>
      )}
      {leagues.length > 0 && (
        <>
          <h3 className="sport-rail__title">{t('rail.leagues')}</h3>
          <ul className="sport-rail__list">
            <li>
              <button type="button" className={`sport-rail__item${leagueId ? '' : ' is-on'}`} onClick={() => onLeague(undefined)}>
                {t('rail.allLeagues')}
              </button>
            </li>
            {leagues.map((l) => (
              <li key={l.leagueId}>
                <button
                  type="button"
                  className={`sport-rail__item sport-rail__item--league${l.leagueId === leagueId ? ' is-on' : ''}`}
                  onClick={() => onLeague(l.leagueId)}
                >
                  {l.name}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </nav>
  );
}
