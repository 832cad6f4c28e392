/**
 * European roulette's layout (单零轮盘): 0 and the 3 × 12 number grid in red and black (a click on a number is a
 * straight bet, 'in:<n>'), the columns (2:1) at the row ends, the dozens, and the even-money bets.
 */
import { useTranslation } from 'react-i18next';
import { RED_NUMBERS } from '@portal/games';
import { Spot, type LayoutProps } from './Spot.tsx';

/** Rows top to bottom: 3 6 9 … 36, 2 5 … 35, 1 4 … 34 (the column of each row's bet at its end). */
const ROWS = [3, 2, 1].map((r) => Array.from({ length: 12 }, (_, c) => c * 3 + r));
const COLUMN_OF_ROW = ['column3', 'column2', 'column1'];

export const pocketColour = (n: number): 'green' | 'red' | 'black' => (n === 0 ? 'green' : RED_NUMBERS.has(n) ? 'red' : 'black');

export function RouletteLayout(props: LayoutProps) {
  const { t } = useTranslation('table');
  return (
    <div className="tlayout tlayout--roulette" data-testid="layout-roulette">
      <div className="troul">
        <Spot {...props} spot="in:0" label="0" sub="" className="troul__zero tspot--green" />
        <div className="troul__numbers">
          {ROWS.map((row, r) => (
            <div className="troul__row" key={r}>
              {row.map((n) => (
                <Spot key={n} {...props} spot={`in:${n}`} label={String(n)} sub="" className={`troul__n tspot--${pocketColour(n)}`} />
              ))}
              <Spot {...props} spot={COLUMN_OF_ROW[r]!} label={t('spot.column')} sub="" className="troul__col" />
            </div>
          ))}
        </div>
      </div>
      <p className="tlayout__hint">{t('spot.straightHint')}</p>
      <div className="tlayout__row">
        {[1, 2, 3].map((d) => (
          <Spot key={d} {...props} spot={`dozen${d}`} label={t(`spot.dozen${d}`)} sub={`${d * 12 - 11}-${d * 12}`} />
        ))}
      </div>
      <div className="tlayout__row">
        <Spot {...props} spot="low" label="1-18" />
        <Spot {...props} spot="even" label={t('spot.even')} />
        <Spot {...props} spot="red" label={t('spot.red')} className="tspot--red" />
        <Spot {...props} spot="black" label={t('spot.black')} className="tspot--black" />
        <Spot {...props} spot="odd" label={t('spot.odd')} />
        <Spot {...props} spot="high" label="19-36" />
      </div>
    </div>
  );
}
