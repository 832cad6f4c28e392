/**
 * The jackpot ticker's rolling amount: when the server answers a new pool amount, the shown figure rolls from the
 * old one to the new one (ease-out, whole fen) instead of jumping; the first answer is shown as it is. Nothing is
 * invented between answers: the roll only travels between two amounts the server gave.
 */
import { useEffect, useRef, useState } from 'react';

/** How long a roll from one answered amount to the next takes. */
export const ROLL_MS = 1600;

/** The shown fen at `elapsedMs` of a roll from `fromFen` to `toFen` (ends exactly on `toFen`, never overshoots). */
export function rollFen(fromFen: number, toFen: number, elapsedMs: number, durationMs = ROLL_MS): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return toFen;
  const t = Math.max(0, elapsedMs) / durationMs;
  const eased = 1 - (1 - t) ** 3;
  return Math.round(fromFen + (toFen - fromFen) * eased);
}

/** The amount to show now for a target that changes (reduced motion: the target at once). */
export function useRolling(targetFen: number, reducedMotion: boolean): number {
  const [shown, setShown] = useState(targetFen);
  const shownRef = useRef(targetFen);
  useEffect(() => {
    const from = shownRef.current;
    if (reducedMotion || from === targetFen || typeof requestAnimationFrame === 'undefined') {
      shownRef.current = targetFen;
      setShown(targetFen);
      return;
    }
    const start = performance.now();
    let id = 0;
    const step = (now: number) => {
      const v = rollFen(from, targetFen, now - start);
      shownRef.current = v;
      setShown(v);
      if (v !== targetFen) id = requestAnimationFrame(step);
    };
    id = requestAnimationFrame(step);
    return () => cancelAnimationFrame(id);
  }, [targetFen, reducedMotion]);
  return shown;
}

export function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}
