/**
 * Leases (table_leases): which node runs a shared thing — a house table, a fishing room. One conditional upsert:
 * taken when free or expired, renewed by its owner; `epoch` grows at every change of owner.
 */
import type { DbOrTx } from '../../db/connect.ts';

/** Takes or renews the lease `key` for `owner` until now + ttlMs; false when another owner holds it unexpired. */
export async function claimLease(db: DbOrTx, key: string, owner: string, now: number, ttlMs: number): Promise<boolean> {
  const r = await db
    .insertInto('table_leases')
    .values({ table_code: key, owner, expires_at: now + ttlMs, epoch: 1 })
    .onConflict((oc) =>
      oc
        .column('table_code')
        .doUpdateSet((eb) => ({
          owner,
          expires_at: now + ttlMs,
          epoch: eb
            .case()
            .when('table_leases.owner', '=', owner)
            .then(eb.ref('table_leases.epoch'))
            .else(eb(eb.ref('table_leases.epoch'), '+', 1))
            .end(),
        }))
        .where((eb) => eb.or([eb('table_leases.owner', '=', owner), eb('table_leases.expires_at', '<', now)])),
    )
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Lets leases go (a clean stop: another node takes over at once). */
export async function releaseLeases(db: DbOrTx, owner: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('table_leases').where('owner', '=', owner).where('table_code', 'in', keys).execute();
}
