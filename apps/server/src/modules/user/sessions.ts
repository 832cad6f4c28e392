import { LIMITS, StatusCode } from '@portal/contract';
import { fail } from '../../lib/errors.ts';
import type { Db, DbOrTx } from '../../db/connect.ts';
import type { MemberRef } from './caller.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { memberRepository, sessionRepository as repo, type FullSession, type Member } from './repository.ts';

/** last_seen_at is written at most this often per session (keeps member/info a read, not a write). */
const TOUCH_EVERY_MS = 60_000;

/**
 * Opaque 256-bit session tokens; the database keeps only sha256(token). Idle and absolute expiry end a
 * session (→ 6001); logout and password changes revoke it.
 */
export class SessionService {
  constructor(private readonly db: Db) {}

  async create(db: DbOrTx, m: { memberId: string; siteCode: number; uuid: string; ip: string }, now = Date.now()): Promise<string> {
    const token = randomToken(32);
    await repo.insert(db, {
      token_hash: sha256Hex(token),
      member_id: m.memberId,
      site_code: m.siteCode,
      uuid: m.uuid,
      ip: m.ip,
      created_at: now,
      last_seen_at: now,
      expires_at: now + LIMITS.SESSION_ABSOLUTE_S * 1000,
      revoked_at: null,
    });
    return token;
  }

  /**
   * The live session's member, or null. `lean`: read only what this check and lean routes need (a few
   * columns instead of ~30); the member row is then read on first use of `row()`.
   */
  async authenticate(token: string, siteCode: number, now = Date.now(), lean = false): Promise<MemberRef | null> {
    if (token.length < 20 || token.length > 128) return null;
    const tokenHash = sha256Hex(token);
    const found = lean ? await repo.lean(this.db, tokenHash) : await repo.withMember(this.db, tokenHash);
    if (!found) return null;
    const { session: s, member } = found;
    if (s.revoked_at !== null || s.site_code !== siteCode || member.status !== 'active') return null;
    if (s.expires_at <= now || s.last_seen_at + LIMITS.SESSION_IDLE_S * 1000 <= now) return null;
    if (now - s.last_seen_at > TOUCH_EVERY_MS) await repo.touch(this.db, tokenHash, now);
    // Not lean: the whole row came with the session.
    const full = lean ? null : (member as Member);
    let row: Promise<Member> | null = null;
    return {
      id: s.member_id,
      siteCode: s.site_code,
      tokenHash,
      name: member.name,
      protection: Number(member.protection ?? 0),
      sessionStartedAt: Number(s.created_at),
      ...(lean ? {} : { vipGrade: (found as FullSession).vipGrade }),
      row: () =>
        (row ??= full
          ? Promise.resolve(full)
          : memberRepository.byId(this.db, s.member_id).then((m) => m ?? fail(StatusCode.LOGIN_EXPIRED))),
    };
  }

  revoke(tokenHash: string, now = Date.now()): Promise<void> {
    return repo.revoke(this.db, tokenHash, now);
  }
}
