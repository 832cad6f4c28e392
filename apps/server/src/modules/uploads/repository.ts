import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db/connect.ts';
import type { UploadBlobTable, UploadTable } from '../../db/schema.ts';

/** Uploaded images: content-addressed file rows and the per-upload ownership rows. The only SQL of uploads. */
export const uploadRepository = {
  /**
   * Stores the file once per content hash; a second upload of the same bytes only adds its ownership row.
   * A public upload of bytes first stored privately (KYC) makes them public: the uploader has the file anyway.
   */
  async putBlob(db: DbOrTx, row: Insertable<UploadBlobTable> & { public: 0 | 1 }): Promise<void> {
    await db
      .insertInto('upload_blobs')
      .values(row)
      .onConflict((oc) => (row.public === 1 ? oc.column('sha256').doUpdateSet({ public: 1 }) : oc.column('sha256').doNothing()))
      .execute();
  },
  async insert(db: DbOrTx, row: UploadTable): Promise<void> {
    await db.insertInto('uploads').values(row).execute();
  },
  /** A file GET /uploads may serve: never one stored only privately. */
  publicBlob(db: DbOrTx, sha256: string): Promise<Pick<UploadBlobTable, 'mime' | 'data' | 'bytes'> | undefined> {
    return db
      .selectFrom('upload_blobs')
      .select(['mime', 'data', 'bytes'])
      .where('sha256', '=', sha256)
      .where('public', '=', 1)
      .executeTakeFirst();
  },
  /** An upload's file by upload id, public or not: for staff tools only (the KYC review). */
  fileOf(db: DbOrTx, uploadId: string): Promise<Pick<UploadBlobTable, 'mime' | 'data' | 'bytes'> | undefined> {
    return db
      .selectFrom('uploads')
      .innerJoin('upload_blobs', 'upload_blobs.sha256', 'uploads.sha256')
      .select(['upload_blobs.mime', 'upload_blobs.data', 'upload_blobs.bytes'])
      .where('uploads.id', '=', uploadId)
      .executeTakeFirst();
  },
  /** The uploads among `ids` that belong to this member (and purpose): never anyone else's. */
  owned(db: DbOrTx, memberId: string, ids: string[], purpose: string): Promise<UploadTable[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('uploads')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('purpose', '=', purpose)
      .where('id', 'in', ids)
      .execute();
  },
};
