/**
 * /game/sport (route sport, the TY category page): the house sportsbook's venue entry with a live
 * preview of in-play events of every sport that has some, and a prominent "enter" to /game/sport/crty.
 * Entering needs a member: a visitor gets '请先登录账号，才能了解更多' (spec §8) and the login.
 */
import { useEffect } from 'react';
import { Button, Skeleton, Tag } from 'antd';
import { LoginOutlined, RightOutlined, SwapOutlined, TrophyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GAME_TYPES } from '@portal/contract';
import { errorMessage } from '../../api/errors.ts';
import { bus } from '../../app/events.ts';
import { openPath } from '../../routes/nav.ts';
import { useSession } from '../../stores/session.ts';
import { notify } from '../../ui/dialogs/notify.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { useGames, useLeagues } from './hooks.ts';
import { GameClock } from './OddsTable.tsx';
import { CRTY, ensureVenue, useVenue } from './venue.ts';
import './sport.css';

/** In-play events shown per sport (each sport's request asks for only these, with the sport's total). */
const PREVIEW_PER_SPORT = 2;
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

function LivePreview() {
  const { t } = useTranslation('sport');
  const launchError = useVenue((s) => s.launchError);
  const ready = useVenue((s) => s.token !== null);
  const offered = useOfferedSports();
  const { sports } = offered;
  // One request per offered sport (a page of PREVIEW_PER_SPORT plus its total), refreshed by pushes or polling.
  const { games, totals, loading, error } = useGames(sports, 'RB', undefined, PREVIEW_PER_SPORT);
  useEffect(() => { void ensureVenue(CRTY, 'lobby').catch(() => undefined); }, []);
  const failure = !ready && launchError ? launchError : offered.error ?? (games.length === 0 ? error : null);
  if (failure) return <EmptyState icon={<TrophyOutlined />} title={t('preview.unavailable')} description={typeof failure === 'string' ? failure : errorMessage(failure)} />;
  if (!ready || sports.length === 0 || loading) return <div className="sport-preview__loading" aria-busy="true"><Skeleton active paragraph={{ rows: 3 }} /></div>;
  const live = sports.filter((g) => totals[g]! > 0 && games.some((x) => x.gameType === g));
  if (live.length === 0) return <EmptyState icon={<TrophyOutlined />} title={t('preview.none')} description={t('preview.noneText')} />;
  return (
    <div data-testid="sport-preview">
      <ul className="sport-preview__sports" aria-label={t('preview.sports')}>
        {live.map((g) => (
          <li key={g} data-testid={`preview-count-${g}`}>{t(`gameType.${g}`)} <b>{totals[g]}</b></li>
        ))}
      </ul>
      {live.map((g) => (
        <section key={g} className="sport-preview__group" aria-label={t(`gameType.${g}`)} data-testid={`preview-${g}`}>
          <h4><span className={`sport-icon sport-icon--${g}`} aria-hidden />{t(`gameType.${g}`)}</h4>
          <ul className="sport-preview">
            {games.filter((x) => x.gameType === g).slice(0, PREVIEW_PER_SPORT).map((x) => (
              <li key={x.gameId} className="sport-preview__row">
                <span className="sport-preview__league">{x.league}</span>
                <span className="sport-preview__teams">{x.team_h} <em>vs</em> {x.team_c}</span>
                <GameClock g={x} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function SportPage() {
  const { t } = useTranslation('sport');
  const member = useSession((s) => s.token !== null);
  const enter = () => {
    if (!member) {
      notify.warning(t('loginFirst'));
      bus.emit('login');
      return;
    }
    openPath('/game/sport/crty');
  };
  return (
    <div className="game-category game-category--sport sport-entry" data-venue-type="TY">
      <section className="sport-entry__hero">
        <div>
          <Tag className="game-category__type">{t('entry.type')}</Tag>
          <h2>{t('entry.title')}</h2>
          <p>{t('entry.desc')}</p>
          <ul className="sport-entry__facts">
            {(['facts.live', 'facts.parlay', 'facts.formats'] as const).map((k) => <li key={k}>{t(k)}</li>)}
          </ul>
        </div>
        <div className="sport-entry__actions">
          <Button type="primary" size="large" icon={member ? <RightOutlined /> : <LoginOutlined />} onClick={enter} data-testid="sport-enter">{t('entry.enter')}</Button>
          {member && <Button size="large" ghost icon={<SwapOutlined />} onClick={() => bus.emit('show_venue_entry', { message: t('stake.transferHint'), channelCode: CRTY, onEnter: () => openPath('/game/sport/crty') })}>{t('transfer')}</Button>}
        </div>
      </section>
      <section className="sport-entry__preview panel" aria-label={t('preview.title')}>
        <h3>{t('preview.title')}</h3>
        {member ? <LivePreview /> : <EmptyState icon={<LoginOutlined />} title={t('preview.login')} description={t('loginFirst')} />}
      </section>
    </div>
  );
}
