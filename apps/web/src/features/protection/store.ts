/** What the protection root shows: a due reality check (its figures) and the end of the session by its time limit. */
import { create } from 'zustand';
import type { protectionApi, ResponseOf } from '@portal/contract';

type Reality = ResponseOf<typeof protectionApi.realityCheck>;

interface ProtectionUi {
  reality: Reality | null;
  /** The server's 6603 message once the session limit ended the session; null otherwise. */
  sessionOverMessage: string | null;
  showReality(r: Reality): void;
  closeReality(): void;
  sessionOver(message: string): void;
  reset(): void;
}

export const useProtectionUi = create<ProtectionUi>((set) => ({
  reality: null,
  sessionOverMessage: null,
  showReality: (reality) => set({ reality }),
  closeReality: () => set({ reality: null }),
  sessionOver: (message) => set({ sessionOverMessage: message, reality: null }),
  reset: () => set({ reality: null, sessionOverMessage: null }),
}));
