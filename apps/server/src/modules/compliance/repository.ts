import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.ts';
import type { ProtectionExclusionTable, ProtectionLimitTable } from '../../db/schema/protection.ts';
import type { Kysely } from 'kysely';
import { prepared, preparedDeferred } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { memberRepository } from '../user/repository.ts';

export type LimitRow = ProtectionLimitTable;
export type ExclusionRow = ProtectionExclusionTable;

const HOUR_MS = 3600 * 1000;
/** The hour an instant falls in (protection_hourly's key). */
export const hourOf = (atMs: number): number => Math.floor(atMs / HOUR_MS) * HOUR_MS;

/** Hold reference types that are open stakes (an unsettled sport bet, an open table or lottery bet, an open aggregator round). */
const OPEN_STAKE_REFS = ['sport_bet', 'table_bet', 'seamless'] as const;

export interface ProtectionEvent {
  memberId: string;
  siteCode: number;
  at: number;
  action: string;
  kind?: string;
  period?: string;
  before?: string;
  after?: string;
  detail?: string;
}

// The three statements of the eligibility check's and the settlements' hot path, compiled once (db/prepared.ts).
const hourlyRows = prepared(
  (db: Kysely<Database>, memberId: string, fromHour: number) =>
    db.selectFrom('protection_hourly').select(['hour', 'stake', 'payout']).where('member_id', '=', memberId).where('hour', '>=', fromHour),
  ['', 0],
);
const openStakeSum = prepared(
  (db: Kysely<Database>, memberId: string) =>
    db
      .selectFrom('ledger_holds')
      .select((eb) => eb.fn.sum<number>('amount').as('n'))
      .where('member_id', '=', memberId)
      .where(
        'ref_type',
        'in',
        OPEN_STAKE_REFS.map((r) => sql.lit(r)),
      )
      // A literal, not a bound parameter: SQLite uses a partial index only when the query's own text implies its condition.
      .where('status', '=', sql.lit('pending')),
  [''],
);
// Nothing reads its answer: on PostgreSQL it goes out with the step's next statement (db/prepared.ts).
const addToHour = preparedDeferred(
  (db: Kysely<Database>, memberId: string, hour: number, stake: number, payout: number) =>
    db
      .insertInto('protection_hourly')
      .values({ member_id: memberId, hour, stake, payout })
      .onConflict((oc) =>
        oc.columns(['member_id', 'hour']).doUpdateSet((eb) => ({
          stake: sql`${eb.ref('protection_hourly.stake')} + ${eb.ref('excluded.stake')}`,
          payout: sql`${eb.ref('protection_hourly.payout')} + ${eb.ref('excluded.payout')}`,
        })),
      ),
  ['', 0, 0, 0],
);

/** Many members' settled play by the hour, in one statement (a shared round's batch): rows summed per (member, hour) first. */
async function addToHours(
  db: DbOrTx,
  rows: readonly { memberId: string; atMs: number; stakeFen: number; payoutFen: number }[],
): Promise<void> {
  const sums = new Map<string, { member_id: string; hour: number; stake: number; payout: number }>();
  for (const r of rows) {
    const hour = hourOf(r.atMs);
    const k = `${r.memberId}|${hour}`;
    const x = sums.get(k) ?? { member_id: r.memberId, hour, stake: 0, payout: 0 };
    x.stake += r.stakeFen;
    x.payout += r.payoutFen;
    sums.set(k, x);
  }
  const values = [...sums.values()].filter((x) => x.stake !== 0 || x.payout !== 0);
  if (values.length === 0) return;
  await db
    .insertInto('protection_hourly')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['member_id', 'hour']).doUpdateSet((eb) => ({
        stake: sql`${eb.ref('protection_hourly.stake')} + ${eb.ref('excluded.stake')}`,
        payout: sql`${eb.ref('protection_hourly.payout')} + ${eb.ref('excluded.payout')}`,
      })),
    )
    .execute();
}

/** The only SQL of player protection. */
export const protectionRepository = {
  addHourlyMany: addToHours,
  limits(db: DbOrTx, memberId: string): Promise<LimitRow[]> {
    return db.selectFrom('protection_limits').selectAll().where('member_id', '=', memberId).execute();
  },
  async putLimit(db: DbOrTx, row: LimitRow): Promise<void> {
    await db
      .insertInto('protection_limits')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['member_id', 'kind', 'period']).doUpdateSet({
          amount: row.amount,
          pending_amount: row.pending_amount,
          pending_remove: row.pending_remove,
          pending_at: row.pending_at,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  },
  /** A limit in force with nothing pending (`amount` null: none, the row goes). */
  async setInForce(db: DbOrTx, key: Pick<LimitRow, 'member_id' | 'kind' | 'period'>, amount: number | null, now: number): Promise<void> {
    if (amount === null) return protectionRepository.deleteLimit(db, key.member_id, key.kind, key.period);
    const row = {
      member_id: key.member_id,
      kind: key.kind,
      period: key.period,
      amount,
      pending_amount: null,
      pending_remove: 0,
      pending_at: null,
      updated_at: now,
    };
    return protectionRepository.putLimit(db, row);
  },
  async deleteLimit(db: DbOrTx, memberId: string, kind: string, period: string): Promise<void> {
    await db
      .deleteFrom('protection_limits')
      .where('member_id', '=', memberId)
      .where('kind', '=', kind as LimitRow['kind'])
      .where('period', '=', period as LimitRow['period'])
      .execute();
  },
  /** The exclusion in force at `now` (the longest, if several). */
  async activeExclusion(db: DbOrTx, memberId: string, now: number): Promise<ExclusionRow | undefined> {
    const rows = await db
      .selectFrom('protection_exclusions')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('starts_at', '<=', now)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .execute();
    return rows.sort((a, b) => (b.ends_at ?? Infinity) - (a.ends_at ?? Infinity))[0];
  },
  async addExclusion(db: DbOrTx, row: ExclusionRow, keys: readonly string[]): Promise<void> {
    await db.insertInto('protection_exclusions').values(row).execute();
    if (keys.length)
      await db
        .insertInto('protection_exclusion_keys')
        .values(keys.map((k) => ({ exclusion_id: row.id, key_hash: k })))
        .execute();
  },
  /** All-brands exclusions in force whose identity keys match one of `keys`, taken by another member. */
  async matchingExclusions(db: DbOrTx, keys: readonly string[], memberId: string, now: number): Promise<ExclusionRow[]> {
    if (!keys.length) return [];
    return db
      .selectFrom('protection_exclusion_keys as k')
      .innerJoin('protection_exclusions as e', 'e.id', 'k.exclusion_id')
      .selectAll('e')
      .where('k.key_hash', 'in', keys)
      .where('e.all_brands', '=', 1)
      .where('e.member_id', '!=', memberId)
      .where((eb) => eb.or([eb('e.ends_at', 'is', null), eb('e.ends_at', '>', now)]))
      .execute();
  },
  /** Another member who used this device and is excluded now (finding 6: flagged for review, not refused). */
  async excludedDeviceUser(db: DbOrTx, uuid: string, memberId: string, now: number): Promise<boolean> {
    const r = await db
      .selectFrom('member_devices as d')
      .innerJoin('protection_exclusions as e', 'e.member_id', 'd.member_id')
      .select('e.id')
      .where('d.uuid', '=', uuid)
      .where('d.member_id', '!=', memberId)
      .where('e.starts_at', '<=', now)
      .where((eb) => eb.or([eb('e.ends_at', 'is', null), eb('e.ends_at', '>', now)]))
      .limit(1)
      .executeTakeFirst();
    return r !== undefined;
  },
  async flagForReview(db: DbOrTx, f: { memberId: string; siteCode: number; reason: string; now: number }): Promise<void> {
    await db
      .insertInto('member_risk_flags')
      .values({
        site_code: f.siteCode,
        member_id: f.memberId,
        kind: 'watch',
        reason: f.reason,
        created_by: 'system',
        created_at: f.now,
        cleared_by: null,
        cleared_at: null,
      })
      .execute();
  },
  async hasCopy(db: DbOrTx, memberId: string, sourceId: string): Promise<boolean> {
    const r = await db
      .selectFrom('protection_exclusions')
      .select('id')
      .where('member_id', '=', memberId)
      .where((eb) => eb.or([eb('id', '=', sourceId), eb('source_id', '=', sourceId)]))
      .executeTakeFirst();
    return r !== undefined;
  },
  /** Members of the deployment (every brand) with this phone or e-mail. */
  async membersByContact(db: DbOrTx, phone: { area: string; phone: string } | null, email: string | null) {
    if (!phone && !email) return [];
    return db
      .selectFrom('members')
      .select(['id', 'site_code'])
      .where((eb) =>
        eb.or([
          ...(phone ? [eb.and([eb('phone', '=', phone.phone), eb('area_code', '=', phone.area)])] : []),
          ...(email ? [eb('email', '=', email)] : []),
        ]),
      )
      .execute();
  },
  /** A change to a member's protection: the version the session check reads moves on (and caches forget the member). */
  bumpVersion(db: DbOrTx, memberId: string): Promise<void> {
    return memberRepository.bumpProtection(db, memberId);
  },
  /** Adds settled stakes and payouts to the member's hour (negative figures take back). */
  async addHourly(db: DbOrTx, memberId: string, atMs: number, stakeFen: number, payoutFen: number): Promise<void> {
    if (stakeFen === 0 && payoutFen === 0) return;
    await addToHour(db, memberId, hourOf(atMs), stakeFen, payoutFen);
  },
  /** The member's settled play per hour from the hour that holds `fromMs` on (a window errs on the long side: never under-counts). */
  async hourly(db: DbOrTx, memberId: string, fromMs: number): Promise<{ hour: number; stake: number; payout: number }[]> {
    const rows = await hourlyRows(db, memberId, hourOf(fromMs));
    return rows.map((r) => ({ hour: Number(r.hour), stake: Number(r.stake), payout: Number(r.payout) }));
  },
  /** Stakes still open (unsettled): they count as staked and as at risk. */
  async openStakes(db: DbOrTx, memberId: string): Promise<number> {
    return Number((await openStakeSum(db, memberId))[0]?.n ?? 0);
  },
  /** Deposits asked for or credited since `fromMs` (an open order counts: it may still be paid). */
  async deposits(db: DbOrTx, memberId: string, fromMs: number, now: number): Promise<{ at: number; amount: number }[]> {
    const rows = await db
      .selectFrom('deposit_orders')
      .select(['created_at', 'amount'])
      .where('member_id', '=', memberId)
      .where('created_at', '>=', fromMs)
      .where((eb) => eb.or([eb('status', '=', 'paid'), eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', now)])]))
      .execute();
    return rows.map((r) => ({ at: Number(r.created_at), amount: Number(r.amount) }));
  },
  /** This session's play (reality checks): stakes and what came back, of casino rounds and sport bets since `fromMs`. */
  async sessionPlay(db: DbOrTx, memberId: string, fromMs: number): Promise<{ stake: number; returned: number }> {
    const [casino, sport] = await Promise.all([
      db
        .selectFrom('casino_rounds')
        .select((eb) => [eb.fn.sum<number>('bet').as('stake'), eb.fn.sum<number>(sql`win + jackpot_win`).as('returned')])
        .where('member_id', '=', memberId)
        .where('created_at', '>=', fromMs)
        .executeTakeFirst(),
      db
        .selectFrom('sport_bets')
        .select((eb) => [eb.fn.sum<number>('stake').as('stake'), eb.fn.sum<number>('payout').as('returned')])
        .where('member_id', '=', memberId)
        .where('created_at', '>=', fromMs)
        .where('status', '!=', 'rejected')
        .executeTakeFirst(),
    ]);
    return {
      stake: Number(casino?.stake ?? 0) + Number(sport?.stake ?? 0),
      returned: Number(casino?.returned ?? 0) + Number(sport?.returned ?? 0),
    };
  },
  async addEvent(db: DbOrTx, e: ProtectionEvent): Promise<void> {
    await db
      .insertInto('protection_events')
      .values({
        member_id: e.memberId,
        site_code: e.siteCode,
        at: e.at,
        action: e.action,
        kind: e.kind ?? '',
        period: e.period ?? '',
        before: e.before ?? '',
        after: e.after ?? '',
        detail: e.detail ?? '',
      })
      .execute();
  },
  async events(db: DbOrTx, memberId: string, actions: readonly string[], page: number, size: number) {
    const base = db.selectFrom('protection_events').where('member_id', '=', memberId).where('action', 'in', actions);
    const [rows, total] = await Promise.all([
      base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
};
