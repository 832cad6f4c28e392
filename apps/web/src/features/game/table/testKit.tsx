/** Component-test kit of the table pages: states, table answers and bets as the venue sends them, and the resource router. */
import { beforeEach, vi } from 'vitest';
import type { CoupResultWire, TableBetWire, TableInfoWire, TableLobbyEntryWire, TableStateWire } from '@portal/contract';
import { seedCommitment } from '@portal/games';
import { withWalletTestSession } from '../../wallet/testKit.tsx';
import { useGameSessions } from '../sessions.ts';
import { resetVenueCallsForTests } from '../venueCall.ts';
import { resetTablePushes } from './realtime.mock.ts';

export const SEED = 'b1f0c2a4d6e8f0a2c4e6a8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0';
export const LAUNCH = { url: '', data: { enName: 'CRZR', token: 'TT1', expiresAt: Date.now() + 3_600_000, gameCode: 'BAC1' } };

export function setupTableTests(): { opened: string[]; assigned: string[] } {
  vi.setConfig({ testTimeout: 20_000 });
  const seen = withWalletTestSession();
  beforeEach(() => {
    resetVenueCallsForTests();
    resetTablePushes();
    useGameSessions.setState({ sessions: {} });
  });
  return seen;
}

/** A round of a table; by default baccarat's round 12 in its betting window (10 s left). */
export function state(over: Partial<TableStateWire> = {}): TableStateWire {
  const now = Date.now();
  const seq = over.seq ?? 12;
  return {
    gameCode: 'BAC1',
    kind: 'baccarat',
    seq,
    issue: `1-${seq}`,
    status: 'betting',
    seedHash: seedCommitment(`${SEED}${seq}`),
    serverSeed: null,
    opensAt: now - 5_000,
    closesAt: now + 10_000,
    drawAt: now + 10_000,
    steps: [],
    outcome: null,
    coup: null,
    shoe: { shoeNo: 1, hand: seq, left: 380 },
    version: seq * 100,
    serverNow: now,
    ...over,
  };
}

export const BACCARAT_TYPES = [
  { key: 'banker', name: '庄', odds: '1.95', group: 'main' },
  { key: 'player', name: '闲', odds: '2', group: 'main' },
  { key: 'tie', name: '和', odds: '9', group: 'side' },
  { key: 'playerPair', name: '闲对', odds: '12', group: 'side' },
  { key: 'bankerPair', name: '庄对', odds: '12', group: 'side' },
];

export function info(over: Partial<TableInfoWire> = {}): TableInfoWire {
  return {
    gameCode: 'BAC1',
    channelCode: 'CRZR',
    kind: 'baccarat',
    name: '百家乐 1号桌',
    liveDealer: false,
    variant: 'commission',
    betTypes: BACCARAT_TYPES,
    limits: [
      { group: 'main', min: '10.00', max: '50000.00' },
      { group: 'side', min: '10.00', max: '5000.00' },
    ],
    chips: ['10', '50', '100', '500', '1000', '5000'],
    timing: { bettingMs: 15_000, revealMs: 8_000, intervalMs: null, lockMs: null },
    state: state(),
    shoeResults: [],
    myBets: [],
    balance: '1000.00',
    ...over,
  };
}

let betNo = 0;
export function bet(over: Partial<TableBetWire> = {}): TableBetWire {
  betNo += 1;
  return {
    betId: `B${betNo}`,
    gameCode: 'BAC1',
    seq: 12,
    issue: '1-12',
    type: 'banker',
    typeName: '庄',
    amount: '100.00',
    status: 'pending',
    payout: '0.00',
    chaseId: null,
    createdAt: Date.now(),
    settledAt: null,
    ...over,
  };
}

/** Road entries from letters: B banker, P player, T tie. */
export const coups = (letters: string): CoupResultWire[] =>
  [...letters].map((c) => ({ winner: c === 'B' ? 'banker' : c === 'P' ? 'player' : 'tie' }));

export function lobbyEntry(over: Partial<TableLobbyEntryWire> = {}): TableLobbyEntryWire {
  return {
    gameCode: 'BAC1',
    kind: 'baccarat',
    name: '百家乐 1号桌',
    status: 'active',
    minBet: '10.00',
    maxBet: '50000.00',
    state: state(),
    shoeResults: [],
    lastDraws: [],
    ...over,
  };
}

type Req = { method: string; Request: Record<string, unknown> };
export type TableHandlers = Partial<Record<string, (r: Record<string, unknown>) => unknown>>;

/** A resource answer per method (handlers first; tableInfo, an empty history and no earlier bets by default). */
export function tableRoute(handlers: TableHandlers = {}) {
  return (body: unknown): { status_code: number; data?: unknown; message?: string } => {
    const { method, Request } = body as Req;
    const h = handlers[method];
    if (h) {
      const a = h(Request);
      return a && typeof a === 'object' && 'status_code' in a ? (a as { status_code: number }) : { status_code: 6000, data: a };
    }
    switch (method) {
      case 'tableInfo':
        return { status_code: 6000, data: info() };
      case 'tableHistory':
      case 'tableBets':
        return { status_code: 6000, data: { total: 0, list: [] } };
      default:
        return { status_code: 6004, message: '数据未找到' };
    }
  };
}
