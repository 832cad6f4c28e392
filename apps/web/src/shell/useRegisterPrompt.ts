/**
 * Spec §2: a register prompt 500 ms after start when the site's register flag is on and nobody is logged in —
 * except on the service desk (/support): a visitor who came for help (e.g. cannot log in) is not asked to register;
 * and never over a login the visitor asked for: a page opened at /login (which leaves for the home page at once), or
 * a 登录 before the prompt's time (/login once opened the 注册 tab in 12 of 13 loads).
 */
import { useEffect, useState } from 'react';
import { LIMITS, SUPPORT_PATH } from '@portal/contract';
import { bus } from '../app/events.ts';
import { useSite } from '../app/site.ts';
import { useSession } from '../stores/session.ts';

/** The login page (routes/paths.ts `login`): it opens the login dialog and goes home. */
const LOGIN_PATH = '/login';

export function useRegisterPrompt(): void {
  const { status, flags } = useSite();
  // The address the app started at, read at its first render (before /login's page navigates home).
  const [startPath] = useState(() => window.location.pathname);
  useEffect(() => {
    // Runs once: status becomes 'ready' once per page load (StrictMode's second run re-arms the timer).
    if (status !== 'ready' || !flags.register || startPath === LOGIN_PATH) return;
    let loginAsked = false;
    const off = bus.on('login', () => {
      loginAsked = true;
    });
    const timer = setTimeout(() => {
      if (!loginAsked && !useSession.getState().token && window.location.pathname !== SUPPORT_PATH) bus.emit('register');
    }, LIMITS.REGISTER_PROMPT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [status, flags.register, startPath]);
}
