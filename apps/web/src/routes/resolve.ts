/**
 * Matches a path against the route table and runs its guards: the one decision the shell renders.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { runGuards, type GuardContext, type GuardResult } from './guards.ts';
import { ROUTES, type RouteDef } from './table.tsx';

const MATCHABLE: RouteObject[] = ROUTES.map((def) => ({ path: def.path, handle: def }));

export interface Resolved {
  def: RouteDef;
  params: Record<string, string | undefined>;
  result: GuardResult;
}

export function matchRoute(pathname: string): { def: RouteDef; params: Record<string, string | undefined> } {
  const matches = matchRoutes(MATCHABLE, pathname);
  const last = matches?.[matches.length - 1];
  const def = (last?.route.handle as RouteDef | undefined) ?? ROUTES[ROUTES.length - 1]!;
  return { def, params: last?.params ?? {} };
}

export function resolveRoute(pathname: string, ctx: Omit<GuardContext, 'pathname'>): Resolved {
  const { def, params } = matchRoute(pathname);
  const result = runGuards(def.guards ?? [], { ...ctx, pathname });
  return { def, params, result };
}
