/** What the protection root shows: a due reality check (its figures) and the end of the session by its time limit. */
import { create } from 'zustand';
import type { protectionApi, ResponseOf } from '@portal/contract';
import { goHome } from '../../routes/nav.ts';
import { useSession } from '../../stores/session.ts';

type Reality = ResponseOf<typeof protectionApi.realityCheck>;

interface ProtectionUi {
  reality: Reality | null;
  /** Why the session limit ended the session (shown until acknowledged); null otherwise. */
  sessionOverMessage: string | null;
  showReality(r: Reality): void;
  closeReality(): void;
  sessionOver(message: string): void;
  /** End the session and go home: 'logout' tells the server too, 'clear' only forgets it here (the server ended it). */
  leave(how: 'logout' | 'clear'): void;
  reset(): void;
}

export const useProtectionUi = create<ProtectionUi>((set) => ({
  reality: null,
  sessionOverMessage: null,
  showReality: (reality) => set({ reality }),
  closeReality: () => set({ reality: null }),
  sessionOver: (message) => set({ sessionOverMessage: message, reality: null }),
  leave: (how) => {
    set({ reality: null });
    if (how === 'logout') void useSession.getState().logout();
    else useSession.getState().clear();
    goHome();
  },
  reset: () => set({ reality: null, sessionOverMessage: null }),
}));
