/**
 * Navigation from outside components (stores, the request layer, dialogs): W1's route helpers
 * (routes/nav.ts) with the router's navigate registered by the shell.
 */
import { openPath } from '../../routes/nav.ts';

export function navigateTo(path: string): void {
  openPath(path);
}

export const goHome = (): void => navigateTo('/');
