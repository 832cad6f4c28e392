import { createRequire } from 'node:module';

/**
 * Fewer round trips on PostgreSQL, without changing what runs (db/writeWatch.ts's client wrapper applies it):
 *  - `begin` is not sent on its own: it goes out with the transaction's first statement, as one simple-protocol
 *    message (`begin; <statement>`). A transaction that ends before any statement sends nothing at all.
 *  - a statement marked DEFERRED (a write inside a transaction whose answer nobody reads, e.g. the hourly
 *    protection totals) is not sent when it is run: it goes out in front of the transaction's next statement or
 *    its `commit`. Its failure then fails that statement (or the commit), so the transaction still rolls back
 *    whole; a `rollback` drops it unsent.
 * Each round trip costs node-postgres a socket write (a writev system call, which bench:wallet's CPU profile
 * found to be the largest single cost of a transfer on this machine) and PostgreSQL a wake-up.
 * The statements are sent with their parameters written as quoted literals (`'…'`): node-postgres sends
 * parameters as untyped text, and an untyped quoted literal is resolved by PostgreSQL the same way. A value that
 * has no text form here (a Buffer) is not inlined: the queue is flushed on its own first.
 */
export const DEFERRED = '/* deferred */ ';

const pgUtils = () =>
  createRequire(import.meta.url)('pg/lib/utils.js') as {
    prepareValue(v: unknown): unknown;
    escapeLiteral(s: string): string;
  };
let utils: ReturnType<typeof pgUtils> | null = null;

/** `text` with its $n parameters written as literals; null when a value cannot be (then send it as it is). */
export function inlineParameters(text: string, params: readonly unknown[] | undefined): string | null {
  if (!params || params.length === 0) return text;
  utils ??= pgUtils();
  const lits: string[] = [];
  for (const p of params) {
    const v = utils.prepareValue(p);
    if (v === null || v === undefined) lits.push('NULL');
    else if (typeof v === 'string') lits.push(utils.escapeLiteral(v));
    else return null;
  }
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i]!;
    if (ch === "'" || ch === '"') {
      // A quoted literal or identifier is copied as it is ('' and "" escape the quote inside).
      const end = quotedEnd(text, i, ch);
      out += text.slice(i, end);
      i = end;
    } else if (ch === '$' && i + 1 < n && text[i + 1]! >= '0' && text[i + 1]! <= '9' && !/[\w$]/.test(text[i - 1] ?? ' ')) {
      let j = i + 1;
      while (j < n && text[j]! >= '0' && text[j]! <= '9') j++;
      const k = Number(text.slice(i + 1, j)) - 1;
      if (k < 0 || k >= lits.length) return null;
      out += lits[k];
      i = j;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

function quotedEnd(text: string, start: number, q: string): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === q) {
      if (text[i + 1] === q) i += 2;
      else return i + 1;
    } else i++;
  }
  return i;
}

type Result = { command: string; rowCount: number | null; rows: unknown[]; fields: unknown[] };
const done = (command: string, rowCount: number | null = null): Result => ({ command, rowCount, rows: [], fields: [] });

/**
 * One connection's queue: statements held back to go out in front of the next one. `send` is the connection's
 * own query (text, params); answers what the caller's statement answered.
 */
export class Pipeline {
  /** Statements not sent yet, as text with their values inlined ('begin' first when the transaction has not started on the server). */
  private queue: string[] = [];
  /** Between this connection's begin and its commit or rollback. */
  private inTx = false;

  constructor(private readonly send: (text: string, params?: readonly unknown[]) => Promise<unknown>) {}

  get holding(): boolean {
    return this.queue.length > 0;
  }

  /** Answers the caller's result, or undefined when the statement is not one this handles (send it as usual). */
  async run(text: string, params: readonly unknown[] | undefined): Promise<unknown> {
    const word = text.length <= 12 ? text.trim().toLowerCase() : '';
    if (word === 'begin') {
      this.queue = ['begin'];
      this.inTx = true;
      return done('BEGIN');
    }
    if (word === 'rollback') {
      const started = this.queue[0] !== 'begin';
      this.queue = [];
      this.inTx = false;
      return started ? this.send(text, params) : done('ROLLBACK');
    }
    if (word === 'commit') {
      this.inTx = false;
      if (this.queue.length === 1 && this.queue[0] === 'begin') {
        this.queue = [];
        return done('COMMIT');
      }
    }
    if (this.inTx && text.startsWith(DEFERRED)) {
      const inlined = inlineParameters(text, params);
      if (inlined !== null) {
        this.queue.push(inlined);
        return done('INSERT', 1);
      }
    }
    if (!this.queue.length) return this.send(text, params);
    const inlined = inlineParameters(text, params);
    const head = this.queue.join(';\n');
    this.queue = [];
    if (inlined === null) {
      await this.send(head);
      return this.send(text, params);
    }
    const r = (await this.send(`${head};\n${inlined}`)) as Result | Result[];
    return Array.isArray(r) ? r[r.length - 1] : r;
  }
}
