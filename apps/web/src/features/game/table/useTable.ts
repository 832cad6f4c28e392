/**
 * A table page's data: tableInfo (the table, its round, the shoe's results, the member's bets, the balance), the
 * settled rounds (tableHistory: recent results, the last revealed seed) and the live round from the socket
 * (subscribeTables: the whole state on every change; the server sends the current one on subscribe, so a page
 * joining or reconnecting mid-round sees where the round is). Only a newer version replaces the state the page
 * has. When a round is settled the page reads tableInfo and the history again (payouts, balance, roads).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TableBetWire, TableStateWire } from '@portal/contract';
import { subscribeTables } from '../../../api/realtime.ts';
import { TABLE_KEY, tableCall } from './api.ts';
import { clockOffsetMs, mergeBets, newerState, shoeResultsOf } from './model.ts';

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

  // A round is over — settled or cancelled, or a later round has begun (two pushes in one tick render only the
  // second, so 'settled' may never be seen): payouts, balance, the member's bets and the history are read again,
  // once per round. The first state needs nothing: the answers that brought it are fresh.
  const st = live.state;
  const lastDone = st ? (st.status === 'settled' || st.status === 'cancelled' ? st.seq : st.seq - 1) : null;
  const reread = useRef<number | null>(null);
  const { refetch: refetchInfo } = info;
  const { refetch: refetchHistory } = history;
  const { refetch: refetchBets } = recentBets;
  useEffect(() => {
    if (lastDone === null) return;
    if (reread.current === null || lastDone <= reread.current) {
      reread.current = Math.max(reread.current ?? lastDone, lastDone);
      return;
    }
    reread.current = lastDone;
    void refetchInfo();
    void refetchHistory();
    void refetchBets();
  }, [lastDone, refetchInfo, refetchHistory, refetchBets]);

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
