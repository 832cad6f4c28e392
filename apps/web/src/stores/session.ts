/**
 * Session store (owned by the account feature): token, user id, member info, balance.
 * Interface used by the shell and routes; the account feature implements the actions.
 */
import { create } from 'zustand';

export interface MemberInfo {
  userId: string;
  name: string;
  bindPhone: boolean;
  bindRealName: boolean;
  [key: string]: unknown;
}

export interface SessionState {
  token: string | null;
  userId: string | null;
  user: MemberInfo | null;
  /** Central wallet balance in fen, null until loaded (the wallet issue fills it). */
  balanceFen: number | null;
  /** Load member info (called on every route change while logged in); failure logs out. */
  loadUser(): Promise<void>;
  logout(): Promise<void>;
}

export const useSession = create<SessionState>(() => ({
  token: null,
  userId: null,
  user: null,
  balanceFen: null,
  async loadUser() {},
  async logout() {},
}));
