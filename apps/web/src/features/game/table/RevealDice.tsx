/** Sic bo's reveal: three dice tumbling in the shaker, each settling on its face as its step arrives; the total and 大/小 (or 围骰). */
import { useTranslation } from 'react-i18next';
import type { TableStateWire } from '@portal/contract';
import { Die } from './art.tsx';
import { diceOf, diceSummary } from './outcome.ts';

export function RevealDice({ state }: { state: TableStateWire }) {
  const { t } = useTranslation('table');
  const dice = diceOf(state.steps);
  const rolling = state.status === 'closed' || state.status === 'revealing';
  const sum = diceSummary(dice);
  return (
    <div className="treveal treveal--dice" data-testid="reveal-dice">
      <div className={`tshaker${rolling ? ' tshaker--rolling' : ''}`}>
        {[0, 1, 2].map((i) =>
          dice[i] !== undefined ? (
            <span key={`${state.seq}-${i}`} className="tdie-slot tdie-slot--landed">
              <Die value={dice[i]!} size={56} />
            </span>
          ) : (
            <span key={`wait-${i}`} className={`tdie-slot${rolling ? ' tdie-slot--tumbling' : ''}`}>
              <Die value={((state.seq + i) % 6) + 1} size={56} className="tdie tdie--blank" />
            </span>
          ),
        )}
      </div>
      {sum && (
        <p className="treveal__sum" data-testid="dice-sum">
          {sum.triple ? t('result.triple', { total: sum.total }) : t('result.dice', { total: sum.total, size: t(`spot.${sum.size}`) })}
        </p>
      )}
    </div>
  );
}
