/**
 * The big-win celebration over the reels, scaled to the tier (bigWin.ts): the tier's title (大奖 / 巨奖 / 超级巨奖),
 * the amount counting up to the real win, the multiple of the stake, light rays and a coin shower that grow with
 * the tier. With prefers-reduced-motion nothing moves: the title and the final amount stand still.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../ui/money/index.ts';
import { COINS, COUNT_UP_MS, countUpFen, type BigWinTier } from './bigWin.ts';
import './bigWin.css';

export function BigWinBurst({
  tier,
  amountFen,
  stakeFen,
  reducedMotion,
}: {
  tier: BigWinTier;
  amountFen: number;
  stakeFen: number;
  reducedMotion: boolean;
}) {
  const { t } = useTranslation('slot');
  const [shown, setShown] = useState(reducedMotion ? amountFen : 0);
  useEffect(() => {
    if (reducedMotion || typeof requestAnimationFrame === 'undefined') {
      setShown(amountFen);
      return;
    }
    const start = performance.now();
    let id = 0;
    const step = (now: number) => {
      const v = countUpFen(amountFen, now - start, COUNT_UP_MS[tier]);
      setShown(v);
      if (v < amountFen) id = requestAnimationFrame(step);
    };
    id = requestAnimationFrame(step);
    return () => cancelAnimationFrame(id);
  }, [amountFen, tier, reducedMotion]);
  const times = stakeFen > 0 ? Math.floor(amountFen / stakeFen) : 0;
  return (
    <div
      className={`bigwin bigwin--${tier}${reducedMotion ? ' bigwin--still' : ''}`}
      data-testid="big-win"
      data-tier={tier}
      role="status"
      aria-label={`${t(`bigWinTier.${tier}`)} ${money(amountFen)}`}
    >
      {!reducedMotion && (
        <div className="bigwin__fx" aria-hidden="true">
          <div className="bigwin__rays" />
          {Array.from({ length: COINS[tier] }, (_, i) => (
            <span
              key={i}
              className="bigwin__coin"
              style={{
                ['--x' as string]: `${(i * 37 + 11) % 100}%`,
                ['--d' as string]: `${((i * 0.137) % 1.3).toFixed(2)}s`,
                ['--s' as string]: `${0.7 + ((i * 7) % 5) / 10}`,
              }}
            />
          ))}
        </div>
      )}
      <div className="bigwin__title" aria-hidden="true">
        {t(`bigWinTier.${tier}`)}
      </div>
      <div className="bigwin__amount" aria-hidden="true" data-testid="big-win-amount">
        {money(shown)}
      </div>
      {times > 0 && (
        <div className="bigwin__times" aria-hidden="true">
          {t('bigWinTimes', { times })}
        </div>
      )}
    </div>
  );
}
