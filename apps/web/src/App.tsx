/**
 * The portal: providers, the router (one shell route that matches every path: the shell resolves the
 * route table itself so visited pages stay mounted), and the app-wide roots of the other features.
 */
import { useEffect, useMemo } from 'react';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router';
import { LIMITS } from '@portal/contract';
import { rootFontSize } from '@portal/rules';
import NProgress from 'nprogress';
import { Providers } from './app/Providers.tsx';
import { DeferredRoots } from './ui/layout/DeferredRoots.tsx';
import { Shell } from './ui/layout/Shell.tsx';
import { useRegisterPrompt } from './ui/layout/useRegisterPrompt.ts';

NProgress.configure({
  minimum: LIMITS.PROGRESS_MINIMUM,
  speed: LIMITS.PROGRESS_SPEED_MS,
  trickleSpeed: LIMITS.PROGRESS_TRICKLE_MS,
  showSpinner: false,
});

/** Spec §9: the root font size follows the window width (design width 1920). */
export function applyRootFontSize(): void {
  document.documentElement.style.fontSize = `${rootFontSize(window.innerWidth)}px`;
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
  return (
    <>
      <Shell />
      <DeferredRoots />
    </>
  );
}

export function createAppRouter(): DataRouter {
  return createBrowserRouter([{ path: '*', element: <ShellWithRoots /> }]);
}

export function App({ router }: { router?: DataRouter }) {
  useRootFontSize();
  const appRouter = useMemo(() => router ?? createAppRouter(), [router]);
  return (
    <Providers>
      <RouterProvider router={appRouter} />
    </Providers>
  );
}
