/**
 * LIKE patterns from what a staff member or a member typed: `%` and `_` (and the escape
 * character) match only themselves. Both engines: the ESCAPE clause is explicit (SQLite has no default escape).
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `column LIKE '%keyword%' ESCAPE '\'`, the keyword taken literally. */
export function likeContains(column: Expression<unknown> | string, keyword: string): RawBuilder<SqlBool> {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  return sql<SqlBool>`${ref} like ${`%${escapeLike(keyword)}%`} escape ${'\\'}`;
}
