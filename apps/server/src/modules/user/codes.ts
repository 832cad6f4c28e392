import { LIMITS, StatusCode, text as textOf, type Locale } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import { fail } from '../../lib/errors.ts';
import { hmacHex, randomDigits, randomId, randomToken, safeEqualHex } from '../../lib/crypto.ts';
import { ProviderError, type Channel, type MessageSender } from '../../providers/messaging.ts';
import { codeRepository as repo } from './codesRepository.ts';

export type CodePurpose =
  | 'device'
  | 'reset_phone'
  | 'reset_email'
  | 'bind_phone'
  | 'bind_email'
  | 'second_pwd'
  | 'login_pwd'
  | 'autologin'
  | 'change_phone'
  | 'change_email';

export interface IssueResult {
  resendIn: number;
  expiresIn: number;
}

/** cate of sendCode: '0' SMS, '1' e-mail, '2' voice (spec §7). */
export const CATE_CHANNEL: Record<string, Channel> = { '0': 'sms', '1': 'email', '2': 'voice' };

const DAY_MS = 24 * 3600 * 1000;

/**
 * Six-digit verification codes: 60 s between sends to one destination (6066), a daily cap (6034),
 * expiry (6038), wrong code (6036) and a cap on guesses that burns the code (6034). Stored as HMAC only.
 */
export class CodeService {
  constructor(
    private readonly db: Db,
    private readonly pepper: string,
    private readonly sender: MessageSender,
  ) {}

  private hash(id: string, code: string): string {
    return hmacHex(this.pepper, `${id}|${code}`);
  }

  async issue(
    a: {
      siteCode: number;
      siteTitle: string;
      locale: Locale;
      purpose: CodePurpose;
      destination: string;
      channel: Channel;
      memberId: string | null;
    },
    now = Date.now(),
  ): Promise<IssueResult> {
    const last = await repo.latestTo(this.db, a.siteCode, a.destination);
    if (last && now - last.created_at < LIMITS.RESEND_WAIT_S * 1000) {
      fail(StatusCode.SIXTY_SECOND_LIMIT, { data: { resendIn: Math.ceil((last.created_at + LIMITS.RESEND_WAIT_S * 1000 - now) / 1000) } });
    }
    if ((await repo.sentSince(this.db, a.siteCode, a.destination, now - DAY_MS)) >= LIMITS.CODES_PER_DAY) {
      fail(StatusCode.MAX_PHONE_ATTEMPTS);
    }
    const id = randomId();
    const code = randomDigits(LIMITS.VERIFICATION_CODE_LENGTH);
    await repo.insert(this.db, {
      id,
      site_code: a.siteCode,
      purpose: a.purpose,
      member_id: a.memberId,
      destination: a.destination,
      channel: a.channel,
      code_hash: this.hash(id, code),
      created_at: now,
      expires_at: now + LIMITS.CODE_TTL_S * 1000,
      tries: 0,
      verified_at: null,
      consumed_at: null,
    });
    const minutes = LIMITS.CODE_TTL_S / 60;
    const text = textOf('CODE_MESSAGE', a.locale, { site: a.siteTitle, code, minutes: String(minutes) });
    try {
      await this.sender.send({ siteCode: a.siteCode, channel: a.channel, to: a.destination, text, codeId: id, code });
    } catch (e) {
      // Not delivered: forget it so the member may retry at once, and say the gateway failed.
      await repo.remove(this.db, id);
      if (e instanceof ProviderError) fail(StatusCode.BAD_GATEWAY);
      throw e;
    }
    return { resendIn: LIMITS.RESEND_WAIT_S, expiresIn: LIMITS.CODE_TTL_S };
  }

  /** A single-use ticket (auto-login after register): id and secret handed to the client. */
  async ticket(siteCode: number, memberId: string, now = Date.now()): Promise<{ codeId: string; code: string }> {
    const id = randomId();
    // 56 random bits in 10 characters: fits the captcha code field (max 10); single use, 5 minutes.
    const code = randomToken(7);
    await repo.insert(this.db, {
      id,
      site_code: siteCode,
      purpose: 'autologin',
      member_id: memberId,
      destination: memberId,
      channel: 'ticket',
      code_hash: this.hash(id, code),
      created_at: now,
      expires_at: now + 5 * 60 * 1000,
      tries: 0,
      verified_at: null,
      consumed_at: null,
    });
    return { codeId: id, code };
  }

  async redeemTicket(siteCode: number, memberId: string, codeId: string, code: string, now = Date.now()): Promise<void> {
    const row = await repo.byId(this.db, codeId);
    if (!row || row.purpose !== 'autologin' || row.site_code !== siteCode || row.member_id !== memberId) fail(StatusCode.CODE_ERROR);
    if (row.expires_at < now) fail(StatusCode.CODE_EXPIRED);
    if (!safeEqualHex(this.hash(row.id, code), row.code_hash)) fail(StatusCode.CODE_ERROR);
    if (!(await repo.consume(this.db, row.id, now))) fail(StatusCode.CODE_ERROR);
  }

  /**
   * Check the latest code of a purpose sent to a destination. `consume` uses it up (a one-step action);
   * otherwise it is marked verified for a later `consumeVerified` (the forgot-password step three).
   */
  async check(
    siteCode: number,
    purpose: CodePurpose,
    destination: string,
    code: string,
    consume: boolean,
    now = Date.now(),
  ): Promise<void> {
    const row = await repo.latestFor(this.db, siteCode, purpose, destination);
    if (!row || row.consumed_at !== null) fail(StatusCode.CODE_ERROR, { key: 'CODE_FIRST' });
    if (row.tries >= LIMITS.CODE_MAX_TRIES) fail(StatusCode.MAX_PHONE_ATTEMPTS);
    if (row.expires_at < now) fail(StatusCode.CODE_EXPIRED);
    if (!/^\d{6}$/.test(code) || !safeEqualHex(this.hash(row.id, code), row.code_hash)) {
      await repo.addTry(this.db, row.id);
      fail(row.tries + 1 >= LIMITS.CODE_MAX_TRIES ? StatusCode.MAX_PHONE_ATTEMPTS : StatusCode.CODE_ERROR);
    }
    if (consume) {
      if (!(await repo.consume(this.db, row.id, now))) fail(StatusCode.CODE_ERROR);
    } else {
      await repo.markVerified(this.db, row.id, now);
    }
  }

  /** Whether the latest code of a purpose to a destination was verified and is still fresh and unused. */
  async verifiedFresh(siteCode: number, purpose: CodePurpose, destination: string, now = Date.now()): Promise<boolean> {
    const row = await repo.latestFor(this.db, siteCode, purpose, destination);
    return !!row && row.verified_at !== null && row.consumed_at === null && row.expires_at >= now;
  }

  /** Use up a code that `check(..., consume=false)` verified, while it is still fresh. */
  async consumeVerified(siteCode: number, purpose: CodePurpose, destination: string, now = Date.now()): Promise<void> {
    const row = await repo.latestFor(this.db, siteCode, purpose, destination);
    if (!row || row.verified_at === null || row.consumed_at !== null) fail(StatusCode.CODE_ERROR, { key: 'CODE_FIRST' });
    if (row.expires_at < now) fail(StatusCode.CODE_EXPIRED);
    if (!(await repo.consume(this.db, row.id, now))) fail(StatusCode.CODE_ERROR, { key: 'CODE_FIRST' });
  }
}
