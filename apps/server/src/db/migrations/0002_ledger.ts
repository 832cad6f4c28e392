import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';
import { withAutoId } from './helpers.ts';

/**
 * Double-entry ledger: accounts with a cached balance, journals, postings, holds (pending amounts) and
 * idempotency keys. Member accounts can never go negative: a CHECK on the row, besides the guard.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_type', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_negative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('ledger_accounts_nonneg_ck', sql`allow_negative = 1 or balance >= 0`)
    .addCheckConstraint('ledger_accounts_owner_ck', sql`owner_type in ('member', 'house')`)
    .execute();
  await db.schema
    .createIndex('ledger_accounts_owner_uq')
    .on('ledger_accounts')
    .columns(['owner_type', 'owner_id', 'kind', 'ref', 'currency'])
    .unique()
    .execute();

  await db.schema
    .createTable('ledger_journals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text')
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reverses', 'text')
    .addColumn('idem_key', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_journals_ref_idx').on('ledger_journals').columns(['ref_type', 'ref_id']).execute();
  await db.schema.createIndex('ledger_journals_member_idx').on('ledger_journals').columns(['member_id', 'created_at']).execute();
  // One effect per idempotency key, enforced by the database.
  await db.schema.createIndex('ledger_journals_idem_uq').on('ledger_journals').column('idem_key').unique().execute();

  await withAutoId(db.schema.createTable('ledger_postings'), dialect)
    .addColumn('journal_id', 'text', (c) => c.notNull().references('ledger_journals.id'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_postings_journal_idx').on('ledger_postings').column('journal_id').execute();
  await db.schema.createIndex('ledger_postings_account_idx').on('ledger_postings').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('ledger_holds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('from_account', 'text', (c) => c.notNull())
    .addColumn('locked_account', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .addCheckConstraint('ledger_holds_status_ck', sql`status in ('pending', 'posted', 'voided')`)
    .addCheckConstraint('ledger_holds_amount_ck', sql`amount > 0`)
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
}
