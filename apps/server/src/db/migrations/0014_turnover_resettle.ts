import { sql, type Kysely } from 'kysely';

/**
 * A resettled bet moves its turnover: each reported bet remembers what it added to its day (stake,
 * valid turnover, payout) and whether that is still counted (`live`), so a restore (A) can take it
 * back and the next settlement can add the new figures (modules/turnover/repository.ts).
 *
 * Rows reported before this migration: a house sportsbook bet settled exactly once (settle_version 1)
 * still counts what it has now, so its figures are copied from the bet. The others (restored or
 * resettled before, or another venue's) keep null figures: they are never retracted, which is how
 * every bet behaved until now — their first settlement's turnover stays.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bet_turnover_refs').addColumn('stake', 'bigint').execute();
  await db.schema.alterTable('bet_turnover_refs').addColumn('valid', 'bigint').execute();
  await db.schema.alterTable('bet_turnover_refs').addColumn('payout', 'bigint').execute();
  await db.schema
    .alterTable('bet_turnover_refs')
    .addColumn('live', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await backfillFigures(db);
}

/** Copies the figures of house sportsbook bets settled exactly once into their rows (exported for its test). */
export async function backfillFigures(db: Kysely<any>): Promise<void> {
  const bet = (col: string) =>
    sql`(select b.${sql.ref(col)} from sport_bets b where b.id = bet_turnover_refs.bet_ref and b.channel_code = bet_turnover_refs.channel_code)`;
  await sql`update bet_turnover_refs set stake = ${bet('stake')}, valid = ${bet('valid')}, payout = ${bet('payout')}
    where exists (select 1 from sport_bets b where b.id = bet_turnover_refs.bet_ref and b.channel_code = bet_turnover_refs.channel_code
      and b.status = 'settled' and b.settle_version = 1)`.execute(db);
}
