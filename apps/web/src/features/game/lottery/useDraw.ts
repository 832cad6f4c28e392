/**
 * A draw's live state for its page: the table (tableInfo: bet types, limits, balance, my bets) over HTTP, the
 * current round from the socket (subscribeTables: the whole state on every change, versions only growing), and
 * the server's clock skew (serverNow − the local clock at receipt) the countdowns are corrected by.
 * A new round refetches the table (my bets of the new draw, the balance after settlement); a settled round
 * refreshes the history and the chases and is kept as "the last draw" until the next one.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableStateWire } from '@portal/contract';
import { subscribeTables } from '../../../api/realtime.ts';
import { LOTTERY_KEY, lotteryCall } from './api.ts';

export interface DrawView {
  state: TableStateWire;
  /** serverNow − Date.now() when the state arrived: a server time minus this is the local time. */
  skewMs: number;
}

export const infoKey = (gameCode: string) => [LOTTERY_KEY, gameCode, 'info'];
export const historyKey = (gameCode: string) => [LOTTERY_KEY, gameCode, 'history'];
export const chasesKey = (gameCode: string) => [LOTTERY_KEY, gameCode, 'chases'];

const viewOf = (state: TableStateWire): DrawView => ({ state, skewMs: state.serverNow - Date.now() });

/** The table (bet types, limits, balance, my bets on the current draw, its state when answered). */
export function useTableInfo(enName: string, gameCode: string, enabled: boolean) {
  return useQuery({
    queryKey: infoKey(gameCode),
    queryFn: () => lotteryCall(enName, gameCode, 'tableInfo', { gameCode }),
    enabled,
    refetchOnWindowFocus: false,
  });
}

/**
 * The draw a state says was settled last: a lottery state is the draw taking bets with `last` the one before it
 * (revealing, then settled); 0 for none.
 */
export const settledSeqOf = (s: TableStateWire): number => (s.last?.status === 'settled' ? s.last.seq : s.status === 'settled' ? s.seq : 0);

/** The live round: pushes over the table's answered state, whichever is newer. */
export function useDraw(gameCode: string, fromInfo: TableStateWire) {
  const qc = useQueryClient();
  const [pushed, setPushed] = useState<DrawView | null>(null);
  const seen = useRef<{ seq: number; version: number; settledSeq: number }>({ seq: 0, version: 0, settledSeq: settledSeqOf(fromInfo) });

  useEffect(
    () =>
      subscribeTables([gameCode], (s) => {
        if (s.gameCode !== gameCode || s.version <= seen.current.version) return;
        const before = seen.current;
        const settled = settledSeqOf(s);
        seen.current = { seq: s.seq, version: s.version, settledSeq: Math.max(before.settledSeq, settled) };
        setPushed(viewOf(s));
        // A new draw: my bets on it (none yet) and the balance; a draw settled: the history, chases, balance.
        if (before.seq !== 0 && s.seq !== before.seq) void qc.invalidateQueries({ queryKey: infoKey(gameCode) });
        if (settled > before.settledSeq) {
          void qc.invalidateQueries({ queryKey: infoKey(gameCode) });
          void qc.invalidateQueries({ queryKey: historyKey(gameCode) });
          void qc.invalidateQueries({ queryKey: chasesKey(gameCode) });
        }
      }),
    [gameCode, qc],
  );

  // The table's answer is a state too (with its own serverNow): its skew is taken when it arrives.
  const [infoView, setInfoView] = useState<DrawView>(() => viewOf(fromInfo));
  useEffect(() => setInfoView(viewOf(fromInfo)), [fromInfo]);
  return pushed && pushed.state.version >= infoView.state.version ? pushed : infoView;
}

/** A server time (closesAt, drawAt) as a local deadline. */
export const localTime = (serverMs: number, skewMs: number) => serverMs - skewMs;
