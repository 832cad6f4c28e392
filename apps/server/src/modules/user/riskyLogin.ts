import type { DbOrTx } from '../../db/connect.ts';
import { ipPrefix } from '../../lib/crypto.ts';

/**
 * Risky login (spec §8 6029): the password is right, but since the member's last successful login the account
 * took RISKY_FAILS or more wrong passwords within RISKY_WINDOW_MS from networks other than this one — someone
 * elsewhere has been guessing, and this attempt may be the guess that worked. The login then goes through the
 * new-device verification (a code to the bound phone), like an unknown device; the verified login is a success,
 * which closes the episode.
 *
 * Failures from the login's own network do not count: a member who mistypes at home is not a risk (the login
 * guard's delays and locks handle repeated guessing from one network).
 */
export const RISKY_FAILS = 5;
export const RISKY_WINDOW_MS = 60 * 60 * 1000;
/** Bound on the rows read: RISKY_FAILS from other networks are enough to decide. */
const SCAN_MAX = 200;

export async function isRiskyLogin(db: DbOrTx, memberId: string, ip: string, now: number): Promise<boolean> {
  const lastSuccess = await db
    .selectFrom('login_history')
    .select('at')
    .where('member_id', '=', memberId)
    .where('result', '=', 'success')
    .where('at', '>=', now - RISKY_WINDOW_MS)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const since = Math.max(now - RISKY_WINDOW_MS, lastSuccess ? Number(lastSuccess.at) + 1 : 0);
  const fails = await db
    .selectFrom('login_history')
    .select('ip')
    .where('member_id', '=', memberId)
    .where('result', '=', 'wrong_password')
    .where('at', '>=', since)
    .limit(SCAN_MAX)
    .execute();
  const here = ipPrefix(ip);
  return fails.filter((f) => ipPrefix(f.ip) !== here).length >= RISKY_FAILS;
}
