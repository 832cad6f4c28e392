/**
 * THE page registry of the console: the side menu and the routes are built from it, filtered by the signed-in
 * staff member's permissions. Each area adds ONE line here (its array of pages, from its own folder).
 * The home route opens the 'dashboard' page when the role may, otherwise the first page the role may open.
 */
import type { ConsolePage } from './types.ts';
import { staffPages } from './staff/index.tsx';
import { auditPages } from './audit/index.tsx';
import { reportsPages } from './reports/index.tsx';
import { membersPages } from './members/index.tsx';
import { contentPages } from './content/index.tsx';
import { operationsPages } from './operations/index.tsx';
import { financePages } from './finance/index.tsx';
import { livePages } from './live/index.tsx';

export const pages: ConsolePage[] = [
  ...reportsPages,
  ...staffPages,
  ...auditPages,
  ...financePages,
  ...membersPages,
  ...contentPages,
  ...operationsPages,
  ...livePages,
];

export type { ConsolePage } from './types.ts';
export { PAGE_GROUPS } from './types.ts';
