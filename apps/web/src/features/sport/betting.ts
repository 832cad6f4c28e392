/**
 * Placing the slip (game/api/v1/resource method bet) and following a delayed in-play bet: the items
 * carry bettingData {active, ticket_id} while it is being confirmed (so the reducer refuses new odds
 * with '当前还有订单正在确认中，请稍等'), the ticket is polled until accepted or rejected. Worse odds
 * answered by the server become the slip's new prices. A double click sends the same idempotency key.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { slipKey } from '@portal/rules';
import { ApiError, errorMessage } from '../../api/errors.ts';
import { useIdempotencyKey } from '../wallet/common.tsx';
import { useSlip, wireItem } from './store.ts';
import type { SportBetAnswerWire as BetAnswer } from '@portal/contract';
import { SPORT_KEY, resource } from './venue.ts';
import { SPORT_BALANCE_KEY } from './hooks.ts';

/** How often a pending (in-play) ticket is asked for. */
export const TICKET_POLL_MS = 1_000;

export interface Receipt {
  ticket_id: string;
  status: BetAnswer['status'];
  kind: string;
  seriesType: string;
  betAmount: string;
  maxPayout: string;
  legs: number;
}

export interface PlaceInput {
  stake: string;
  seriesType?: string | undefined;
  acceptAnyOdds: boolean;
}

interface Changes {
  changes?: Array<{ gameId: string; w: string; r: number }>;
}

export function useBetting() {
  const qc = useQueryClient();
  const idem = useIdempotencyKey();
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const finish = useCallback(
    (r: Receipt) => {
      const { dispatch, slip } = useSlip.getState();
      if (r.status === 'rejected') {
        for (const i of slip.items)
          dispatch({ type: 'setBetting', key: slipKey(i), bettingData: { active: false, ticket_id: r.ticket_id } });
      } else {
        dispatch({ type: 'clear' });
      }
      setReceipt(r);
      void qc.invalidateQueries({ queryKey: SPORT_BALANCE_KEY });
    },
    [qc],
  );

  const follow = useCallback(
    (r: Receipt) => {
      timer.current = setTimeout(async () => {
        try {
          const t = await resource('ticket', { ticketId: r.ticket_id });
          if (t.status === 'pending') return follow(r);
          finish({ ...r, status: t.status });
        } catch {
          follow(r); // a lost answer: ask again
        }
      }, TICKET_POLL_MS);
    },
    [finish],
  );

  const place = useCallback(
    async (input: PlaceInput) => {
      const { slip, dispatch } = useSlip.getState();
      const body = {
        mode: slip.mode,
        items: slip.items.map(wireItem),
        stake: input.stake,
        acceptAnyOdds: input.acceptAnyOdds ? (1 as const) : (0 as const),
        oddsType: slip.oddsType,
        ...(slip.mode === 'series' && input.seriesType ? { seriesType: input.seriesType } : {}),
      };
      setBusy(true);
      setError(null);
      setReceipt(null);
      try {
        const a = await resource('bet', { ...body, idempotencyKey: idem.keyFor(body) });
        idem.settled();
        // The hold's new balance is in the answer: the page and the slip show it at once.
        const balance = a.balance;
        qc.setQueryData(SPORT_BALANCE_KEY, (old: { channelCode: string; balance: string } | undefined) =>
          old ? { ...old, balance } : old,
        );
        void qc.invalidateQueries({ queryKey: SPORT_BALANCE_KEY });
        const r: Receipt = {
          ticket_id: a.ticket_id,
          status: a.status,
          kind: a.kind,
          seriesType: a.seriesType,
          betAmount: a.betAmount,
          maxPayout: a.maxPayout,
          legs: body.items.length,
        };
        if (a.status === 'pending') {
          for (const i of slip.items)
            dispatch({ type: 'setBetting', key: slipKey(i), bettingData: { active: true, ticket_id: a.ticket_id } });
          setReceipt(r);
          follow(r);
        } else {
          finish(r);
        }
      } catch (e) {
        // No settled(): the same slip sent again (a lost answer) reuses its key; a changed slip gets a new one.
        const changes = e instanceof ApiError ? ((e.data as Changes | null)?.changes ?? []) : [];
        for (const c of changes) dispatch({ type: 'setPrice', key: `${c.gameId}:${c.w}`, r: c.r });
        // The table shows the new prices too (it would otherwise put the old ones back on the slip).
        // So does a selection the server no longer offers (suspended, out of the price band, closed).
        const refused = e instanceof ApiError && (e.data as { gameId?: string } | null)?.gameId !== undefined;
        if (changes.length || refused) void qc.invalidateQueries({ queryKey: [SPORT_KEY, 'games'] });
        setError(errorMessage(e));
      } finally {
        setBusy(false);
      }
    },
    [finish, follow, qc, idem],
  );

  return { place, busy, receipt, error, clearError: () => setError(null), dismiss: () => setReceipt(null) };
}
