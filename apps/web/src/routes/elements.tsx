/**
 * The route table as react-router route objects, with each page in its frame. The help pages are
 * nested under the help layout route so its <Outlet/> renders them.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { ROUTES, type RouteDef } from './table.tsx';
import { PageLoading } from '../ui/layout/EmptyState.tsx';

const HelpLayout = lazy(async () => ({ default: (await import('./helpPages.tsx')).HelpLayout }));
const MineLayout = lazy(async () => ({ default: (await import('../features/mine/MineLayout.tsx')).MineLayout }));

function framed(def: RouteDef): ReactNode {
  const page = <def.Component />;
  if (def.frame === 'mine') return <MineLayout>{page}</MineLayout>;
  return page;
}

export function buildRouteObjects(): RouteObject[] {
  const flat = ROUTES.filter((r) => r.layout !== 'help').map((def): RouteObject => ({ path: def.path, element: framed(def), handle: def }));
  const helpDefs = ROUTES.filter((r) => r.layout === 'help');
  const helpRoute: RouteObject = {
    path: '/app/help',
    element: (
      <Suspense fallback={<PageLoading />}>
        <HelpLayout />
      </Suspense>
    ),
    children: helpDefs.map((def) =>
      def.path === '/app/help' ? { index: true, element: framed(def), handle: def } : { path: def.path, element: framed(def), handle: def },
    ),
  };
  // Keep the catch-all last.
  return [...flat.slice(0, -1), helpRoute, flat[flat.length - 1]!];
}

export const ROUTE_OBJECTS = buildRouteObjects();
