import { z } from 'zod';
import { CONSOLE_LIMITS } from './auth.ts';

/**
 * Conventions of the console's API:
 *  - a list takes `page` (from 1) and `pageSize`, and answers `{ list, total }`;
 *  - a call about one brand carries `siteCode`: the pipeline refuses (6003) a brand outside the staff member's
 *    brands before the handler runs; a call about a row (an order, a member) checks the row's brand itself
 *    (`ctx.assertSite`) — a row of another brand is 6004, as if it did not exist;
 *  - money is in fen (integers), times are epoch milliseconds, members are shown by username.
 */
export const pageFields = {
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(CONSOLE_LIMITS.PAGE_SIZE_MAX).default(20),
};

export const siteCode = z.number().int().min(1).max(99_999_999);

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number() });
}

export const consoleSite = z.object({ siteCode: z.number(), title: z.string() });
