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

/** The live round: pushes over the table's answered state, whichever is newer; the last settled draw seen. */
export function useDraw(gameCode: string, fromInfo: TableStateWire) {
  const qc = useQueryClient();
  const [pushed, setPushed] = useState<DrawView | null>(null);
  const [lastSettled, setLastSettled] = useState<TableStateWire | null>(null);
  const seen = useRef<{ seq: number; version: number; settledSeq: number }>({ seq: 0, version: 0, settledSeq: 0 });

  useEffect(
    () =>
      subscribeTables([gameCode], (s) => {
        if (s.gameCode !== gameCode || s.version <= seen.current.version) return;
        const before = seen.current;
        seen.current = { ...before, seq: s.seq, version: s.version };
        setPushed(viewOf(s));
        if (before.seq !== 0 && s.seq !== before.seq) void qc.invalidateQueries({ queryKey: infoKey(gameCode) });
        if (s.status === 'settled' && before.settledSeq !== s.seq) {
          seen.current.settledSeq = s.seq;
          setLastSettled(s);
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
  const view = pushed && pushed.state.version >= infoView.state.version ? pushed : infoView;
  return { view, lastSettled };
}

/** A server time (closesAt, drawAt) as a local deadline. */
export const localTime = (serverMs: number, skewMs: number) => serverMs - skewMs;
