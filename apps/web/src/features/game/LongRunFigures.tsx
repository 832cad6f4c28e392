/**
 * A house game's long-run figures: RTP, hit rate, volatility class and largest payout, every bet
 * where the bets differ — from the exact math in @portal/games (the same numbers the lobby and the RTP harness
 * use), RTPs rounded down. Computed in the browser when first opened.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableInfoWire } from '@portal/contract';
import { bpText, tableFigures, type GameFigures } from '@portal/games';

const x = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));

export function FiguresTable({ figures, slot = false }: { figures: GameFigures; slot?: boolean }) {
  const { t } = useTranslation('game');
  return (
    <div className="long-run" data-testid="long-run">
      <p className="muted">{t('figures.note')}</p>
      <table className="long-run__table">
        <thead>
          <tr>
            {!slot && <th>{t('figures.bet')}</th>}
            <th>{t('figures.rtp')}</th>
            <th>{t('figures.hit')}</th>
            <th>{t('figures.volatility')}</th>
            <th>{t('figures.max')}</th>
          </tr>
        </thead>
        <tbody>
          {figures.bets.map((b) => (
            <tr key={b.key} data-testid={`long-run-${b.key}`}>
              {!slot && <td>{b.name}</td>}
              <td>{bpText(b.rtpBp)}%</td>
              <td>{bpText(b.hitBp)}%</td>
              <td>{t(`figures.vol.${b.volatility}`)}</td>
              <td>{t('figures.maxX', { x: x(b.maxPayX) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{slot ? t('figures.slotMax', { x: x(figures.main.maxPayX) }) : t('figures.tableMax')}</p>
    </div>
  );
}

/** A collapsible panel of a table's or draw's figures, each bet on its own row. */
export function TableFigures({ kind, variant }: { kind: TableInfoWire['kind']; variant: TableInfoWire['variant'] }) {
  const { t } = useTranslation('game');
  const [open, setOpen] = useState(false);
  const figures = useMemo(() => (open ? tableFigures(kind, variant ?? 'commission') : null), [open, kind, variant]);
  return (
    <details className="long-run-panel" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>{t('figures.title')}</summary>
      {figures && <FiguresTable figures={figures} />}
    </details>
  );
}
