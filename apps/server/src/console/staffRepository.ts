import type { Selectable } from 'kysely';
import { ROLES, type Role, type StaffRow } from '@portal/contract/console';
import type { Db } from '../db/connect.ts';
import { likeContains } from '../lib/sqlLike.ts';
import type { StaffTable } from '../db/schema/accounts.ts';

export type StaffRecord = Selectable<StaffTable>;

/** A staff row as the console shows it (never the password hash or the TOTP secret). */
export function staffRowOf(r: StaffRecord): StaffRow {
  return {
    id: Number(r.id),
    username: r.username,
    displayName: r.display_name,
    roles: rolesOf(r),
    sites: sitesOf(r),
    ipAllowList: JSON.parse(r.ip_allow) as string[],
    disabled: r.disabled === 1,
    totpEnabled: r.totp_enabled === 1,
    lastLoginAt: r.last_login_at === null ? null : Number(r.last_login_at),
    createdAt: Number(r.created_at),
  };
}

export const rolesOf = (r: Pick<StaffRecord, 'roles'>): Role[] =>
  (JSON.parse(r.roles) as string[]).filter((x): x is Role => (ROLES as readonly string[]).includes(x));
export const sitesOf = (r: Pick<StaffRecord, 'sites'>): number[] | null => (r.sites === null ? null : (JSON.parse(r.sites) as number[]));

/** Staff accounts, their sessions, sign-in challenges and recovery codes (migration 0036). */
export class StaffRepository {
  constructor(private readonly db: Db) {}

  byUsername(username: string) {
    return this.db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirst();
  }

  byId(id: number) {
    return this.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(v: Omit<StaffRecord, 'id'>): Promise<number> {
    const r = await this.db.insertInto('staff').values(v).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  async update(id: number, v: Partial<Omit<StaffRecord, 'id'>>): Promise<void> {
    await this.db.updateTable('staff').set(v).where('id', '=', id).execute();
  }

  async list(keyword: string | undefined, limit: number, offset: number) {
    let q = this.db.selectFrom('staff');
    // Wildcards typed into the search match themselves (finding 17).
    if (keyword) q = q.where((eb) => eb.or([likeContains('username', keyword), likeContains('display_name', keyword)]));
    const [rows, n] = await Promise.all([
      q.selectAll().orderBy('id').limit(limit).offset(offset).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(n?.n ?? 0) };
  }

  /**
   * Counts a failure in one statement (a read-then-write lost updates under parallel
   * attempts); the failure that reaches `max` locks the account until `lockUntil` and starts the count again.
   * Answers whether this failure locked the account.
   */
  async addFailure(id: number, max: number, lockUntil: number, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('staff')
      .set((eb) => ({
        failures: eb
          .case()
          .when('failures', '>=', max - 1)
          .then(0)
          .else(eb('failures', '+', 1))
          .end(),
        locked_until: eb
          .case()
          .when('failures', '>=', max - 1)
          .then(lockUntil)
          .else(eb.ref('locked_until'))
          .end(),
      }))
      .where('id', '=', id)
      .where('locked_until', '<=', now)
      .returning(['failures', 'locked_until'])
      .executeTakeFirst();
    return !!r && Number(r.locked_until) === lockUntil && r.failures === 0;
  }

  /** Takes a TOTP time step once: false when this step (or a later one) was already used — a replayed code. */
  async takeStep(id: number, step: number): Promise<boolean> {
    const r = await this.db
      .updateTable('staff')
      .set({ totp_last_step: step, failures: 0 })
      .where('id', '=', id)
      .where('totp_last_step', '<', step)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  insertChallenge(v: { challenge_hash: string; staff_id: number; ip: string; expires_at: number }) {
    return this.db
      .insertInto('staff_challenges')
      .values({ ...v, used: 0 })
      .execute();
  }

  /** Uses a challenge once: the staff id, or null for an unknown, used or expired one. */
  async takeChallenge(hash: string, now: number): Promise<{ staffId: number; ip: string } | null> {
    const row = await this.db.selectFrom('staff_challenges').selectAll().where('challenge_hash', '=', hash).executeTakeFirst();
    if (!row || row.used === 1 || Number(row.expires_at) < now) return null;
    return { staffId: Number(row.staff_id), ip: row.ip };
  }

  async spendChallenge(hash: string): Promise<boolean> {
    const r = await this.db
      .updateTable('staff_challenges')
      .set({ used: 1 })
      .where('challenge_hash', '=', hash)
      .where('used', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async replaceRecoveryCodes(staffId: number, hashes: string[]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
      if (hashes.length)
        await tx
          .insertInto('staff_recovery_codes')
          .values(hashes.map((code_hash) => ({ code_hash, staff_id: staffId, used_at: null })))
          .execute();
    });
  }

  /** Spends a recovery code once. */
  async spendRecoveryCode(staffId: number, hash: string, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('staff_recovery_codes')
      .set({ used_at: now })
      .where('code_hash', '=', hash)
      .where('staff_id', '=', staffId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  insertSession(v: { token_hash: string; staff_id: number; ip: string; user_agent: string; now: number; expires_at: number }) {
    return this.db
      .insertInto('staff_sessions')
      .values({
        token_hash: v.token_hash,
        staff_id: v.staff_id,
        ip: v.ip,
        user_agent: v.user_agent,
        created_at: v.now,
        last_seen_at: v.now,
        expires_at: v.expires_at,
        revoked: 0,
      })
      .execute();
  }

  session(hash: string) {
    return this.db.selectFrom('staff_sessions').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  }

  async touchSession(hash: string, now: number): Promise<void> {
    await this.db.updateTable('staff_sessions').set({ last_seen_at: now }).where('token_hash', '=', hash).execute();
  }

  async revokeSession(hash: string): Promise<void> {
    await this.db.updateTable('staff_sessions').set({ revoked: 1 }).where('token_hash', '=', hash).execute();
  }

  async insertCliToken(v: { token_hash: string; staff_id: number; created_at: number; expires_at: number; used_at: null }): Promise<void> {
    await this.db.insertInto('staff_cli_tokens').values(v).execute();
  }

  /** Spends a command-line token once (one conditional update): its staff id, or null (unknown, used or expired). */
  async spendCliToken(hash: string, now: number): Promise<number | null> {
    const r = await this.db
      .updateTable('staff_cli_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('staff_id')
      .executeTakeFirst();
    return r ? Number(r.staff_id) : null;
  }

  async revokeAll(staffId: number): Promise<void> {
    await this.db.updateTable('staff_sessions').set({ revoked: 1 }).where('staff_id', '=', staffId).execute();
  }
}
