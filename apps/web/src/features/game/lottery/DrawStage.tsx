/**
 * The draw, animated from what the server revealed so far (never ahead of it): 快三's three dice tumble until each
 * lands on its pushed value; 五星彩's five balls roll in one by one; 极速赛车's ten cars race across the track,
 * each crossing the line in its finishing place as the places are revealed. CSS animations (reduced motion: none).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotteryKind } from './api.ts';
import { Ball, Car, Die, ballColour } from './art.tsx';
import { NUMBERS } from './trend.ts';
import './stage.css';

export interface StageProps {
  kind: LotteryKind;
  /** The numbers revealed so far (a prefix of the draw). */
  numbers: readonly number[];
  /** The draw is being revealed (unrevealed ones move); else the stage rests (missing ones wait). */
  live: boolean;
  /** Restarts the animations for a new draw. */
  drawKey: string;
}

/** A face a second-tenth while a die is still in the air. */
function useTumble(active: boolean): number {
  const [face, setFace] = useState(1);
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setFace((f) => (f % 6) + 1), 110);
    return () => clearInterval(id);
  }, [active]);
  return face;
}

function DiceStage({ numbers, live }: Omit<StageProps, 'kind' | 'drawKey'>) {
  const { t } = useTranslation('lottery');
  const face = useTumble(live && numbers.length < 3);
  return (
    <div className="lottery-stage__dice">
      {[0, 1, 2].map((i) => {
        const v = numbers[i];
        return v === undefined ? (
          <Die
            key={`t${i}`}
            value={((face + i * 2) % 6) + 1}
            size={72}
            className={live ? 'is-tumbling' : 'is-waiting'}
            label={t('stage.waiting')}
          />
        ) : (
          <Die key={`v${i}`} value={v} size={72} className="is-landed" />
        );
      })}
    </div>
  );
}

function BallStage({ numbers, live }: Omit<StageProps, 'kind' | 'drawKey'>) {
  return (
    <div className="lottery-stage__balls">
      {[0, 1, 2, 3, 4].map((i) => {
        const v = numbers[i];
        return v === undefined ? (
          <Ball key={`w${i}`} value="?" colour="#5b6275" size={56} className={live ? 'is-spinning' : 'is-waiting'} />
        ) : (
          <Ball key={`v${i}`} value={v} colour={ballColour(i)} size={56} className="is-rolled" />
        );
      })}
    </div>
  );
}

function RaceStage({ numbers, live }: Omit<StageProps, 'kind' | 'drawKey'>) {
  const { t } = useTranslation('lottery');
  const placeOf = (car: number) => numbers.indexOf(car);
  return (
    <div className={`lottery-track${live ? ' is-live' : ''}`} role="list" aria-label={t('stage.track')}>
      {Array.from({ length: 10 }, (_, i) => i + 1).map((car) => {
        const place = placeOf(car);
        const finished = place >= 0;
        // Finished cars stand past the line by place (the winner furthest); the others still race.
        const style = finished
          ? { left: `calc(${88 - place * 3.2}% - 4rem)`, transitionDuration: `${1.4 + place * 0.18}s` }
          : { animationDelay: `${-((car * 0.37) % 1.3)}s` };
        return (
          <div key={car} className="lottery-track__lane" role="listitem" data-car={car} data-place={finished ? place + 1 : undefined}>
            <span className="lottery-track__no">{car}</span>
            <div className={`lottery-track__car${finished ? ' is-finished' : live ? ' is-racing' : ''}`} style={style}>
              <Car n={car} width={64} />
              {finished && <b className="lottery-track__place">{t('place', { n: place + 1 })}</b>}
            </div>
          </div>
        );
      })}
      <div className="lottery-track__finish" aria-hidden />
    </div>
  );
}

export function DrawStage({ kind, numbers, live, drawKey }: StageProps) {
  const { t } = useTranslation('lottery');
  const shown = numbers.slice(0, NUMBERS[kind]);
  return (
    <div className={`lottery-stage lottery-stage--${kind}`} data-testid="lottery-stage" data-numbers={shown.join(',')} key={drawKey}>
      {kind === 'k3' ? (
        <DiceStage numbers={shown} live={live} />
      ) : kind === 'digit5' ? (
        <BallStage numbers={shown} live={live} />
      ) : (
        <RaceStage numbers={shown} live={live} />
      )}
      {live && shown.length < NUMBERS[kind] && <p className="lottery-stage__live">{t('stage.drawing')}</p>}
    </div>
  );
}
