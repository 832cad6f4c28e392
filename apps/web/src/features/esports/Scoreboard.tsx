/**
 * The match page's live scoreboard: maps won, the live map's kills (MOBA) or rounds (shooters) and clock,
 * towers and dragons or each side's bank, the last event, and for MOBA titles the gold-lead graph (one point a
 * minute; home above the line, away below).
 */
import { useTranslation } from 'react-i18next';
import type { SportGameWire as SportGame, EsportsStateWire } from '@portal/contract';
import { goldPath, goldText, mapClock } from './match.ts';

const GRAPH_W = 320;
const GRAPH_H = 80;

export function GoldGraph({ history, teams }: { history: readonly number[]; teams: [string, string] }) {
  const { t } = useTranslation('esports');
  if (history.length < 2) return null;
  const last = history[history.length - 1]!;
  return (
    <figure className="esports-gold" data-testid="gold-graph">
      <figcaption>
        {t('gold.title')} <b data-testid="gold-lead">{goldText(last)}</b>
      </figcaption>
      <svg viewBox={`0 0 ${GRAPH_W} ${GRAPH_H}`} preserveAspectRatio="none" role="img" aria-label={t('gold.title')}>
        <line x1={0} y1={GRAPH_H / 2} x2={GRAPH_W} y2={GRAPH_H / 2} className="esports-gold__axis" />
        <path d={goldPath(history, GRAPH_W, GRAPH_H)} className="esports-gold__line" />
      </svg>
      {/* Home's lead above the line, away's below. */}
      <div className="esports-gold__sides">
        <span>▲ {teams[0]}</span>
        <span>▼ {teams[1]}</span>
      </div>
    </figure>
  );
}

function Stat({ label, h, c, testId }: { label: string; h: string | number; c: string | number; testId: string }) {
  return (
    <div className="esports-stat" data-testid={testId}>
      <b>{h}</b>
      <span>{label}</span>
      <b>{c}</b>
    </div>
  );
}

function LiveMap({ es }: { es: EsportsStateWire }) {
  const { t } = useTranslation('esports');
  const moba = es.unit === 'kills';
  return (
    <div className="esports-board__map">
      <div className="esports-board__now">
        <span>{t('mapN', { n: es.map })}</span>
        <span data-testid="map-clock">{es.live ? mapClock(es.clock) : t('between')}</span>
        {es.lastEvent && <span className="esports-board__event">{t(`event.${es.lastEvent}`, { defaultValue: '' })}</span>}
      </div>
      <Stat label={t(moba ? 'kills' : 'rounds')} h={es.score[0]} c={es.score[1]} testId="stat-score" />
      {moba ? (
        <>
          <Stat label={t('towers')} h={es.towers[0]} c={es.towers[1]} testId="stat-towers" />
          <Stat label={t('dragons')} h={es.dragons[0]} c={es.dragons[1]} testId="stat-dragons" />
        </>
      ) : (
        es.econ && <Stat label={t('economy')} h={`$${es.econ[0]}`} c={`$${es.econ[1]}`} testId="stat-econ" />
      )}
    </div>
  );
}

export function Scoreboard({ g }: { g: SportGame }) {
  const { t } = useTranslation('esports');
  const es = g.esports;
  return (
    <section className="esports-board" aria-label={t('board')} data-testid="esports-board">
      <div className="esports-board__head">
        <span className="esports-board__team">{g.team_h}</span>
        <span className="esports-board__maps" data-testid="maps-score">
          {g.sc_FT_H} : {g.sc_FT_C}
        </span>
        <span className="esports-board__team">{g.team_c}</span>
      </div>
      <p className="esports-board__series">
        {es ? t('bestOf', { n: es.bestOf, w: Math.ceil(es.bestOf / 2) }) : null}
        {g.status === 'live' ? <em className="esports-live">{t('live')}</em> : null}
      </p>
      {es && (es.live || es.maps.length > 0) && <LiveMap es={es} />}
      {es && es.unit === 'kills' && es.live && <GoldGraph history={es.goldHistory} teams={[g.team_h, g.team_c]} />}
      {es?.forfeit && <p className="esports-board__forfeit">{t('forfeit')}</p>}
    </section>
  );
}
