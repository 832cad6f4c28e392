import { LIMITS } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/connect.ts';
import type { MemberRef } from '../../http/context.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { sessionRepository as repo } from './repository.ts';

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
      token_hash: sha256Hex(token), member_id: m.memberId, site_code: m.siteCode, uuid: m.uuid, ip: m.ip,
      created_at: now, last_seen_at: now, expires_at: now + LIMITS.SESSION_ABSOLUTE_S * 1000, revoked_at: null,
    });
    return token;
  }

  async authenticate(token: string, siteCode: number, now = Date.now()): Promise<MemberRef | null> {
    if (token.length < 20 || token.length > 128) return null;
    const tokenHash = sha256Hex(token);
    const found = await repo.withMember(this.db, tokenHash);
    if (!found) return null;
    const { session: s, member } = found;
    if (s.revoked_at !== null || s.site_code !== siteCode || member.status !== 'active') return null;
    if (s.expires_at <= now || s.last_seen_at + LIMITS.SESSION_IDLE_S * 1000 <= now) return null;
    if (now - s.last_seen_at > TOUCH_EVERY_MS) await repo.touch(this.db, tokenHash, now);
    return { id: s.member_id, siteCode: s.site_code, tokenHash, row: member };
  }

  revoke(tokenHash: string, now = Date.now()): Promise<void> {
    return repo.revoke(this.db, tokenHash, now);
  }
}
