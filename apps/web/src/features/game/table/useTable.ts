/**
 * A table page's data: tableInfo (the table, its round, the shoe's results, the member's bets, the balance), the
 * settled rounds (tableHistory: recent results, the last revealed seed) and the live round from the socket
 * (subscribeTables: the whole state on every change; the server sends the current one on subscribe, so a page
 * joining or reconnecting mid-round sees where the round is). Only a newer version replaces the state the page
 * has. When a round settles, the history takes it from its push, and the member's result and balance arrive on their
 * member channel (subscribeWallet): the page reads nothing again over HTTP, except after a reconnect (resync).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableBetWire, TableHistoryEntryWire, TableStateWire } from '@portal/contract';
import { subscribeTables, subscribeWallet } from '../../../api/realtime.ts';
import { TABLE_KEY, tableCall } from './api.ts';
import { clockOffsetMs, historyWith, mergeBets, newerState, settledBets, shoeResultsOf } from './model.ts';

type TableHistoryAnswer = { total: number; list: TableHistoryEntryWire[] };

/** Settled rounds the page lists (recent results strip, the last revealed seed). */
export const HISTORY_SIZE = 20;
/** The member's bets read for 重复 (a round holds at most a few dozen spots). */
const RECENT_BETS = 50;
/** Coups remembered from pushes between two tableInfo answers (a shoe has at most ~80). */
const COUPS_MAX = 100;

interface Live {
  state: TableStateWire | null;
  /** Server clock minus this browser's when the state arrived (the countdown corrects by it). */
  offsetMs: number;
}

export function useTable(enName: string, gameCode: string, enabled: boolean) {
  const info = useQuery({
    queryKey: [TABLE_KEY, enName, gameCode, 'info'],
    queryFn: () => tableCall(enName, gameCode, 'tableInfo', { gameCode }),
    enabled,
    refetchOnWindowFocus: false,
  });
  const history = useQuery({
    queryKey: [TABLE_KEY, enName, gameCode, 'history'],
    queryFn: () => tableCall(enName, gameCode, 'tableHistory', { gameCode, pageSize: HISTORY_SIZE }),
    enabled,
    refetchOnWindowFocus: false,
  });
  // The member's recent bets here: 重复 needs last round's even after a reload (tableInfo lists the current round's only).
  const recentBets = useQuery({
    queryKey: [TABLE_KEY, enName, gameCode, 'bets'],
    queryFn: () => tableCall(enName, gameCode, 'tableBets', { gameCode, pageSize: RECENT_BETS }),
    enabled,
    refetchOnWindowFocus: false,
  });
  const [live, setLive] = useState<Live>({ state: null, offsetMs: 0 });
  const [coups, setCoups] = useState<Map<number, TableStateWire>>(() => new Map());
  const [bets, setBets] = useState<TableBetWire[]>([]);
  const [balance, setBalance] = useState<string | null>(null);

  /** The issue each round was shown under (a bet's own issue may lack the shoe: '27' for '3-27'). */
  const issues = useRef(new Map<number, string>());
  const accept = useCallback((s: TableStateWire) => {
    issues.current.set(s.seq, s.issue);
    if (issues.current.size > COUPS_MAX) issues.current.delete(issues.current.keys().next().value as number);
    setLive((cur) => {
      const next = newerState(cur.state, s);
      return next === cur.state ? cur : { state: next, offsetMs: clockOffsetMs(next!) };
    });
    if (s.coup)
      setCoups((m) => {
        if (m.has(s.seq)) return m;
        const next = new Map(m).set(s.seq, s);
        if (next.size > COUPS_MAX) next.delete(next.keys().next().value as number);
        return next;
      });
  }, []);

  useEffect(() => {
    if (!info.data) return;
    accept(info.data.state);
    setBets((old) => mergeBets(old, info.data.myBets));
    setBalance(info.data.balance);
  }, [info.data, accept]);

  useEffect(() => {
    if (recentBets.data) setBets((old) => mergeBets(recentBets.data.list, old));
  }, [recentBets.data]);

  useEffect(() => {
    if (!enabled || !gameCode) return;
    return subscribeTables([gameCode], accept);
  }, [enabled, gameCode, accept]);

  // A settled or cancelled round joins the history from its own push (its seed shown): no re-read per round.
  const qc = useQueryClient();
  const historyKey = useMemo(() => [TABLE_KEY, enName, gameCode, 'history'], [enName, gameCode]);
  useEffect(() => {
    const st = live.state;
    if (!st) return;
    qc.setQueryData<TableHistoryAnswer>(historyKey, (old) => {
      if (!old) return old;
      const list = historyWith(old.list, st, HISTORY_SIZE);
      return list === old.list ? old : { ...old, list: [...list], total: old.total + 1 };
    });
  }, [live.state, qc, historyKey]);

  // The member's own result and new balance arrive on their member channel when the round settles (30002): the bets
  // and the balance follow it at once. After a reconnect (pushes may have been missed) everything is read again.
  const walletVersion = useRef(-1);
  const { refetch: refetchInfo } = info;
  const { refetch: refetchHistory } = history;
  const { refetch: refetchBets } = recentBets;
  useEffect(() => {
    if (!enabled || !gameCode) return;
    return subscribeWallet(
      (p) => {
        if (p.version <= walletVersion.current) return;
        if (info.data && p.channelCode !== info.data.channelCode) return;
        walletVersion.current = p.version;
        setBalance(p.balance);
        if (p.result && p.result.gameCode === gameCode) {
          const result = p.result;
          setBets((old) => settledBets(old, result));
        }
      },
      () => {
        walletVersion.current = -1;
        void refetchInfo();
        void refetchHistory();
        void refetchBets();
      },
    );
  }, [enabled, gameCode, info.data, refetchInfo, refetchHistory, refetchBets]);

  const shoeResults = useMemo(() => shoeResultsOf(info.data, coups), [info.data, coups]);

  /** A bet or cancel answer: its bets and the balance after it. */
  const applyAnswer = useCallback((answer: { bets: TableBetWire[]; balance: string }) => {
    setBets((old) => mergeBets(old, answer.bets));
    setBalance(answer.balance);
  }, []);

  const issueOf = useCallback((seq: number, fallback: string) => issues.current.get(seq) ?? fallback, []);

  return { info, history, state: live.state, offsetMs: live.offsetMs, shoeResults, bets, balance, applyAnswer, accept, issueOf };
}

export type TableData = ReturnType<typeof useTable>;
