/** The room's match as an animated tracker: score and clock (pushed 10014, else the detail), stats, the timeline from the feed. */
import { useTranslation } from 'react-i18next';
import type { ScorePushWire } from '@portal/contract';
import { useMatchDetail } from './api.ts';

export function Tracker({ roomId, pushed }: { roomId: string; pushed: ScorePushWire | null }) {
  const { t } = useTranslation('live');
  const detail = useMatchDetail(roomId);
  const score = pushed ?? detail.data?.score ?? null;
  if (!score) return <p className="live-tracker live-tracker--none">{t('tracker.none')}</p>;
  const key = `${score.scoreH}-${score.scoreC}`;
  return (
    <div className="live-tracker" data-testid="tracker">
      <div className="live-tracker__board">
        <span className="live-tracker__team">{score.home}</span>
        <b className="live-tracker__score" key={key} data-testid="tracker-score">
          {score.scoreH} : {score.scoreC}
        </b>
        <span className="live-tracker__team">{score.away}</span>
      </div>
      <p className="live-tracker__clock">
        {score.clock} {score.state}
      </p>
      <div className="live-tracker__pitch" aria-hidden="true">
        <span className="live-tracker__ball" />
      </div>
      {(detail.data?.stats ?? []).map((s) => (
        <div className="live-tracker__stat" key={s.label}>
          <span>{s.h}</span>
          <em>{t(`tracker.stat.${s.label}`, { defaultValue: s.label })}</em>
          <span>{s.c}</span>
        </div>
      ))}
      <ol className="live-tracker__timeline">
        {(detail.data?.timeline ?? [])
          .slice(-8)
          .reverse()
          .map((e) => (
            <li key={`${e.at}-${e.kind}-${e.side}`} className={`live-tracker__event live-tracker__event--${e.kind}`}>
              <span>{e.clock}</span> {t(`tracker.event.${e.kind}`, { defaultValue: e.kind })}
              {e.side && ` · ${e.side === 'H' ? score.home : score.away}`} {e.text}
            </li>
          ))}
      </ol>
    </div>
  );
}
