/**
 * The house tables' and lottery draws' SQL: rounds, bets, chases and leases. Every query of modules/tables lives
 * here (the services, the dealer and the settlement call these functions), so the module's storage reads in one place.
 */
import { sql } from 'kysely';
import type { Db, DbOrTx, Dialect, Tx } from '../../db/connect.ts';
import type { TableBetTable, TableChaseTable, TableRoundTable } from '../../db/schema.ts';

/** Which pending bets a refund takes (every condition given must hold). */
export interface BetFilter {
  roundId?: string;
  memberId?: string;
  chaseId?: string;
  /** Only bets of no plan (a member's own bets on the round). */
  noChase?: boolean;
  /** Only bets on this draw or later (a stopped plan's rest). */
  fromSeq?: number;
  /** Bets of this table's draws before `beforeSeq` that were never held (no round row: no node ran at their time). */
  lostDraws?: { tableCode: string; beforeSeq: number };
}

/** Bet rows per set-based update (3 bound values each). */
const BETS_PER_UPDATE = 1000;

export const tablesRepository = {
  /**
   * Checks, in the bet's transaction, that the round still takes bets: on PostgreSQL the round's row is held in
   * share mode, so the draw (which updates it) waits for this bet to commit — no bet commits after its round closed.
   */
  async roundForBet(tx: Tx, dialect: Dialect, id: string): Promise<TableRoundTable | undefined> {
    const q = tx.selectFrom('table_rounds').selectAll().where('id', '=', id);
    return (dialect === 'postgres' ? q.forShare() : q).executeTakeFirst();
  },

  /** The member's stakes on a round per bet type (the table's limits per group). */
  stakesOn(tx: DbOrTx, memberId: string, roundId: string) {
    return tx
      .selectFrom('table_bets')
      .select(['bet_type', 'amount'])
      .where('member_id', '=', memberId)
      .where('round_id', '=', roundId)
      .where('status', '=', 'pending')
      .execute();
  },

  insertBets(tx: Tx, rows: TableBetTable[]) {
    return tx.insertInto('table_bets').values(rows).execute();
  },

  betsByIds(db: DbOrTx, ids: string[]): Promise<TableBetTable[]> {
    return ids.length ? db.selectFrom('table_bets').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]);
  },

  /** The member's bets on a round, oldest first. */
  memberBetsOn(db: DbOrTx, memberId: string, roundId: string): Promise<TableBetTable[]> {
    return db
      .selectFrom('table_bets')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('round_id', '=', roundId)
      .orderBy('created_at')
      .execute();
  },

  /** A page of the member's bets at a venue (newest first) and their count. */
  async memberBets(db: Db, memberId: string, channelCode: string, tableCode: string | undefined, pageNum: number, size: number) {
    let q = db.selectFrom('table_bets').where('member_id', '=', memberId).where('channel_code', '=', channelCode);
    if (tableCode) q = q.where('table_code', '=', tableCode);
    const [n, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      q
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset((pageNum - 1) * size)
        .execute(),
    ]);
    return { total: Number(n.n), rows };
  },

  /** Members with a pending bet on the round (a settlement batch). */
  async pendingMembers(db: Db, roundId: string, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom('table_bets')
      .select('member_id')
      .distinct()
      .where('round_id', '=', roundId)
      .where('status', '=', 'pending')
      .limit(limit)
      .execute();
    return rows.map((r) => r.member_id);
  },

  /** These members' pending bets on the round, by member and hold. */
  pendingBetsOf(tx: Tx, roundId: string, memberIds: string[]): Promise<TableBetTable[]> {
    return tx
      .selectFrom('table_bets')
      .selectAll()
      .where('round_id', '=', roundId)
      .where('status', '=', 'pending')
      .where('member_id', 'in', memberIds)
      .orderBy('member_id')
      .orderBy('hold_id')
      .execute();
  },

  /** Pending bets a refund takes. */
  pendingBets(tx: Tx, f: BetFilter): Promise<TableBetTable[]> {
    let q = tx.selectFrom('table_bets').selectAll().where('status', '=', 'pending');
    if (f.roundId !== undefined) q = q.where('round_id', '=', f.roundId);
    if (f.memberId !== undefined) q = q.where('member_id', '=', f.memberId);
    if (f.chaseId !== undefined) q = q.where('chase_id', '=', f.chaseId);
    if (f.noChase) q = q.where('chase_id', 'is', null);
    if (f.fromSeq !== undefined) q = q.where('seq', '>=', f.fromSeq);
    if (f.lostDraws) {
      q = q
        .where('table_code', '=', f.lostDraws.tableCode)
        .where('seq', '<', f.lostDraws.beforeSeq)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('table_rounds').select('table_rounds.id').whereRef('table_rounds.id', '=', 'table_bets.round_id'))),
        );
    }
    return q.execute();
  },

  /**
   * Sets many pending bets' outcomes in one statement per chunk (UPDATE … FROM a VALUES list, both engines);
   * answers how many changed (fewer than asked: another step settled some of them).
   */
  async markBets(tx: Tx, rows: readonly { id: string; status: TableBetTable['status']; payout: number }[], now: number): Promise<number> {
    let changed = 0;
    for (let i = 0; i < rows.length; i += BETS_PER_UPDATE) {
      const part = rows.slice(i, i + BETS_PER_UPDATE);
      const values = sql.join(part.map((r) => sql`(cast(${r.id} as text), cast(${r.status} as text), cast(${r.payout} as bigint))`));
      const r = await sql`with v(id, status, payout) as (values ${values})
        update table_bets set status = v.status, payout = v.payout, settled_at = ${now}
        from v where table_bets.id = v.id and table_bets.status = 'pending'`.execute(tx);
      changed += Number(r.numAffectedRows ?? 0n);
    }
    return changed;
  },

  /** Marks a drawn round settled (once). */
  async markSettled(db: Db, roundId: string, now: number): Promise<void> {
    await db
      .updateTable('table_rounds')
      .set({ status: 'settled', settled_at: now })
      .where('id', '=', roundId)
      .where('status', '=', 'drawn')
      .execute();
  },

  /** Cancels a round not yet settled (`openOnly`: only while it still takes bets); false when it was (or is unknown). */
  async cancelRound(tx: Tx, roundId: string, by: string, now: number, openOnly = false): Promise<boolean> {
    let q = tx.updateTable('table_rounds').set({ status: 'cancelled', cancelled_by: by, settled_at: now }).where('id', '=', roundId);
    q = openOnly ? q.where('status', '=', 'betting').where('closes_at', '>', now) : q.where('status', 'in', ['betting', 'drawn']);
    return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
  },

  runningChase(tx: Tx, id: string): Promise<TableChaseTable | undefined> {
    return tx.selectFrom('table_chases').selectAll().where('id', '=', id).where('status', '=', 'running').executeTakeFirst();
  },

  /** Ends a running plan; false when it was not running. */
  async endChase(tx: Tx, id: string, status: TableChaseTable['status'], now: number): Promise<boolean> {
    const r = await tx
      .updateTable('table_chases')
      .set({ status, finished_at: now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  insertChase(tx: Tx, chase: TableChaseTable) {
    return tx.insertInto('table_chases').values(chase).execute();
  },

  chase(db: DbOrTx, id: string): Promise<TableChaseTable | undefined> {
    return db.selectFrom('table_chases').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The member's latest plans at a venue (50 at most). */
  memberChases(db: Db, memberId: string, channelCode: string, tableCode?: string): Promise<TableChaseTable[]> {
    let q = db.selectFrom('table_chases').selectAll().where('member_id', '=', memberId).where('channel_code', '=', channelCode);
    if (tableCode) q = q.where('table_code', '=', tableCode);
    return q.orderBy('created_at', 'desc').limit(50).execute();
  },

  /** The bets of these plans (their progress). */
  chaseBets(db: Db, chaseIds: string[]) {
    return db
      .selectFrom('table_bets')
      .select(['chase_id', 'seq', 'status', 'amount', 'payout'])
      .where('chase_id', 'in', chaseIds)
      .execute();
  },

  round(db: DbOrTx, id: string): Promise<TableRoundTable | undefined> {
    return db.selectFrom('table_rounds').selectAll().where('id', '=', id).executeTakeFirst();
  },
};
