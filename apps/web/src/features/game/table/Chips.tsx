/**
 * The chip rack (TABLE_LIMITS.CHIPS, or the table's own) and the betting controls: 确认下注 sends the chips on
 * the layout as one bet, 撤销 takes the unsent chips back, 取消下注 withdraws the bets already placed on this round
 * (only while the window is open), 重复 puts last round's bets back on the layout, 加倍 doubles what is on it.
 */
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { money } from '../../../ui/money/format.ts';
import { ChipArt } from './art.tsx';

export interface ControlsProps {
  chips: readonly string[];
  chip: string;
  onChip: (chip: string) => void;
  open: boolean;
  busy: boolean;
  pendingFen: number;
  placedFen: number;
  canRepeat: boolean;
  onConfirm: () => void;
  onUndo: () => void;
  onCancel: () => void;
  onRepeat: () => void;
  onDouble: () => void;
}

export function Chips(p: ControlsProps) {
  const { t } = useTranslation('table');
  return (
    <div className="tcontrols" data-testid="controls">
      <div className="tchips" role="radiogroup" aria-label={t('controls.chips')}>
        {p.chips.map((c) => (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={p.chip === c}
            className={`tchip${p.chip === c ? ' tchip--on' : ''}`}
            data-testid={`chip-${c}`}
            disabled={!p.open}
            onClick={() => p.onChip(c)}
          >
            <ChipArt value={c} />
          </button>
        ))}
      </div>
      <div className="tcontrols__sum">
        <span>
          {t('controls.placed')} <b data-testid="placed-total">{money(p.placedFen)}</b>
        </span>
        <span>
          {t('controls.pending')} <b data-testid="pending-total">{money(p.pendingFen)}</b>
        </span>
      </div>
      <div className="tcontrols__buttons">
        <Button data-testid="table-undo" disabled={!p.open || p.busy || p.pendingFen === 0} onClick={p.onUndo}>
          {t('controls.undo')}
        </Button>
        <Button data-testid="table-repeat" disabled={!p.open || p.busy || !p.canRepeat} onClick={p.onRepeat}>
          {t('controls.repeat')}
        </Button>
        <Button data-testid="table-double" disabled={!p.open || p.busy || p.pendingFen + p.placedFen === 0} onClick={p.onDouble}>
          {t('controls.double')}
        </Button>
        <Button danger data-testid="table-cancel" disabled={!p.open || p.busy || p.placedFen === 0} onClick={p.onCancel}>
          {t('controls.cancel')}
        </Button>
        <Button type="primary" data-testid="table-confirm" loading={p.busy} disabled={!p.open || p.pendingFen === 0} onClick={p.onConfirm}>
          {t('controls.confirm')}
        </Button>
      </div>
    </div>
  );
}
