/** Helpers of the wager path's tests: a wallet and a book per game, and money put into wallets from a clearing account. */
import type { Db } from '../db/connect.ts';
import { debtAccount, houseAccount, memberAccount, type AccountRef } from './accounts.ts';
import { moneyStep } from './idempotency.ts';
import { post } from './ledger.ts';

export type Game = 'sport' | 'table' | 'lottery';
export const CHANNEL: Record<Game | 'slot', string> = { sport: 'WTY', table: 'WZR', lottery: 'WCP', slot: 'WDZ' };
export const book = (g: Game | 'slot') => houseAccount(g === 'sport' ? 'sportsbook' : 'casino', CHANNEL[g]);
export const wallet = (m: string, g: Game | 'slot') => memberAccount(m, 'venue', 'CNY', CHANNEL[g]);

/** One journal crediting each account its amount from the house's clearing account (or `from`). */
export function fund(
  db: Db,
  refId: string,
  credits: readonly { account: AccountRef; fen: number }[],
  from = houseAccount('clearing', 'model'),
) {
  const total = credits.reduce((a, c) => a + c.fen, 0);
  return moneyStep(db, (tx) =>
    post(tx, {
      kind: 'test.fund',
      currency: 'CNY',
      refType: 'model',
      refId,
      lines: [{ account: from, amount: -total }, ...credits.map((c) => ({ account: c.account, amount: c.fen }))],
    }),
  );
}

/** What a correction leaves owed: the member's debt (receivable) account below zero by `fen`. */
export const owe = (db: Db, refId: string, memberId: string, fen: number) =>
  fund(db, refId, [{ account: houseAccount('sportsbook', 'model'), fen }], debtAccount(memberId));
