import { sql, type Kysely } from 'kysely';

/**
 * zh-TW forms of zh-CN data (lib/zhTW.ts, modules/site/zhTwForms.ts). Both engines.
 *  - zh_tw_forms: one row per zh-CN text, keyed by its SHA-256 (a notice's text is longer than an index
 *    entry may be): the Traditional form OpenCC made of it (`source` 'opencc'), or the operator's own
 *    ('operator', never replaced by a conversion). Every node loads them at start, so none converts twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('zh_tw_forms')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('zh_cn', 'text', (c) => c.notNull())
    .addColumn('zh_tw', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('zh_tw_forms_source_ck', sql`source in ('opencc', 'operator')`)
    .execute();
  // Each node asks every half minute for operator forms newer than the newest it has.
  await db.schema.createIndex('zh_tw_forms_source_idx').on('zh_tw_forms').columns(['source', 'updated_at']).execute();
}
