/**
 * The installable web app: the service worker of production builds (apps/web/pwa/sw.js,
 * written by the build with the shell's files) and the browser's install prompt, which the download page
 * offers as a button where the browser has one (Chrome on Android and desktop; iOS Safari has none: its
 * steps are written on the page). The manifest and icons come from the server, per brand (/manifest.webmanifest).
 */
import { useSyncExternalStore } from 'react';

/** Chrome's install prompt (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  /** The browser offered to install (the prompt is kept for the button). */
  canInstall: boolean;
  /** Running as the installed app, or installed in this visit. */
  installed: boolean;
}

let prompt: InstallPromptEvent | null = null;
let state: InstallState = { canInstall: false, installed: false };
const listeners = new Set<() => void>();
const set = (next: Partial<InstallState>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};

const standalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** Registers the service worker (production builds only) and listens for the install prompt. Call once, at start. */
export function startPwa(): void {
  state = { canInstall: false, installed: standalone() };
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // shown from the download page's button instead of the browser's own bar
    prompt = e as InstallPromptEvent;
    set({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    prompt = null;
    set({ canInstall: false, installed: true });
  });
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Opens the browser's install dialog (when it offered one). */
export async function install(): Promise<void> {
  const p = prompt;
  if (!p) return;
  await p.prompt();
  const { outcome } = await p.userChoice;
  prompt = null;
  set({ canInstall: false, installed: outcome === 'accepted' });
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}
