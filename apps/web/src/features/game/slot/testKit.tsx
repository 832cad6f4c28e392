/** Component-test kit of the slot page: rounds built with the real engine (fairSpin) and seeds, the venue's answers, the resource router. */
import { beforeEach, vi } from 'vitest';
import type { SlotInfoWire, SlotRoundWire } from '@portal/contract';
import { fairSpin, seedCommitment, type SpinOutcome } from '@portal/games';
import { fenToYuanString } from '@portal/rules';
import { withWalletTestSession } from '../../wallet/testKit.tsx';
import { useGameSessions } from '../sessions.ts';
import { resetSlotApiForTests } from './api.ts';

export const SERVER_SEED = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const CLIENT_SEED = 'portal-test';
export const GAME = 'H5001';

export function setupSlotTests(): { opened: string[]; assigned: string[] } {
  vi.setConfig({ testTimeout: 20_000 });
  const seen = withWalletTestSession();
  beforeEach(() => {
    resetSlotApiForTests();
    useGameSessions.setState({ sessions: {} });
  });
  return seen;
}

export const LAUNCH = { url: '', data: { enName: 'CRDZ', token: 'ST1', expiresAt: Date.now() + 3_600_000, gameCode: GAME } };

export const outcomeAt = (nonce: number, betFen = 20): SpinOutcome =>
  fairSpin({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce }, GAME, betFen);

/** The first nonce whose outcome (at the bet) meets the predicate. */
export function nonceWhere(pred: (o: SpinOutcome) => boolean, betFen = 20): number {
  for (let n = 0; n < 20_000; n++) if (pred(outcomeAt(n, betFen))) return n;
  throw new Error('no such outcome');
}

export function roundAt(
  nonce: number,
  { betFen = 20, revealed = false, outcome }: { betFen?: number; revealed?: boolean; outcome?: SpinOutcome } = {},
): SlotRoundWire {
  const o = outcome ?? outcomeAt(nonce, betFen);
  return {
    roundId: `R${nonce}`,
    gameCode: GAME,
    channelCode: 'CRDZ',
    bet: fenToYuanString(betFen),
    win: fenToYuanString(o.totalWinFen),
    jackpotWin: '0.00',
    status: 'settled',
    createdAt: Date.UTC(2026, 10, 26, 8, 0, nonce % 60),
    shown: false,
    outcome: o,
    fairness: { serverSeedHash: seedCommitment(SERVER_SEED), clientSeed: CLIENT_SEED, nonce, serverSeed: revealed ? SERVER_SEED : null },
  };
}

export function info(over: Partial<SlotInfoWire> = {}): SlotInfoWire {
  return {
    gameCode: GAME,
    channelCode: 'CRDZ',
    name: '翠龙献瑞',
    rtp: '96.00',
    volatility: 'medium',
    betLevels: ['0.20', '0.40', '1.00', '2.00'],
    pace: { minSpinMs: 0, autoplay: true, celebrateOnlyAboveStake: false },
    balance: '100.00',
    seeds: { serverSeedHash: seedCommitment(SERVER_SEED), clientSeed: CLIENT_SEED, nonce: 7 },
    pool: null,
    unshown: null,
    ...over,
  };
}

type Req = { method: string; Request: Record<string, unknown> };
export type SlotHandlers = Partial<Record<string, (r: Record<string, unknown>) => unknown>>;

/** A resource answer per method (handlers first; slotInfo, rounds, seeds, ack default). */
export function slotRoute(handlers: SlotHandlers = {}) {
  return (body: unknown): { status_code: number; data?: unknown; message?: string } => {
    const { method, Request } = body as Req;
    const h = handlers[method];
    if (h) {
      const a = h(Request);
      return a && typeof a === 'object' && 'status_code' in a ? (a as { status_code: number }) : { status_code: 6000, data: a };
    }
    switch (method) {
      case 'slotInfo':
        return { status_code: 6000, data: info() };
      case 'rounds':
        return { status_code: 6000, data: { total: 0, list: [] } };
      case 'seeds':
        return { status_code: 6000, data: { current: info().seeds, revealed: [] } };
      case 'ack':
        return { status_code: 6000, data: { ok: true } };
      default:
        return { status_code: 6004, message: '数据未找到' };
    }
  };
}
