/**
 * The one countdown of the app: seconds left until a deadline, read from the wall clock on every tick
 * (a throttled background tab makes the ticks late, never the count wrong). Two ways in: start(seconds)
 * from an event (spec §4: a code button turns into a 60 s countdown after sending), or a deadline the
 * page was given (a deposit order's expiry).
 */
import { useCallback, useEffect, useState } from 'react';

/** A tick a second: the shown count changes once per second. */
const TICK_MS = 1000;

/**
 * [seconds left, start]. `deadlineMs` (epoch ms, null for none) counts down until start() sets a deadline
 * of its own; start(seconds) begins a countdown of that many whole seconds from now. 0 means done.
 */
export function useCountdown(deadlineMs: number | null = null): [number, (seconds: number) => void] {
  const [started, setStarted] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const until = started ?? deadlineMs;
  const left = until === null || !Number.isFinite(until) ? 0 : Math.max(0, Math.ceil((until - now) / TICK_MS));
  // A new deadline is counted from now, not from the last tick (which stopped when the previous deadline passed: a
  // draw page's next close, given seconds after the last one ran out, read seconds too long until the next tick).
  useEffect(() => setNow(Date.now()), [until]);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setNow(Date.now()), TICK_MS);
    return () => clearTimeout(id);
  }, [left, now]);
  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setStarted(at + Math.max(0, Math.floor(seconds)) * TICK_MS);
  }, []);
  return [left, start];
}

/** Seconds as mm:ss ('14:59'); minutes are not capped at 59. */
export function formatMinutesSeconds(seconds: number): string {
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
