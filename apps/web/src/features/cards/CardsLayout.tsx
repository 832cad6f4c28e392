/**
 * The bet layouts of the 棋牌 tables: 百人牛牛's four spots (天 地 玄 黄) with the deposit rule and the table's
 * schedule of multiples, 二八杠's three doors (顺门 天门 尾门) with the ladder of hands. A chip on a spot is a
 * 牛牛 deposit (5 × the 底注) or a 二八杠 stake.
 */
import { useTranslation } from 'react-i18next';
import { NIUNIU_DEPOSIT, NIUNIU_MULTIPLES, NIUNIU_SPOTS, PAI28_SPOTS, SANGONG_SPOTS } from '@portal/games';
import { amountText } from '../../ui/money/format.ts';
import { Spot, type LayoutProps } from '../game/table/Spot.tsx';
import { spotLabelKey } from './RevealHands.tsx';
import './cards.css';

/** The schedule as the table prints it: consecutive ranks of the same multiple in one row (无牛–牛六 ×1 …). */
function scheduleRows(): { from: number; to: number; multiple: number }[] {
  const rows: { from: number; to: number; multiple: number }[] = [];
  NIUNIU_MULTIPLES.forEach((m, rank) => {
    const last = rows.at(-1);
    if (last && last.multiple === m) last.to = rank;
    else rows.push({ from: rank, to: rank, multiple: m });
  });
  return rows.reverse();
}

export function NiuniuLayout(props: LayoutProps) {
  const { t } = useTranslation('cards');
  const base = (key: string) => (props.placed[key] ?? 0) + (props.pending[key] ?? 0);
  return (
    <div className="qlayout qlayout--niuniu" data-testid="layout-niuniu">
      <div className="qlayout__spots">
        {NIUNIU_SPOTS.map((s) => (
          <Spot
            key={s}
            {...props}
            spot={s}
            className="qspot"
            label={t(spotLabelKey('niuniu', s))}
            sub={base(s) > 0 ? t('depositSub', { base: amountText(base(s) / NIUNIU_DEPOSIT) }) : t('deposit')}
          />
        ))}
      </div>
      <section className="qschedule" data-testid="niuniu-schedule">
        <h4>{t('schedule')}</h4>
        <ul>
          {scheduleRows().map((r) => (
            <li key={r.from}>
              <span>{r.from === r.to ? t(`niu.${r.from}`) : `${t(`niu.${r.from}`)} – ${t(`niu.${r.to}`)}`}</span>
              <b>{t('times', { n: r.multiple })}</b>
            </li>
          ))}
        </ul>
        <p className="qnote">{t('depositNote')}</p>
      </section>
    </div>
  );
}

export function Pai28Layout(props: LayoutProps) {
  const { t } = useTranslation('cards');
  return (
    <div className="qlayout qlayout--pai28" data-testid="layout-pai28">
      <div className="qlayout__spots">
        {PAI28_SPOTS.map((s) => (
          <Spot key={s} {...props} spot={s} className="qspot" label={t(spotLabelKey('pai28', s))} sub={t('pai28Sub')} />
        ))}
      </div>
      <section className="qschedule">
        <h4>{t('ladder')}</h4>
        <p className="qnote">{t('pai28Note')}</p>
      </section>
    </div>
  );
}

export function SangongLayout(props: LayoutProps) {
  const { t } = useTranslation('cards');
  return (
    <div className="qlayout qlayout--sangong" data-testid="layout-sangong">
      <div className="qlayout__spots">
        {SANGONG_SPOTS.map((s) => (
          <Spot key={s} {...props} spot={s} className="qspot" label={t(spotLabelKey('sangong', s))} sub={t('sangongSub')} />
        ))}
      </div>
      <section className="qschedule">
        <h4>{t('ladder')}</h4>
        <p className="qnote">{t('sangongNote')}</p>
      </section>
    </div>
  );
}
