/**
 * What the protection root shows — a due reality check (its figures), the end of the session by its time limit —
 * and a session to end once the home page shows (leaving, an exclusion, the session limit).
 */
import { create } from 'zustand';
import type { protectionApi, ResponseOf } from '@portal/contract';
import { goHome } from '../../routes/nav.ts';

type Reality = ResponseOf<typeof protectionApi.realityCheck>;

interface ProtectionUi {
  reality: Reality | null;
  /** Why the session limit ended the session (shown until acknowledged); null otherwise. */
  sessionOverMessage: string | null;
  /**
   * A session to end once home shows: 'logout' also tells the server, 'clear' only forgets it here (the server
   * already ended it). Ending it on a member page first would make that page's guard warn 请先登录.
   */
  endSession: 'logout' | 'clear' | null;
  showReality(r: Reality): void;
  closeReality(): void;
  sessionOver(message: string): void;
  /** Go home, then end the session (ProtectionRoot does it when the home page is the one shown). */
  leave(how: 'logout' | 'clear'): void;
  sessionEnded(): void;
  reset(): void;
}

export const useProtectionUi = create<ProtectionUi>((set) => ({
  reality: null,
  sessionOverMessage: null,
  endSession: null,
  showReality: (reality) => set({ reality }),
  closeReality: () => set({ reality: null }),
  sessionOver: (message) => set({ sessionOverMessage: message, reality: null }),
  leave: (how) => {
    set({ endSession: how, reality: null });
    goHome();
  },
  sessionEnded: () => set({ endSession: null }),
  reset: () => set({ reality: null, sessionOverMessage: null, endSession: null }),
}));
