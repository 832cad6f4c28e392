/** Fixtures of the protection tests: the server's state and reality-check answers. */
import type { ProtectionLimitWire } from '@portal/contract';
import type { ProtectionState } from './api.ts';
import type { Reality } from './RealityCheck.tsx';

export const HOUR = 3600_000;

export function state(over: Partial<ProtectionState> = {}, limits: ProtectionLimitWire[] = []): ProtectionState {
  return {
    limits,
    session: { limitMinutes: null, pending: null, realityCheckMinutes: null, startedAt: Date.now() - HOUR },
    exclusion: null,
    kyc: { status: 'none', requiredReason: '', rejectReason: '' },
    ...over,
  };
}

export const limit = (over: Partial<ProtectionLimitWire> & Pick<ProtectionLimitWire, 'kind' | 'period'>): ProtectionLimitWire => ({
  amount: '',
  used: '0.00',
  pending: null,
  ...over,
});

/** A reality-check answer whose server "now" is this clock's now. */
export function reality(over: Partial<Reality> = {}): Reality {
  const now = Date.now();
  return { startedAt: now - 15 * 60_000, elapsedMs: 15 * 60_000, stakes: '0.00', net: '0.00', nextAt: null, endsAt: null, ...over };
}
