/**
 * Session store (owned by the account feature): token, user id, member info, balance.
 * Spec §4 Session: logged in means a token is stored; member info is fetched on every route change
 * while logged in, and a failure logs out and goes home.
 */
import { create } from 'zustand';
import { userApi, walletApi, type ResponseOf } from '@portal/contract';
import { parseWireAmount } from '@portal/rules';
import { bus } from '../app/events.ts';
import { call, clearRequestCache } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { clearDecrypted, clearSessionItems, getToken, getUserId, setToken, setUserId } from '../storage/index.ts';
import { goHome } from '../routes/nav.ts';

export type MemberInfo = ResponseOf<typeof userApi.memberInfo> & { [key: string]: unknown };

export interface SessionState {
  token: string | null;
  userId: string | null;
  user: MemberInfo | null;
  /** Central wallet balance in fen, null until loaded (with the member, and after every money movement). */
  balanceFen: number | null;
  /** Load member info and the balance (called on every route change while logged in); failure logs out. */
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
    try {
      const user = (await call(userApi.memberInfo, {})) as MemberInfo;
      if (!get().token) return;
      set({ user, userId: user.userId });
      // The header balance follows the member: on start with a stored token, on every route change
      // and on the header's refresh button (money may have moved elsewhere: a credited deposit).
      void get().loadBalance();
    } catch (e) {
      // 6001 is already handled by the request layer (cleared state, login_expired); anything else
      // still means we cannot show a member: log out locally and go home (spec §4).
      if (e instanceof ApiError && e.handled) {
        get().clear();
        return;
      }
      get().clear();
      goHome();
    }
  },

  async loadBalance() {
    if (!get().token) return;
    try {
      const b = await call(walletApi.getBalance, { withLockMoney: 1 });
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
    if (!get().token) return; // loading the member failed: already logged out (the balance came with the member)
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
