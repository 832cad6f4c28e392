import type { Db } from '../db/connect.ts';
import { depositRepository } from '../modules/deposit/repository.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Deletes what has no further use: expired captchas, verification codes and device challenges older
 * than a day (they only serve the 60 s / daily limits), ended sessions after 30 days, the dev
 * outbox after a day, and the effects outbox's done rows after a week (ledger/outbox.ts; pending rows stay). Every statement is idempotent, so several nodes may run it.
 */
export async function housekeeping(db: Db, now = Date.now()): Promise<Record<string, number>> {
  const del = async (q: { executeTakeFirst(): Promise<{ numDeletedRows: bigint }> }) => Number((await q.executeTakeFirst()).numDeletedRows);
  return {
    captchas: await del(db.deleteFrom('captchas').where('expires_at', '<', now - 60_000)),
    codes: await del(
      db
        .deleteFrom('verification_codes')
        .where('created_at', '<', now - DAY_MS)
        .where('expires_at', '<', now),
    ),
    challenges: await del(db.deleteFrom('device_challenges').where('expires_at', '<', now - DAY_MS)),
    sessions: await del(db.deleteFrom('sessions').where('expires_at', '<', now - 30 * DAY_MS)),
    outbox: await del(db.deleteFrom('dev_outbox').where('created_at', '<', now - DAY_MS)),
    effects: await del(db.deleteFrom('outbox').where('done_at', '<', now - 7 * DAY_MS)),
    // Unpaid deposit orders past their time (money that still arrives is credited all the same).
    expiredOrders: await depositRepository.expire(db, now),
  };
}

export function startHousekeeping(db: Db, everyMs = 10 * 60_000, onError: (e: unknown) => void = () => undefined): () => void {
  const t = setInterval(() => void housekeeping(db).catch(onError), everyMs);
  t.unref();
  return () => clearInterval(t);
}
