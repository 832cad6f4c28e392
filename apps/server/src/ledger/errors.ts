import { StatusCode } from '@portal/contract';
import { AppError } from '../lib/errors.ts';

/**
 * Why the ledger refused a step. Callers match the typed reason (`e.reason`), never the message text.
 *  - INSUFFICIENT_FUNDS: a member account would go below zero (a business answer: 6007);
 *  - HOLD_NOT_PENDING: a hold was posted or voided already (another node settled it: the step rolls back);
 *  - UNBALANCED, BAD_AMOUNT, CURRENCY: a journal that does not add up (a programming error);
 *  - LOCK_ORDER: a step locked accounts out of the order of ledger/locks.ts (a programming error);
 *  - NEGATIVE_BALANCE: a member balance below zero was read back (the database guard failed: never expected).
 */
export type LedgerReason =
  'UNBALANCED' | 'INSUFFICIENT_FUNDS' | 'BAD_AMOUNT' | 'CURRENCY' | 'HOLD_NOT_PENDING' | 'LOCK_ORDER' | 'NEGATIVE_BALANCE';

export class LedgerError extends AppError {
  constructor(
    readonly reason: LedgerReason,
    readonly accountId?: string,
  ) {
    // Insufficient funds is a business answer (6007 with a clear text); the others are programming errors.
    super(
      reason === 'INSUFFICIENT_FUNDS' ? StatusCode.INVALID_PARAMETER : StatusCode.SERVER_ERROR,
      reason === 'INSUFFICIENT_FUNDS' ? { key: 'INSUFFICIENT_FUNDS' } : {},
    );
    this.message = `ledger: ${reason}${accountId ? ` (${accountId})` : ''}`;
  }
}

/** The ledger refused for this reason (an error of another kind, or another reason: false). */
export const ledgerRefused = (e: unknown, reason: LedgerReason): e is LedgerError => e instanceof LedgerError && e.reason === reason;
