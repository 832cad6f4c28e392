/**
 * Session store (owned by the account feature): token, user id, member info, balance.
 * Spec §4 Session: logged in means a token is stored; member info is fetched on every route change
 * while logged in. Only the server's word ends the session: 6001 / HTTP 401 (the request layer
 * clears it, spec §4 "login expired") or the session time limit's 6603 (its dialog). A timeout, a network
 * error, a 429 / 6011 or a 5xx keeps the member signed in: member info is asked again with backoff while the
 * header says "网络不稳定，正在重试" (stores/network.ts).
 */
import { create } from 'zustand';
import { userApi, walletApi, type ResponseOf } from '@portal/contract';
import { parseWireAmount } from '@portal/rules';
import { bus } from '../app/events.ts';
import { REQUEST_TIMEOUT_MS, call, clearRequestCache, pause } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { clearDecrypted, clearSessionItems, getToken, getUserId, setToken, setUserId } from '../storage/index.ts';
import { backoffMs, netTimings, retryStarted } from './network.ts';

/** Member info is asked again at most this many times after a failure (≈ 15 min at the 15 s cap), then on the next route change. */
const USER_RETRY_ATTEMPTS = 60;

export type MemberInfo = ResponseOf<typeof userApi.memberInfo> & { [key: string]: unknown };

export interface SessionState {
  token: string | null;
  userId: string | null;
  user: MemberInfo | null;
  /** Central wallet balance in fen, null until loaded (with the member, and after every money movement). */
  balanceFen: number | null;
  /**
   * Load member info and the balance (called on every route change while logged in). Resolves after the first
   * answer; a failure that is not the server ending the session keeps the member and retries in the background.
   */
  loadUser(): Promise<void>;
  logout(): Promise<void>;
  /** After a successful login call: store token and user id, load member info and balance, announce. */
  loginWith(result: { token: string; userId: string }): Promise<void>;
  /** Refresh the central wallet balance (silently keeps the old value on failure). */
  loadBalance(): Promise<void>;
  /** Forget the member locally (no API call). */
  clear(): void;
}

export const useSession = create<SessionState>((set, get) => ({
  token: getToken(),
  userId: getUserId(),
  user: null,
  balanceFen: null,

  async loadUser() {
    if (!get().token) return;
    if (await fetchUser()) return;
    void retryUser(); // one retry loop at a time: a running one goes on
  },

  async loadBalance() {
    if (!get().token) return;
    try {
      const b = await call(walletApi.getBalance, { withLockMoney: 1 }, { retry: true });
      set({ balanceFen: parseWireAmount(b.centerWalletBalance) });
    } catch {
      /* keep the last known balance; the header shows a retry affordance */
    }
  },

  async loginWith({ token, userId }) {
    setToken(token);
    setUserId(userId);
    clearRequestCache();
    clearDecrypted(); // DD_ data of whoever was here before
    set({ token, userId, user: null, balanceFen: null });
    await get().loadUser();
    if (!get().token) return; // the server ended the session at once (the balance came with the member)
    bus.emit('login_success', { userId });
  },

  async logout() {
    const had = get().token;
    if (had) {
      try {
        await call(userApi.logout, {});
      } catch {
        /* the session ends locally whatever the server says */
      }
    }
    get().clear();
  },

  clear() {
    clearSessionItems();
    clearDecrypted();
    clearRequestCache();
    set({ token: null, userId: null, user: null, balanceFen: null });
  },
}));

// The request layer cleared storage on 6001 / HTTP 401; mirror it in the store.
bus.on('login_expired', () => {
  const s = useSession.getState();
  if (s.token || s.user) useSession.setState({ token: null, userId: null, user: null, balanceFen: null });
});

/**
 * One member/info call. true: answered, or the session is over by the server's word (6001 cleared it; 6603 and
 * the other handled codes have their own dialogs) — nothing to retry. false: no answer worth believing yet.
 */
async function fetchUser(): Promise<boolean> {
  const token = useSession.getState().token;
  try {
    const user = (await call(userApi.memberInfo, {})) as MemberInfo;
    if (useSession.getState().token !== token) return true; // logged out or in as someone else meanwhile
    useSession.setState({ user, userId: user.userId });
    // The header balance follows the member: on start with a stored token, on every route change
    // and on the header's refresh button (money may have moved elsewhere: a credited deposit).
    void useSession.getState().loadBalance();
    userRetry?.stop.abort(); // answered (a route change's call): the retry loop and its note end now
    return true;
  } catch (e) {
    return !useSession.getState().token || (e instanceof ApiError && e.handled);
  }
}

let userRetry: { done: Promise<void>; stop: AbortController } | null = null;

/** Ask member/info again with backoff while the same member is signed in, until it answers (bounded). */
function retryUser(): Promise<void> {
  if (userRetry) return userRetry.done;
  const stop = new AbortController();
  const done = (async () => {
    const token = useSession.getState().token;
    const retrying = retryStarted();
    try {
      for (let attempt = 0; attempt < USER_RETRY_ATTEMPTS && useSession.getState().token === token; attempt++) {
        await pause(backoffMs(attempt, netTimings(REQUEST_TIMEOUT_MS)), stop.signal);
        if (stop.signal.aborted || useSession.getState().token !== token || (await fetchUser())) return;
      }
    } finally {
      retrying();
      userRetry = null;
    }
  })();
  userRetry = { done, stop };
  return done;
}
