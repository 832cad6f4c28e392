/**
 * One bet spot of a table layout: its name and odds, the member's placed stake and the chips still to confirm,
 * lit when it won. Clicking it (while the window is open) puts the chosen chip on it.
 */
import type { ReactNode } from 'react';
import type { TableInfoWire } from '@portal/contract';
import { parseWireAmount } from '@portal/rules';
import { amountText } from '../../../ui/money/format.ts';
import type { Stakes } from './model.ts';

/** What every layout gets from the page. */
export interface LayoutProps {
  info: TableInfoWire;
  pending: Stakes;
  placed: Stakes;
  /** The betting window is open (spots take chips). */
  open: boolean;
  /** Bet types that won on the shown outcome. */
  winners: ReadonlySet<string>;
  onSpot: (key: string) => void;
}

/** '1:0.95' from the wire's return per unit ('1.95', stake included); integer arithmetic on hundredths. */
export function oddsText(odds: string | undefined): string {
  const hundredths = parseWireAmount(odds ?? '');
  if (hundredths === null || hundredths <= 100) return '';
  const x = hundredths - 100;
  const whole = Math.floor(x / 100);
  const frac = x % 100;
  return `1:${whole}${frac ? `.${String(frac).padStart(2, '0').replace(/0$/, '')}` : ''}`;
}

export function oddsOf(info: TableInfoWire, key: string): string {
  return oddsText(info.betTypes.find((b) => b.key === key)?.odds);
}

interface SpotProps extends LayoutProps {
  spot: string;
  label: ReactNode;
  /** Shown under the label; default the spot's odds. */
  sub?: ReactNode;
  className?: string;
  title?: string;
}

export function Spot({ spot, label, sub, className, title, info, pending, placed, open, winners, onSpot }: SpotProps) {
  const mine = placed[spot] ?? 0;
  const chips = pending[spot] ?? 0;
  const classes = ['tspot', className, winners.has(spot) ? 'tspot--win' : '', mine > 0 ? 'tspot--placed' : ''].filter(Boolean).join(' ');
  return (
    <button type="button" className={classes} data-testid={`spot-${spot}`} disabled={!open} title={title} onClick={() => onSpot(spot)}>
      <span className="tspot__label">{label}</span>
      <span className="tspot__odds">{sub ?? oddsOf(info, spot)}</span>
      {(mine > 0 || chips > 0) && (
        <span className="tspot__stakes">
          {mine > 0 && (
            <span className="tspot__placed" data-testid={`placed-${spot}`}>
              {amountText(mine)}
            </span>
          )}
          {chips > 0 && (
            <span className="tspot__pending" data-testid={`pending-${spot}`}>
              +{amountText(chips)}
            </span>
          )}
        </span>
      )}
    </button>
  );
}
