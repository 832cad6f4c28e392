/**
 * Spec §2: a register prompt 500 ms after start when the site's register flag is on and nobody is logged in —
 * except on the service desk (/support): a visitor who came for help (e.g. cannot log in) is not asked to register.
 */
import { useEffect } from 'react';
import { LIMITS, SUPPORT_PATH } from '@portal/contract';
import { bus } from '../app/events.ts';
import { useSite } from '../app/site.ts';
import { useSession } from '../stores/session.ts';

export function useRegisterPrompt(): void {
  const { status, flags } = useSite();
  useEffect(() => {
    // Runs once: status becomes 'ready' once per page load (StrictMode's second run re-arms the timer).
    if (status !== 'ready' || !flags.register) return;
    const timer = setTimeout(() => {
      if (!useSession.getState().token && window.location.pathname !== SUPPORT_PATH) bus.emit('register');
    }, LIMITS.REGISTER_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, flags.register]);
}
