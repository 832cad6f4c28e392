/**
 * The protection endpoints as react-query hooks: one query of the member's state (limits, session, exclusion,
 * verification), one of the reality check, and the changes, each answering the new state from the server —
 * nothing here decides a rule (which change waits for the cooling-off, when it can be confirmed).
 */
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { protectionApi, type ProtectionStateWire } from '@portal/contract';
import { call } from '../../api/client.ts';
import { useSession } from '../../stores/session.ts';

/** Every protection query key starts with this: one invalidation refreshes the page and the reality check. */
export const PROTECTION_KEY = 'protection';
export const STATE_KEY = [PROTECTION_KEY, 'state'] as const;
export const REALITY_KEY = [PROTECTION_KEY, 'reality'] as const;

export type ProtectionState = ProtectionStateWire;
export type Exclusion = NonNullable<ProtectionState['exclusion']>;

/** The member's protection state (only while logged in). */
export function useProtectionState() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...STATE_KEY, token],
    queryFn: () => call(protectionApi.state, {}),
    enabled: token !== null,
    retry: false,
  });
}

/** An exclusion still in force at `now` (permanent, or ending later). */
export function activeExclusion(exclusion: ProtectionState['exclusion'] | undefined, now = Date.now()): Exclusion | null {
  if (!exclusion) return null;
  return exclusion.until === null || exclusion.until > now ? exclusion : null;
}

/** Store a state the server answered (every change answers the new state) and refresh the rest. */
export function useApplyState(): (state: ProtectionState) => void {
  const client = useQueryClient();
  return useCallback(
    (state: ProtectionState) => {
      client.setQueryData([...STATE_KEY, useSession.getState().token], state);
      // The reality check and the history follow the change (the state itself is the answer).
      void client.invalidateQueries({ queryKey: [PROTECTION_KEY], predicate: (q) => q.queryKey[1] !== 'state' });
    },
    [client],
  );
}

/** Refetch the state (a cooling-off ended: the server now says whether the change can be confirmed). */
export function useRefreshState(): () => void {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: [PROTECTION_KEY] }), [client]);
}
