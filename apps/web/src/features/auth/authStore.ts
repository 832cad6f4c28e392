/** Auth dialog state (spec §2 modes login_register, find_password, new_device; §4 auth events). */
import { create } from 'zustand';
import type { AppEvents } from '../../app/events.ts';

export type AuthMode = 'login_register' | 'find_password' | 'new_device';
export type AuthTab = 'login' | 'register';
export type ForgotWay = 'phone' | 'email';

interface AuthState {
  open: boolean;
  mode: AuthMode;
  tab: AuthTab;
  forgotWay: ForgotWay;
  /** Username to prefill on the login form (after register fallback, reset, switch account). */
  prefillName: string | null;
  newDevice: AppEvents['newDevice'] | null;
  /** Forgot-password wizard on its success page: the dialog hides its header. */
  headerHidden: boolean;
  show(mode: AuthMode, patch?: Partial<Pick<AuthState, 'tab' | 'forgotWay' | 'prefillName' | 'newDevice'>>): void;
  close(): void;
  setHeaderHidden(v: boolean): void;
}

export const useAuth = create<AuthState>((set) => ({
  open: false,
  mode: 'login_register',
  tab: 'login',
  forgotWay: 'phone',
  prefillName: null,
  newDevice: null,
  headerHidden: false,
  show: (mode, patch = {}) => set({ open: true, mode, headerHidden: false, ...patch }),
  close: () => set({ open: false, headerHidden: false, newDevice: null }),
  setHeaderHidden: (v) => set({ headerHidden: v }),
}));

/** Spec §2 events: 1 login, 2 register, 3 forgot by phone, 4 forgot by e-mail. */
export function switchAuthWay(way: 1 | 2 | 3 | 4): void {
  const s = useAuth.getState();
  if (way === 1) s.show('login_register', { tab: 'login' });
  else if (way === 2) s.show('login_register', { tab: 'register' });
  else s.show('find_password', { forgotWay: way === 3 ? 'phone' : 'email' });
}
