/**
 * Network state: how many reads are being retried after a timeout, a network error, a 429 / 6011 or a
 * 5xx. While any is, the header shows a quiet "网络不稳定，正在重试" note; the member stays signed in (only the
 * server's word — 6001 / HTTP 401 — ends a session, spec §4, §8).
 */
import { create } from 'zustand';

export interface NetworkState {
  /** Operations retrying now (a request's own retries, the member's info reload). */
  retrying: number;
}

export const useNetwork = create<NetworkState>(() => ({ retrying: 0 }));

/** Mark one operation as retrying; call the answer once it succeeded or gave up (extra calls do nothing). */
export function retryStarted(): () => void {
  useNetwork.setState((s) => ({ retrying: s.retrying + 1 }));
  let done = false;
  return () => {
    if (done) return;
    done = true;
    useNetwork.setState((s) => ({ retrying: Math.max(0, s.retrying - 1) }));
  };
}

/**
 * Timings of the request layer. Production uses the spec's 30 s timeout (§9) and a capped exponential backoff;
 * the browser tests shorten them through `window.__portalNet` (set before the app starts), so a "slower than the
 * timeout" answer is tested in seconds, not in 31 s waits. Values are clamped: a page can only make itself
 * impatient, never hammer the server (the retry floor stays 100 ms, the attempts bounded).
 */
export interface NetTimings {
  requestTimeoutMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

const clamp = (v: unknown, min: number, max: number, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback;

export function netTimings(defaultTimeoutMs: number): NetTimings {
  const o = (globalThis as { __portalNet?: Partial<NetTimings> }).__portalNet ?? {};
  return {
    requestTimeoutMs: clamp(o.requestTimeoutMs, 200, defaultTimeoutMs, defaultTimeoutMs),
    retryBaseMs: clamp(o.retryBaseMs, 100, 2_000, 1_000),
    retryMaxMs: clamp(o.retryMaxMs, 500, 30_000, 15_000),
  };
}

/** Delay before retry number `attempt` (0-based): base × 2^attempt, capped, with ±20% jitter so tabs do not retry in step. */
export function backoffMs(attempt: number, t: Pick<NetTimings, 'retryBaseMs' | 'retryMaxMs'>, random = Math.random): number {
  const raw = Math.min(t.retryMaxMs, t.retryBaseMs * 2 ** Math.min(attempt, 16));
  return Math.round(raw * (0.8 + 0.4 * random()));
}
