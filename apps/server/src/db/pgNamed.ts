/**
 * PostgreSQL named (server-side prepared) statements for the hot, fixed-shape statements: the ledger's and
 * the money steps' prepared statements (db/prepared.ts) and the one-statement journal (ledger/pgJournal.ts).
 * node-postgres sends an unnamed statement as parse + bind + execute every time, so PostgreSQL parses and plans
 * it again on every call; a named one is parsed once per connection and then only bound and executed.
 * Only texts registered here are named (a bounded set: one per statement shape), never ad-hoc queries, so a
 * connection keeps a few dozen prepared statements at most. db/writeWatch.ts's client wrapper applies the names.
 */
const names = new Map<string, string>();

/** Registers a statement text as worth preparing on each connection (idempotent). */
export function namedOnPostgres(text: string): void {
  if (!names.has(text)) names.set(text, `portal_${names.size.toString(36)}`);
}

/** The prepared-statement name of a registered text, undefined for any other. */
export function pgStatementName(text: string): string | undefined {
  return names.get(text);
}
