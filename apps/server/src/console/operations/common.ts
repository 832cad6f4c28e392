/** Small helpers shared by the operations screens' routes (promotions, VIP, games, sportsbook, compliance). */
import { StatusCode, type StatusCodeValue } from '@portal/contract';
import type { DbOrTx } from '../../db/connect.ts';
import { fail } from '../../lib/errors.ts';
import type { ConsoleContext } from '../pipeline.ts';

/** A business refusal with the operator's (Chinese) explanation. */
export const refuse = (message: string, code: StatusCodeValue = StatusCode.ILLEGAL_PARAMETER): never => fail(code, { message });

/** Deployment-wide settings (venues, events, the rebate run of every brand): not for a brand-scoped staff member. */
export function assertDeploymentWide(ctx: ConsoleContext): void {
  if (ctx.staff.sites !== null) fail(StatusCode.ACCESS_DENIED);
}

/** The brands a list covers: the one asked for (the pipeline checked it is theirs) or all of theirs. */
export const sitesFor = (ctx: ConsoleContext, siteCode?: number): number[] => (siteCode === undefined ? ctx.sites : [siteCode]);

export const page = <T>(rows: T[], p: { page: number; pageSize: number }) => ({
  list: rows.slice((p.page - 1) * p.pageSize, p.page * p.pageSize),
  total: rows.length,
});

/** Member usernames by id (the console never shows internal ids). */
export async function usernames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('members').select(['id', 'name']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A member of a brand by username (6004 when there is none). */
export async function memberByName(db: DbOrTx, siteCode: number, username: string): Promise<{ id: string; name: string }> {
  const m = await db
    .selectFrom('members')
    .select(['id', 'name'])
    .where('site_code', '=', siteCode)
    .where('name_lower', '=', username.toLowerCase())
    .executeTakeFirst();
  return m ?? fail(StatusCode.NOT_FOUND);
}
