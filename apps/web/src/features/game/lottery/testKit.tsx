/**
 * Component-test kit of the lottery pages: tables, states and settled draws built with the real game code
 * (drawTableRound from a known seed, the bet types of @portal/games), the venue's resource router, and pushes.
 * Use with `vi.mock('../../../api/realtime.ts', () => import('./realtime.mock.ts'))`.
 */
import { beforeEach, vi } from 'vitest';
import type { TableBetWire, TableHistoryEntryWire, TableInfoWire, TableStateWire } from '@portal/contract';
import { allDice, drawTableRound, seedCommitment, tableBetTypes, tableRoundSeeds } from '@portal/games';
import { withWalletTestSession } from '../../wallet/testKit.tsx';
import { useGameSessions } from '../sessions.ts';
import { resetSlotApiForTests } from '../slot/api.ts';
import { LOTTERY_GAMES, type LotteryCode } from './api.ts';
import { resetRealtimeMock } from './realtime.mock.ts';

export const NOW = Date.UTC(2026, 10, 26, 8, 0, 0);
export const seedOf = (seq: number) => `seed-${seq}-0123456789abcdef0123456789abcdef`;

export function setupLotteryTests(): { opened: string[]; assigned: string[] } {
  vi.setConfig({ testTimeout: 20_000 });
  const seen = withWalletTestSession();
  beforeEach(() => {
    resetSlotApiForTests();
    resetRealtimeMock();
    useGameSessions.setState({ sessions: {} });
  });
  return seen;
}

export const launchOf = (gameCode: string) => ({
  url: '',
  data: { enName: 'crcp', token: 'LT1', expiresAt: Date.now() + 3_600_000, gameCode },
});

/** The odds a bet type pays (快三 by enumeration; the others a fixed figure: the page only shows it). */
function oddsOf(code: LotteryCode, key: string): string {
  if (code !== 'K3') return '1.93';
  const bet = tableBetTypes('k3').find((b) => b.key === key)!;
  for (const [dice] of allDice()) {
    const r = bet.returns({ kind: 'k3', dice });
    if (r > 0) return r.toFixed(2);
  }
  return '0.00';
}

export function state(code: LotteryCode, over: Partial<TableStateWire> = {}): TableStateWire {
  const seq = over.seq ?? 345;
  const now = Date.now();
  return {
    gameCode: code,
    kind: LOTTERY_GAMES[code],
    seq,
    issue: `20261126-${String(seq).padStart(4, '0')}`,
    status: 'betting',
    seedHash: seedCommitment(seedOf(seq)),
    serverSeed: null,
    opensAt: now - 10_000,
    closesAt: now + 45_000,
    drawAt: now + 50_000,
    steps: [],
    outcome: null,
    coup: null,
    shoe: null,
    version: seq * 100,
    serverNow: now,
    ...over,
  };
}

export function tableInfo(code: LotteryCode, over: Partial<TableInfoWire> = {}): TableInfoWire {
  const kind = LOTTERY_GAMES[code];
  return {
    gameCode: code,
    channelCode: 'CRCP',
    kind,
    name: code,
    liveDealer: false,
    variant: null,
    betTypes: tableBetTypes(kind).map((b) => ({ key: b.key, name: b.name, odds: oddsOf(code, b.key), group: 'main' })),
    limits: [{ group: 'main', min: '1.00', max: '50000.00' }],
    chips: ['10', '50', '100', '500', '1000', '5000'],
    timing: { bettingMs: 55_000, revealMs: 3_000, intervalMs: 60_000, lockMs: 5_000 },
    state: state(code),
    shoeResults: [],
    myBets: [],
    balance: '1000.00',
    ...over,
  };
}

/** A settled draw of the game, drawn from its seed as the server does. */
export function settledDraw(code: LotteryCode, seq: number): TableHistoryEntryWire {
  const kind = LOTTERY_GAMES[code];
  const serverSeed = seedOf(seq);
  const { outcome } = drawTableRound(kind, tableRoundSeeds(serverSeed, code, seq), null);
  return {
    seq,
    issue: `20261126-${String(seq).padStart(4, '0')}`,
    status: 'settled',
    outcome,
    coup: null,
    seedHash: seedCommitment(serverSeed),
    serverSeed,
    drawAt: NOW - (400 - seq) * 60_000,
    settledAt: NOW - (400 - seq) * 60_000 + 3_000,
  };
}

/** Draws seq from…to, newest first (as tableHistory answers). */
export const draws = (code: LotteryCode, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => settledDraw(code, to - i));

export function bet(over: Partial<TableBetWire> = {}): TableBetWire {
  return {
    betId: 'B1',
    gameCode: 'K3',
    seq: 345,
    issue: '20261126-0345',
    type: 'sum11',
    typeName: '和值 11',
    amount: '50.00',
    status: 'pending',
    payout: '0.00',
    chaseId: null,
    createdAt: NOW,
    settledAt: null,
    ...over,
  };
}

type Req = { method: string; Request: Record<string, unknown> };
export type LotteryHandlers = Partial<Record<string, (r: Record<string, unknown>) => unknown>>;

/** A resource answer per method (handlers first; tableInfo, tableHistory, chases, tableBets default). */
export function lotteryRoute(code: LotteryCode, handlers: LotteryHandlers = {}) {
  return (body: unknown): { status_code: number; data?: unknown; message?: string } => {
    const { method, Request } = body as Req;
    const h = handlers[method];
    if (h) {
      const a = h(Request);
      return a && typeof a === 'object' && 'status_code' in a ? (a as { status_code: number }) : { status_code: 6000, data: a };
    }
    switch (method) {
      case 'tableInfo':
        return { status_code: 6000, data: tableInfo(code) };
      case 'tableHistory':
        return { status_code: 6000, data: { total: 3, list: draws(code, 342, 344) } };
      case 'chases':
        return { status_code: 6000, data: { list: [] } };
      case 'tableBets':
        return { status_code: 6000, data: { total: 0, list: [] } };
      default:
        return { status_code: 6004, message: '数据未找到' };
    }
  };
}
