import type { z } from 'zod';
import type { Permission } from './roles.ts';

/** Everything the console calls lives under this prefix; the console's web app is served at /console. */
export const CONSOLE_API_PREFIX = '/console/api';

/**
 * One call of the operator console's API. The server registers it with the console pipeline (staff session,
 * IP allow-list, permission, brand scope, audit) and the console app types its request from it.
 * Envelope and status codes are the portal's.
 */
export interface ConsoleEndpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: string;
  method: 'POST';
  /**
   * What the caller must hold: a permission of the matrix, 'staff' (any signed-in staff member) or 'none'
   * (the sign-in steps).
   */
  permission: Permission | 'staff' | 'none';
  /**
   * Changes something: the pipeline appends the call to the hash-chained audit log (actor, brand, action,
   * target, before, after). Derived: true unless the permission is a `.read` one — declare it only to override.
   */
  mutates: boolean;
  request: Req;
  response: Res;
  summary: string;
  tag: string;
}

export function consoleEndpoint<Req extends z.ZodType, Res extends z.ZodType>(
  e: Omit<ConsoleEndpoint<Req, Res>, 'method' | 'mutates' | 'path'> & { path: string; mutates?: boolean },
): ConsoleEndpoint<Req, Res> {
  const mutates = e.mutates ?? !(e.permission === 'none' || e.permission === 'staff' || e.permission.endsWith('.read'));
  return { ...e, method: 'POST', path: `${CONSOLE_API_PREFIX}/${e.path.replace(/^\//, '')}`, mutates };
}
