import type { Config } from '../config.ts';
import type { DbHandle } from '../db/connect.ts';
import type { Services } from '../services.ts';

/** What an operator command gets: the database, the config, the wired services (built on first use), who runs it. */
export interface OpsContext {
  handle: DbHandle;
  config: Config;
  services(): Promise<Services>;
  /** The operator's name (OPERATOR, else the OS user): written to the audit log and to the rows it changes. */
  operator: string;
  /** Lines for the operator (console.table for lists). */
  print(v: unknown): void;
  /** A check found a problem: the command still completes, and `npm run ops` exits 1 (a verify that finds a broken chain). */
  fail(): void;
}

/**
 * One operator command of `npm run ops -- <name> …`. Commands that change something (`mutates`) are
 * recorded in the audit log by the dispatcher — success and failure alike — with their arguments.
 * Each module keeps its commands next to its service (`modules/<domain>/ops.ts`).
 */
export interface OpsCommand {
  name: string;
  /** Arguments, e.g. '<orderNo> <reason…>'. */
  args?: string;
  summary: string;
  mutates: boolean;
  /** The audit row's target (an order number, a member, a notice id); default the first argument. */
  target?(args: string[]): string;
  run(ctx: OpsContext, args: string[]): Promise<unknown>;
}

/** Thrown for bad arguments: the dispatcher prints the command's usage. */
export class UsageError extends Error {}

export function need(args: string[], index: number, what: string): string {
  const v = args[index];
  if (v === undefined || v === '') throw new UsageError(`missing ${what}`);
  return v;
}
