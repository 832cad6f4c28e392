import type { DbOrTx } from '../../db/connect.ts';
import type { UploadBlobTable, UploadTable } from '../../db/schema.ts';

/** Uploaded images: content-addressed file rows and the per-upload ownership rows. The only SQL of uploads. */
export const uploadRepository = {
  /** Stores the file once per content hash; a second upload of the same bytes only adds its ownership row. */
  async putBlob(db: DbOrTx, row: UploadBlobTable): Promise<void> {
    await db
      .insertInto('upload_blobs')
      .values(row)
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
  },
  async insert(db: DbOrTx, row: UploadTable): Promise<void> {
    await db.insertInto('uploads').values(row).execute();
  },
  blob(db: DbOrTx, sha256: string): Promise<Pick<UploadBlobTable, 'mime' | 'data' | 'bytes'> | undefined> {
    return db.selectFrom('upload_blobs').select(['mime', 'data', 'bytes']).where('sha256', '=', sha256).executeTakeFirst();
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
