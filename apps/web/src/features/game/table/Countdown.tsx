/**
 * The betting window's countdown: a ring emptying to the close, the seconds left in it — from the round's
 * closesAt corrected by the server's clock (serverNow vs this browser's, taken when the state arrived), read
 * through the app's one wall-clock countdown. Outside the window: the round's status.
 */
import { useTranslation } from 'react-i18next';
import type { TableStateWire } from '@portal/contract';
import { useCountdown } from '../../../ui/useCountdown.ts';

/** The window's close on this browser's clock. */
export const localClose = (s: TableStateWire, offsetMs: number): number => s.closesAt - offsetMs;

export function useSecondsLeft(state: TableStateWire | null, offsetMs: number): number {
  const [left] = useCountdown(state && state.status === 'betting' ? localClose(state, offsetMs) : null);
  return state?.status === 'betting' ? left : 0;
}

export function Countdown({ state, secondsLeft, windowMs }: { state: TableStateWire; secondsLeft: number; windowMs: number }) {
  const { t } = useTranslation('table');
  const betting = state.status === 'betting' && secondsLeft > 0;
  const whole = Math.max(1, Math.round(windowMs / 1000));
  const part = betting ? Math.min(1, secondsLeft / whole) : 0;
  const c = 2 * Math.PI * 26;
  const status = betting ? 'betting' : state.status === 'betting' ? 'closed' : state.status;
  return (
    <div
      className={`tcount tcount--${status}${betting && secondsLeft <= 5 ? ' tcount--hurry' : ''}`}
      data-testid="countdown"
      data-status={status}
    >
      <svg viewBox="0 0 60 60" width="64" height="64" aria-hidden="true">
        <circle cx="30" cy="30" r="26" fill="none" stroke="rgba(255,255,255,.18)" strokeWidth="5" />
        <circle
          cx="30"
          cy="30"
          r="26"
          fill="none"
          className="tcount__arc"
          strokeWidth="5"
          strokeLinecap="round"
          strokeDasharray={`${c * part} ${c}`}
          transform="rotate(-90 30 30)"
        />
        <text x="30" y="36" textAnchor="middle" fontSize="18" fontWeight="700" fill="currentColor">
          {betting ? secondsLeft : ''}
        </text>
      </svg>
      <span className="tcount__text" data-testid="round-status">
        {t(`status.${status}`)}
      </span>
    </div>
  );
}
