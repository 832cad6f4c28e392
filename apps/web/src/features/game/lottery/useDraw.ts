/**
 * A draw's live state for its page: the table (tableInfo: bet types, limits, balance, my bets) over HTTP, the
 * current round from the socket (subscribeTables: the whole state on every change, versions only growing), and
 * the server's clock skew (serverNow − the local clock at receipt) the countdowns are corrected by.
 * A settled draw joins the latest results from its own push and is kept as "the last draw" until the next one; the
 * member's results and balance arrive on their member channel. Nothing is re-read per draw over HTTP (a running
 * 追号 plan's progress excepted), only after a reconnect.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableBetWire, TableHistoryEntryWire, TableInfoWire, TableStateWire } from '@portal/contract';
import { subscribeTables, subscribeWallet } from '../../../api/realtime.ts';
import { historyWith, settledBets } from '../table/model.ts';
import { LOTTERY_KEY, lotteryCall } from './api.ts';

export interface DrawView {
  state: TableStateWire;
  /** serverNow − Date.now() when the state arrived: a server time minus this is the local time. */
  skewMs: number;
}

export const infoKey = (gameCode: string) => [LOTTERY_KEY, gameCode, 'info'];
export const historyKey = (gameCode: string) => [LOTTERY_KEY, gameCode, 'history'];
export const chasesKey = (gameCode: string) => [LOTTERY_KEY, gameCode, 'chases'];

type HistoryAnswer = { total: number; list: TableHistoryEntryWire[] };

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
        // A draw settled: it joins the latest results from its own push; a running plan's progress is read again.
        const done = s.last?.status === 'settled' ? s.last : s.status === 'settled' ? s : null;
        if (settled > before.settledSeq && done) {
          qc.setQueriesData<HistoryAnswer>({ queryKey: [...historyKey(gameCode), 'page', 1] }, (old) => {
            if (!old) return old;
            const list = historyWith(old.list, done, Math.max(old.list.length, 1));
            return list === old.list ? old : { ...old, list: [...list], total: old.total + 1 };
          });
          void qc.invalidateQueries({ queryKey: [...historyKey(gameCode), 'trend'] });
          const chases = qc.getQueryData<{ list: { status: string }[] }>(chasesKey(gameCode));
          if (chases?.list.some((c) => c.status === 'running')) void qc.invalidateQueries({ queryKey: chasesKey(gameCode) });
        }
      }),
    [gameCode, qc],
  );

  // The member's own results and the balance come on their member channel (30002); after a reconnect, read again.
  const walletVersion = useRef(-1);
  useEffect(
    () =>
      subscribeWallet(
        (p) => {
          if (p.version <= walletVersion.current) return;
          walletVersion.current = p.version;
          qc.setQueryData<TableInfoWire>(infoKey(gameCode), (old) =>
            old && old.channelCode === p.channelCode ? { ...old, balance: p.balance } : old,
          );
          const result = p.result;
          if (result && result.gameCode === gameCode)
            qc.setQueryData<{ total: number; list: TableBetWire[] }>([...infoKey(gameCode), 'bets'], (old) =>
              old ? { ...old, list: settledBets(old.list, result) } : old,
            );
        },
        () => {
          walletVersion.current = -1;
          void qc.invalidateQueries({ queryKey: [LOTTERY_KEY, gameCode] });
        },
      ),
    [gameCode, qc],
  );

  // The table's answer is a state too (with its own serverNow): its skew is taken when it arrives.
  const [infoView, setInfoView] = useState<DrawView>(() => viewOf(fromInfo));
  useEffect(() => setInfoView(viewOf(fromInfo)), [fromInfo]);
  return pushed && pushed.state.version >= infoView.state.version ? pushed : infoView;
}

/** A server time (closesAt, drawAt) as a local deadline. */
export const localTime = (serverMs: number, skewMs: number) => serverMs - skewMs;
