/**
 * Sic bo's layout (骰宝): 小 · 单 · 围骰 / 全围 · 双 · 大, the doubles, the totals 4–17, the two-number
 * combinations (牌九式) and the single numbers (三军), each a spot with its odds.
 */
import { useTranslation } from 'react-i18next';
import { Die } from './art.tsx';
import { Spot, type LayoutProps } from './Spot.tsx';

const FACES = [1, 2, 3, 4, 5, 6];
const TOTALS = Array.from({ length: 14 }, (_, i) => i + 4);
/** A single number pays 1:1, 1:2 or 1:3 as one, two or three dice show it. */
const SINGLE_ODDS = '1:1 / 1:2 / 1:3';
const COMBOS = FACES.flatMap((a) => FACES.filter((b) => b > a).map((b) => [a, b] as const));

const Dice = ({ faces }: { faces: readonly number[] }) => (
  <span className="tlayout__dice">
    {faces.map((f, i) => (
      <Die key={i} value={f} size={16} className="tdie tdie--mini" />
    ))}
  </span>
);

export function SicboLayout(props: LayoutProps) {
  const { t } = useTranslation('table');
  return (
    <div className="tlayout tlayout--sicbo" data-testid="layout-sicbo">
      <div className="tlayout__row">
        <Spot {...props} spot="small" label={t('spot.small')} sub={`4-10 · ${t('spot.tripleLoses')}`} className="tspot--big" />
        <Spot {...props} spot="odd" label={t('spot.odd')} />
        <div className="tlayout__col">
          <div className="tlayout__grid tlayout__grid--6">
            {FACES.map((n) => (
              <Spot key={n} {...props} spot={`triple${n}`} label={<Dice faces={[n, n, n]} />} title={t('spot.tripleOf', { n })} />
            ))}
          </div>
          <Spot {...props} spot="anyTriple" label={t('spot.anyTriple')} />
        </div>
        <Spot {...props} spot="even" label={t('spot.even')} />
        <Spot {...props} spot="big" label={t('spot.big')} sub={`11-17 · ${t('spot.tripleLoses')}`} className="tspot--big" />
      </div>
      <div className="tlayout__grid tlayout__grid--6">
        {FACES.map((n) => (
          <Spot key={n} {...props} spot={`double${n}`} label={<Dice faces={[n, n]} />} title={t('spot.doubleOf', { n })} />
        ))}
      </div>
      <div className="tlayout__grid tlayout__grid--14">
        {TOTALS.map((n) => (
          <Spot key={n} {...props} spot={`total${n}`} label={t('spot.total', { n })} />
        ))}
      </div>
      <div className="tlayout__grid tlayout__grid--15">
        {COMBOS.map(([a, b]) => (
          <Spot key={`${a}${b}`} {...props} spot={`combo${a}${b}`} label={<Dice faces={[a, b]} />} title={t('spot.comboOf', { a, b })} />
        ))}
      </div>
      <div className="tlayout__grid tlayout__grid--6">
        {FACES.map((n) => (
          <Spot key={n} {...props} spot={`single${n}`} label={<Dice faces={[n]} />} sub={SINGLE_ODDS} title={t('spot.singleOf', { n })} />
        ))}
      </div>
    </div>
  );
}
