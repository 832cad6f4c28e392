/**
 * The portal: providers, the router (one shell route that matches every path: the shell resolves the
 * route table itself so visited pages stay mounted), and the app-wide roots of the other features.
 * BrowserRouter, not a data router: the app uses no loaders/actions/fetchers, and the data router
 * added ~16 KB gzip to the first load (the home route's budget, bench/web.mjs).
 */
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { LIMITS } from '@portal/contract';
import { BASE_FONT_SIZE_PX, PHONE_MEDIA, rootFontSize } from '@portal/rules';
import NProgress from 'nprogress';
import { Providers } from './app/Providers.tsx';
import { DeferredRoots } from './shell/DeferredRoots.tsx';
import { Shell } from './shell/Shell.tsx';
import { useRegisterPrompt } from './shell/useRegisterPrompt.ts';
import { useScrollReset } from './shell/useScrollReset.ts';

NProgress.configure({
  minimum: LIMITS.PROGRESS_MINIMUM,
  speed: LIMITS.PROGRESS_SPEED_MS,
  trickleSpeed: LIMITS.PROGRESS_TRICKLE_MS,
  showSpinner: false,
});

/** Spec §9: the root font size follows the window width (design width 1920); a phone, upright or sideways, reads the design size. */
export function applyRootFontSize(): void {
  const phone = typeof window.matchMedia === 'function' && window.matchMedia(PHONE_MEDIA).matches;
  document.documentElement.style.fontSize = `${phone ? BASE_FONT_SIZE_PX : rootFontSize(window.innerWidth)}px`;
}

function useRootFontSize(): void {
  useEffect(() => {
    applyRootFontSize();
    window.addEventListener('resize', applyRootFontSize);
    return () => window.removeEventListener('resize', applyRootFontSize);
  }, []);
}

export function ShellWithRoots() {
  useRegisterPrompt();
  useScrollReset();
  return (
    <>
      <Shell />
      <DeferredRoots />
    </>
  );
}

export function App() {
  useRootFontSize();
  return (
    <Providers>
      <BrowserRouter>
        <ShellWithRoots />
      </BrowserRouter>
    </Providers>
  );
}
