/**
 * Unread counts of the member (spec §3): letters per box (notice, activity, fd and the br-prefixed
 * broadcast boxes) and unread feedback replies. The header badge reads this store; the message and
 * feedback pages refresh it after reading or deleting. Refreshed after login, whenever the server pushes
 * an unread change (a letter or a feedback reply reached the member: `watchUnread`), and every few
 * minutes as the fallback for a lost push or a socket that cannot connect.
 */
import { create } from 'zustand';
import { feedbackApi, messagesApi, type UnreadCounts } from '@portal/contract';
import { parseWireAmount } from '@portal/rules';
import { call } from '../../api/client.ts';
import { useSession } from '../../stores/session.ts';

export interface UnreadState {
  letters: UnreadCounts | null;
  feedback: number;
  refresh(): Promise<void>;
  clear(): void;
}

export const useUnread = create<UnreadState>((set) => ({
  letters: null,
  feedback: 0,
  async refresh() {
    try {
      const [letters, feedback] = await Promise.all([
        call(messagesApi.unreadForType, { userSystem: 'web' }),
        call(feedbackApi.unreadNum, {}),
      ]);
      set({ letters, feedback: feedback.count });
    } catch {
      // A failed count keeps the last one; 6001 is handled by the request layer.
    }
  },
  clear() {
    set({ letters: null, feedback: 0 });
  },
}));

/** Letters plus feedback replies: the number on the member-menu badge. */
export const unreadTotal = (s: Pick<UnreadState, 'letters' | 'feedback'>) => (s.letters?.total ?? 0) + s.feedback;

/**
 * The header also refreshes the counts this often while a member is logged in: the fallback only (a
 * push lost by a node's Redis blip, a network that blocks websockets), so much slower than a push.
 */
export const UNREAD_REFRESH_MS = 300_000;

/**
 * Keeps the counts fresh while a member is logged in: now, on every pushed change, after a reconnect
 * (pushes may have been missed) and every UNREAD_REFRESH_MS. Returns the stop (logout / unmount).
 */
export function watchUnread(): () => void {
  const refresh = () => void useUnread.getState().refresh();
  refresh();
  const timer = setInterval(refresh, UNREAD_REFRESH_MS);
  let off: (() => void) | null = null;
  let stopped = false;
  // The realtime client and its message schemas load after the page: the header is on the home route,
  // whose JavaScript has a budget (bench/web.mjs), and the counts were just fetched anyway.
  void import('../../api/realtime.ts').then(({ subscribeMemberPushes }) => {
    if (!stopped) off = subscribeMemberPushes(refresh, { onResync: refresh });
  });
  return () => {
    stopped = true;
    off?.();
    clearInterval(timer);
  };
}

/**
 * The header's central wallet follows every change the server pushes (realtime 30002 with channel '': a
 * seamless-wallet game's bets and wins), newer versions only; after a reconnect it is read again. Returns the stop.
 */
export function watchCentralWallet(): () => void {
  let version = -1;
  let off: (() => void) | null = null;
  let stopped = false;
  void import('../../api/realtime.ts').then(({ subscribeWallet }) => {
    if (stopped) return;
    off = subscribeWallet(
      (p) => {
        if (p.channelCode !== '' || p.version <= version) return;
        version = p.version;
        const fen = parseWireAmount(p.balance);
        if (fen !== null) useSession.setState({ balanceFen: fen });
      },
      () => {
        version = -1;
        void useSession.getState().loadBalance();
      },
    );
  });
  return () => {
    stopped = true;
    off?.();
  };
}
