import type { Kysely } from 'kysely';

/**
 * Background jobs on several nodes (jobs/lease.ts). Both engines.
 *  - job_leases: one row per job. A node runs a job only while it holds the row's lease (owner, lease_until,
 *    renewed while the run lasts) and only once the job is due (next_at, set by the run that finished last), so
 *    the job runs once per period across the cluster; a node that dies mid-run leaves its lease to expire and
 *    the next node carries on. `runs` counts finished runs (tests, /metrics).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'bigint', (c) => c.notNull())
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('runs', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('finished_at', 'bigint')
    .execute();
}
