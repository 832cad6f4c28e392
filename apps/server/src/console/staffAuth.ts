/**
 * Staff sign-in and sessions. Password (argon2id over SHA-256 of the password, peppered like
 * members') → challenge → TOTP code or recovery code → session token (random, stored as SHA-256). A code's time
 * step is taken once (a replay within its 30 s is refused); failures in a row lock the account; a session ends
 * when idle, at its absolute end, or when revoked; the IP allow-list is checked at sign-in and on every call.
 */
import { BlockList } from 'node:net';
import * as OTPAuth from 'otpauth';
import { CONSOLE_LIMITS, permissionsOf, type Permission, type Role, type StaffWire } from '@portal/contract/console';
import { StatusCode, type StatusCodeValue } from '@portal/contract';
import { fail } from '../lib/errors.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import { PasswordHasher } from '../modules/user/passwords.ts';
import { addIpRule } from '../modules/compliance/regions.ts';
import { normalizeIp } from '../providers/geoip.ts';
import { type StaffRepository, rolesOf, sitesOf, type StaffRecord } from './staffRepository.ts';

const MIN = 60_000;
const STEP_MS = 30_000;
export const TOTP_ISSUER = 'Portal Console';

/** The signed-in staff member a console call runs as. */
export interface StaffPrincipal {
  id: number;
  username: string;
  displayName: string;
  roles: Role[];
  /** null: every brand. */
  sites: number[] | null;
  permissions: ReadonlySet<Permission>;
  totpEnabled: boolean;
  tokenHash: string;
}

export function staffWireOf(p: StaffPrincipal): StaffWire {
  return {
    id: p.id,
    username: p.username,
    displayName: p.displayName,
    roles: p.roles,
    sites: p.sites,
    permissions: [...p.permissions],
    totpEnabled: p.totpEnabled,
  };
}

function principalOf(r: StaffRecord, tokenHash: string): StaffPrincipal {
  const roles = rolesOf(r);
  return {
    id: Number(r.id),
    username: r.username,
    displayName: r.display_name,
    roles,
    sites: sitesOf(r),
    permissions: permissionsOf(roles),
    totpEnabled: r.totp_enabled === 1,
    tokenHash,
  };
}

export function ipAllowed(allowJson: string, ip: string): boolean {
  const rules = JSON.parse(allowJson) as string[];
  if (rules.length === 0) return true;
  const list = new BlockList();
  for (const rule of rules) addIpRule(list, rule);
  const addr = normalizeIp(ip);
  return list.check(addr, addr.includes(':') ? 'ipv6' : 'ipv4');
}

const totpOf = (username: string, secret: string) =>
  new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** The time step a code belongs to (±1 step of clock drift), or null for a wrong code. */
export function totpStep(username: string, secret: string, code: string, now: number): number | null {
  const delta = totpOf(username, secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / STEP_MS) + delta;
}

/** A staff member's current code (tests, the sandbox's sign-in helper). */
export const totpNow = (username: string, secret: string, now = Date.now()) => totpOf(username, secret).generate({ timestamp: now });

/** A sign-in event for the audit log: sign-ins, failures, lockouts, sign-outs, address changes. */
export interface StaffAuthEvent {
  action: 'auth/login' | 'auth/verify' | 'auth/lockout' | 'auth/logout' | 'auth/session';
  /** The staff username (as typed, for an unknown one). */
  actor: string;
  siteCode: number | null;
  outcome: 'ok' | 'failed';
  detail: Record<string, unknown>;
}

/** How the command line names the staff member behind a money command: STAFF_TOKEN, or STAFF_USERNAME + STAFF_PASSWORD + STAFF_CODE. */
export interface CliCredentials {
  token?: string;
  username?: string;
  password?: string;
  code?: string;
}

/** The brand an audit row about a staff account belongs to: theirs when they have exactly one (else deployment-wide). */
export const staffBrandOf = (sites: number[] | null): number | null => (sites && sites.length === 1 ? sites[0]! : null);
const brandOfRecord = (r: StaffRecord | undefined) => (r ? staffBrandOf(sitesOf(r)) : null);

const hashPassword = (hasher: PasswordHasher, password: string) => hasher.hash(sha256Hex(password));

export class StaffAuth {
  readonly repo: StaffRepository;
  private readonly hasher: PasswordHasher;

  constructor(
    repo: StaffRepository,
    pepper: string,
    private readonly clock: () => number = Date.now,
    private readonly onEvent: (e: StaffAuthEvent) => Promise<void> = async () => undefined,
  ) {
    this.repo = repo;
    this.hasher = new PasswordHasher(pepper);
  }

  hash(password: string): Promise<string> {
    return hashPassword(this.hasher, password);
  }

  private async checkPassword(r: StaffRecord | undefined, password: string): Promise<boolean> {
    if (!r) return this.hasher.verifyDummy(sha256Hex(password));
    return this.hasher.verify(r.password_hash, sha256Hex(password));
  }

  private event(action: StaffAuthEvent['action'], actor: string, r: StaffRecord | undefined, ok: boolean, detail = {}) {
    return this.onEvent({ action, actor: actor.slice(0, 64), siteCode: brandOfRecord(r), outcome: ok ? 'ok' : 'failed', detail });
  }

  /** A failure in a row: counted atomically; the one that reaches the limit locks the account (and is audited). */
  private async failure(r: StaffRecord, now: number): Promise<void> {
    const lockUntil = now + CONSOLE_LIMITS.LOCK_MINUTES * MIN;
    if (await this.repo.addFailure(Number(r.id), CONSOLE_LIMITS.MAX_FAILURES, lockUntil, now))
      await this.event('auth/lockout', r.username, r, true, { lockedUntil: lockUntil });
  }

  /**
   * Step 1. Wrong name or password: 6002 — the same answer for an unknown name and for a locked account given a
   * wrong password (finding 17: a lockout does not reveal that a name exists); a locked account given its right
   * password: 6037; address not allowed: 6033; disabled: 6003. Every outcome is audited (finding 16).
   */
  async login(username: string, password: string, ip: string) {
    const now = this.clock();
    const r = await this.repo.byUsername(username);
    const good = await this.checkPassword(r, password);
    const refuse = async (code: StatusCodeValue, reason: string): Promise<never> => {
      await this.event('auth/login', username, r, false, { ip, reason });
      return fail(code);
    };
    if (!r) return refuse(StatusCode.INVALID_CREDENTIALS, 'unknown');
    if (!good) {
      // A locked account's wrong password is not counted again (it would only move the lock).
      if (Number(r.locked_until) <= now) await this.failure(r, now);
      return refuse(StatusCode.INVALID_CREDENTIALS, Number(r.locked_until) > now ? 'locked' : 'password');
    }
    // Read the lock after the (slow) password check: parallel wrong attempts may have locked the account meanwhile.
    const fresh = (await this.repo.byId(Number(r.id))) ?? r;
    if (Number(fresh.locked_until) > now) return refuse(StatusCode.LOCKED, 'locked');
    if (r.disabled === 1) return refuse(StatusCode.ACCESS_DENIED, 'disabled');
    if (!ipAllowed(r.ip_allow, ip)) return refuse(StatusCode.IP_RESTRICTED, 'address');
    await this.event('auth/login', username, r, true, { ip });
    const challenge = randomToken();
    await this.repo.insertChallenge({
      challenge_hash: sha256Hex(challenge),
      staff_id: Number(r.id),
      ip,
      expires_at: now + CONSOLE_LIMITS.CHALLENGE_MINUTES * MIN,
    });
    let enrol: { secret: string; otpauthUrl: string } | null = null;
    if (r.totp_enabled !== 1) {
      // Enrolment: a new secret each time until a first good code turns it on.
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      await this.repo.update(Number(r.id), { totp_secret: secret, updated_at: now });
      enrol = { secret, otpauthUrl: totpOf(r.username, secret).toString() };
    }
    return { challenge, enrol };
  }

  /** Step 2: a code once (6036 wrong or replayed), a challenge once (6038 unknown, used or expired). */
  async verify(input: { challenge: string; code?: string; recoveryCode?: string }, ip: string, userAgent: string) {
    const now = this.clock();
    const hash = sha256Hex(input.challenge);
    const ch = await this.repo.takeChallenge(hash, now);
    if (!ch || ch.ip !== ip) fail(StatusCode.CODE_EXPIRED);
    const r = await this.repo.byId(ch.staffId);
    if (!r || r.disabled === 1) fail(StatusCode.ACCESS_DENIED);
    if (Number(r.locked_until) > now) fail(StatusCode.LOCKED);
    const enrolling = r.totp_enabled !== 1;
    let ok = false;
    if (input.code && r.totp_secret) {
      const step = totpStep(r.username, r.totp_secret, input.code, now);
      ok = step !== null && (await this.repo.takeStep(Number(r.id), step));
    } else if (input.recoveryCode && !enrolling) {
      ok = await this.repo.spendRecoveryCode(Number(r.id), sha256Hex(input.recoveryCode.replace(/-/g, '').toLowerCase()), now);
    }
    if (!ok) {
      await this.failure(r, now);
      await this.event('auth/verify', r.username, r, false, { ip, reason: 'code' });
      return fail(StatusCode.CODE_ERROR);
    }
    if (!(await this.repo.spendChallenge(hash))) fail(StatusCode.CODE_EXPIRED);
    let recoveryCodes: string[] | null = null;
    if (enrolling) {
      recoveryCodes = Array.from({ length: CONSOLE_LIMITS.RECOVERY_CODES }, () => {
        const c = randomToken(8)
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 10)
          .toLowerCase()
          .padEnd(10, '0');
        return `${c.slice(0, 5)}-${c.slice(5)}`;
      });
      await this.repo.replaceRecoveryCodes(
        Number(r.id),
        recoveryCodes.map((c) => sha256Hex(c.replace(/-/g, ''))),
      );
    }
    await this.repo.update(Number(r.id), { totp_enabled: 1, failures: 0, last_login_at: now, updated_at: now });
    const token = randomToken();
    await this.repo.insertSession({
      token_hash: sha256Hex(token),
      staff_id: Number(r.id),
      ip,
      user_agent: userAgent.slice(0, 200),
      now,
      expires_at: now + CONSOLE_LIMITS.SESSION_HOURS * 60 * MIN,
    });
    await this.event('auth/verify', r.username, r, true, { ip, enrolled: enrolling });
    const fresh = (await this.repo.byId(Number(r.id)))!;
    return { token, staff: staffWireOf(principalOf(fresh, sha256Hex(token))), recoveryCodes };
  }

  /**
   * The staff member behind a bearer token, or 6001 (no, revoked, idle or expired session). A session is bound to
   * the address it signed in from (finding 12): a call from another address ends it (audited) — the staff member
   * signs in again, with the second factor, from the new address.
   */
  async authenticate(token: string | null, ip: string): Promise<StaffPrincipal> {
    if (!token) fail(StatusCode.LOGIN_EXPIRED);
    const now = this.clock();
    const hash = sha256Hex(token);
    const s = await this.repo.session(hash);
    if (!s || s.revoked === 1 || Number(s.expires_at) < now || Number(s.last_seen_at) + CONSOLE_LIMITS.IDLE_MINUTES * MIN < now) {
      fail(StatusCode.LOGIN_EXPIRED);
    }
    const r = await this.repo.byId(Number(s.staff_id));
    if (!r || r.disabled === 1 || r.totp_enabled !== 1) return fail(StatusCode.LOGIN_EXPIRED);
    if (!ipAllowed(r.ip_allow, ip)) return fail(StatusCode.IP_RESTRICTED);
    if (normalizeIp(s.ip) !== normalizeIp(ip)) {
      await this.repo.revokeSession(hash);
      await this.event('auth/session', r.username, r, false, { reason: 'address', from: s.ip, to: ip });
      return fail(StatusCode.LOGIN_EXPIRED);
    }
    // Touch at most once a minute: a busy console does not write on every call.
    if (now - Number(s.last_seen_at) > MIN) await this.repo.touchSession(hash, now);
    return principalOf(r, hash);
  }

  async logout(p: StaffPrincipal): Promise<void> {
    await this.repo.revokeSession(p.tokenHash);
    await this.onEvent({ action: 'auth/logout', actor: p.username, siteCode: staffBrandOf(p.sites), outcome: 'ok', detail: {} });
  }

  /** A one-time command-line token of this staff member (finding 5; console auth/cliToken). */
  async cliToken(p: StaffPrincipal): Promise<{ token: string; expiresAt: number }> {
    const now = this.clock();
    const token = randomToken();
    const expiresAt = now + CONSOLE_LIMITS.CLI_TOKEN_MINUTES * MIN;
    await this.repo.insertCliToken({ token_hash: sha256Hex(token), staff_id: p.id, created_at: now, expires_at: expiresAt, used_at: null });
    return { token, expiresAt };
  }

  /**
   * The staff member a command-line money command acts as (finding 5): a one-time token (spent here), or the
   * username, password and a current TOTP code — failures counted and locking like a sign-in. Null when refused.
   */
  async cliIdentity(c: CliCredentials): Promise<StaffPrincipal | null> {
    const now = this.clock();
    let r: StaffRecord | undefined;
    if (c.token) {
      const staffId = await this.repo.spendCliToken(sha256Hex(c.token), now);
      r = staffId === null ? undefined : await this.repo.byId(staffId);
    } else if (c.username && c.password && c.code) {
      const found = await this.repo.byUsername(c.username);
      const good = await this.checkPassword(found, c.password);
      if (!found || Number(found.locked_until) > now) return null;
      const step = found.totp_secret && found.totp_enabled === 1 ? totpStep(found.username, found.totp_secret, c.code, now) : null;
      if (!good || step === null || !(await this.repo.takeStep(Number(found.id), step))) {
        await this.failure(found, now);
        return null;
      }
      r = found;
    }
    if (!r || r.disabled === 1) return null;
    return principalOf(r, '');
  }

  async changePassword(p: StaffPrincipal, oldPassword: string, newPassword: string, code: string): Promise<void> {
    const r = await this.repo.byId(p.id);
    if (!r || !(await this.checkPassword(r, oldPassword))) fail(StatusCode.INVALID_CREDENTIALS);
    const step = r.totp_secret ? totpStep(r.username, r.totp_secret, code, this.clock()) : null;
    if (step === null || !(await this.repo.takeStep(p.id, step))) fail(StatusCode.CODE_ERROR);
    await this.repo.update(p.id, { password_hash: await this.hash(newPassword), updated_at: this.clock() });
  }
}
