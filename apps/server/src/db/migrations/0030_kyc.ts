import { sql, type Kysely } from 'kysely';

/**
 * Identity verification (modules/compliance/kyc.ts). Both engines.
 *  - kyc_submissions: one row per submission, reviewed by compliance staff. The document number is kept only as
 *    a keyed SHA-256 (matching across brands, e.g. self-exclusion) and its last 4 characters (shown to staff);
 *    the images are upload ids (purpose 'kyc').
 *  - upload_blobs.public: 0 for a file uploaded only as a KYC image: GET /uploads/<sha256> does not serve it.
 *    Every existing file stays public (1).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kyc_submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('real_name', 'text', (c) => c.notNull())
    /** YYYY-MM-DD. */
    .addColumn('birthday', 'text', (c) => c.notNull())
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('document_hash', 'text', (c) => c.notNull())
    .addColumn('document_last4', 'text', (c) => c.notNull())
    .addColumn('document_upload_id', 'text', (c) => c.notNull())
    .addColumn('selfie_upload_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    /** 1: the birthday is under the verified age (refused at submit, kept for staff). */
    .addColumn('underage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reviewer', 'text')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addCheckConstraint('kyc_submissions_status_ck', sql`status in ('pending', 'verified', 'rejected')`)
    .addCheckConstraint('kyc_submissions_underage_ck', sql`underage in (0, 1)`)
    .execute();
  await db.schema.createIndex('kyc_submissions_member_idx').on('kyc_submissions').columns(['member_id', 'created_at']).execute();
  await db.schema.createIndex('kyc_submissions_queue_idx').on('kyc_submissions').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('kyc_submissions_document_idx').on('kyc_submissions').columns(['document_hash']).execute();
  await db.schema
    .alterTable('upload_blobs')
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
