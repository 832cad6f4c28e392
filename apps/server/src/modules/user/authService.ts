import { LIMITS, StatusCode, type userApi } from '@portal/contract';
import {
  BUSINESS_UTC_OFFSET_MIN,
  maskPhone,
  normalizeUsername,
  validateBirthday,
  validateRealName,
  validateRegisterUsername,
} from '@portal/rules';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import type { Caller } from './caller.ts';
import { fail, invalid } from '../../lib/errors.ts';
import { hit, type Limiters } from '../../lib/rateLimit.ts';
import { ipPrefix, randomId } from '../../lib/crypto.ts';
import type { CaptchaService } from '../captcha/service.ts';
import type { RegionGuard } from '../compliance/regions.ts';
import { KAPTCHCATE } from '../captcha/service.ts';
import { challengeRepository } from './codesRepository.ts';
import type { CodeService } from './codes.ts';
import { LoginGuard } from './loginGuard.ts';
import { phoneKey } from './recoveryService.ts';
import { isRiskyLogin } from './riskyLogin.ts';
import { isCommonPasswordMd5, type PasswordHasher } from './passwords.ts';
import { deviceRepository, loginHistoryRepository, memberRepository, type Member } from './repository.ts';
import type { SessionService } from './sessions.ts';

type LoginInput = z.output<typeof userApi.login.request>;
type RegisterInput = z.output<typeof userApi.register.request>;

const CHALLENGE_TTL_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 3600 * 1000;

export interface AuthDeps {
  db: Db;
  hasher: PasswordHasher;
  sessions: SessionService;
  codes: CodeService;
  captcha: CaptchaService;
  limiters: Limiters;
  /** Player protection at login (modules/compliance): an all-brands exclusion taken on another brand applies here too. */
  protection?: {
    onLogin(member: Member, now: number): Promise<void>;
    /** Registration (finding 6): true when the person is excluded on every brand (by name + date of birth). */
    excludedAtDoor(realName: string, birthday: string, now: number): Promise<boolean>;
    /** Registration: a device shared with an excluded member is flagged for review. */
    flagExcludedDevice(memberId: string, siteCode: number, uuid: string, now: number): Promise<void>;
  };
  /** Blocked addresses and regions (6033, 6031) and the warned-region notice (6032) at register and login. */
  regions?: RegionGuard;
}

/** Register, login (with captcha, brute-force guard and new-device verification) and logout. */
export class AuthService {
  private readonly guard: LoginGuard;

  constructor(private readonly d: AuthDeps) {
    this.guard = new LoginGuard(d.limiters);
  }

  async register(input: RegisterInput, ctx: Caller, now = Date.now()) {
    this.d.regions?.enforce(ctx, { warn: true });
    if (!ctx.site.registerOpen || !ctx.site.flags.register) fail(StatusCode.SUSPENDED_WITH_POPUP);
    const name = normalizeUsername(input.name);
    const nameError = validateRegisterUsername(name);
    if (nameError) invalid(nameError);
    if (input.password.toLowerCase() !== input.secondPassword.toLowerCase())
      fail(StatusCode.INVALID_PARAMETER, { key: 'PASSWORD_MISMATCH' });
    if (isCommonPasswordMd5(input.password)) fail(StatusCode.INVALID_PARAMETER, { key: 'COMMON_PASSWORD' });
    const wait = await hit(this.d.limiters.registerPerIp, ctx.ip);
    if (wait) fail(StatusCode.FREQUENT_SUBMISSION, { data: { retryAfter: wait }, httpStatus: 429 });
    await this.d.captcha.verify(ctx.site.siteCode, 1, input);
    if (await memberRepository.byName(this.d.db, ctx.site.siteCode, name)) fail(StatusCode.DATA_EXISTS, { key: 'USERNAME_TAKEN' });
    const identity = await this.identityAtDoor(input, ctx, now);
    const id = randomId();
    const passwordHash = await this.d.hasher.hash(input.password);
    const member: Member = {
      id,
      site_code: ctx.site.siteCode,
      name,
      name_lower: name.toLowerCase(),
      password_hash: passwordHash,
      second_password_hash: null,
      phone: null,
      area_code: null,
      email: null,
      real_name: identity?.realName ?? null,
      gender: null,
      birthday: identity?.birthday ?? null,
      profile_confirmed: identity ? 1 : 0,
      status: 'active',
      rcode: input.rCode || null,
      icode: input.iCode || null,
      register_ip: ctx.ip,
      register_domain: input.domain ?? null,
      created_at: now,
      last_login_at: null,
      password_changed_at: now,
    };
    try {
      await this.d.db.transaction().execute(async (tx) => {
        await memberRepository.insert(tx, member);
        if (ctx.uuid) await deviceRepository.remember(tx, id, ctx.uuid, ipPrefix(ctx.ip), now);
      });
    } catch (e) {
      // Two registrations of one name racing: the unique index decides, the loser hears "taken".
      if (await memberRepository.byName(this.d.db, ctx.site.siteCode, name)) fail(StatusCode.DATA_EXISTS, { key: 'USERNAME_TAKEN' });
      throw e;
    }
    if (ctx.uuid) await this.d.protection?.flagExcludedDevice(id, ctx.site.siteCode, ctx.uuid, now);
    const ticket = await this.d.codes.ticket(ctx.site.siteCode, id, now);
    return { userId: id, name, ...ticket };
  }

  /**
   * Identity at the door: a brand with identityAt 'register' asks the real name and the date of
   * birth — under 18 is refused here, and so is a person excluded on every brand (matched by name + date of birth).
   */
  private async identityAtDoor(input: RegisterInput, ctx: Caller, now: number) {
    if (ctx.site.flags.identityAt !== 'register' && !input.realName && !input.birthday) return null;
    const realName = input.realName?.trim() ?? '';
    const birthday = input.birthday?.trim() ?? '';
    if (!realName || !birthday) fail(StatusCode.INVALID_PARAMETER, { key: 'REGISTER_IDENTITY_REQUIRED' });
    const problem = validateRealName(realName) ?? validateBirthday(birthday, new Date(now + BUSINESS_UTC_OFFSET_MIN * 60_000));
    if (problem) invalid(problem);
    if (await this.d.protection?.excludedAtDoor(realName, birthday, now)) fail(StatusCode.SELF_EXCLUDED, { key: 'REGISTER_EXCLUDED' });
    return { realName, birthday };
  }

  async login(input: LoginInput, ctx: Caller, now = Date.now()) {
    this.d.regions?.enforce(ctx, { warn: true });
    if (!ctx.site.registerOpen) fail(StatusCode.SUSPENDED_WITH_POPUP);
    const name = input.name.trim();
    if (!name) fail(StatusCode.INVALID_PARAMETER, { key: 'USERNAME_REQUIRED' });
    const siteCode = ctx.site.siteCode;
    await this.guard.before(siteCode, name, ctx.ip);
    const verified = input.kaptchcate === KAPTCHCATE.VERIFIED;
    if (!verified && (ctx.site.loginCaptcha === 'always' || (await this.guard.captchaForced(siteCode, name)))) {
      await this.d.captcha.verify(siteCode, 4, input);
    }
    const member = await memberRepository.byName(this.d.db, siteCode, name);
    // kaptchcate 99 stands in for the captcha only with a valid ticket or device code, checked before the
    // password so it cannot be used to test passwords without a captcha.
    if (verified) await this.passVerification(member, input, ctx, now);
    const ok = member ? await this.d.hasher.verify(member.password_hash, input.password) : await this.d.hasher.verifyDummy(input.password);
    if (!member || !ok) {
      if (member) await this.history(member, ctx, 'wrong_password', now);
      const { locked } = await this.guard.failed(siteCode, name, ctx.ip);
      return locked ? fail(StatusCode.LOCKED, { data: { retryAfter: locked } }) : fail(StatusCode.INVALID_CREDENTIALS);
    }
    if (member.status !== 'active') fail(StatusCode.CONTACT_CUSTOMER_SERVICE, { key: 'ACCOUNT_DISABLED' });
    if (!verified) await this.deviceCheck(member, ctx, now);
    await this.guard.succeeded(siteCode, name, ctx.ip);
    // An excluded member may log in (to withdraw): the eligibility check refuses everything else.
    await this.d.protection?.onLogin(member, now);
    const token = await this.d.db.transaction().execute(async (tx) => {
      await deviceRepository.remember(tx, member.id, ctx.uuid, ipPrefix(ctx.ip), now);
      await memberRepository.update(tx, member.id, { last_login_at: now });
      await loginHistoryRepository.add(tx, {
        member_id: member.id,
        site_code: siteCode,
        at: now,
        ip: ctx.ip,
        uuid: ctx.uuid,
        client: ctx.client,
        result: 'success',
      });
      return this.d.sessions.create(tx, { memberId: member.id, siteCode, uuid: ctx.uuid, ip: ctx.ip }, now);
    });
    return { token, userId: member.id };
  }

  /** kaptchcate 99: either the auto-login ticket from register, or the 6-digit device code. */
  private async passVerification(member: Member | undefined, input: LoginInput, ctx: Caller, now: number) {
    if (input.sendCodeNum) {
      const ch = member ? await challengeRepository.open(this.d.db, member.id, ctx.uuid, now) : undefined;
      if (!member || !ch || !member.phone) fail(StatusCode.CODE_ERROR, { key: 'CODE_FIRST' });
      await this.d.codes.check(
        ctx.site.siteCode,
        'device',
        phoneKey(member.area_code ?? LIMITS.DEFAULT_AREA_CODE, member.phone),
        input.sendCodeNum,
        true,
        now,
      );
      await challengeRepository.update(this.d.db, ch.id, { passed_at: now });
      return;
    }
    if (!input.codeId || !input.code) fail(StatusCode.GRAPHIC_VERIFICATION_CODE);
    // An unknown name gets the same answer as a wrong ticket (redeemTicket: member mismatch → 6036).
    await this.d.codes.redeemTicket(ctx.site.siteCode, member?.id ?? '', input.codeId, input.code, now);
  }

  /**
   * New-device verification (6025–6029) for members with a bound phone (the code goes there):
   * long absence → 6028; unknown device and network → 6027; unknown device → 6026; unknown network on
   * a site with the IP check → 6025; many recent failures from other networks → 6029 (riskyLogin.ts).
   */
  private async deviceCheck(member: Member, ctx: Caller, now: number): Promise<void> {
    if (!member.phone) return;
    const knownDevice = await deviceRepository.knowsDevice(this.d.db, member.id, ctx.uuid);
    const knownNet = await deviceRepository.knowsNetwork(this.d.db, member.id, ipPrefix(ctx.ip));
    const absent = member.last_login_at !== null && now - member.last_login_at > LIMITS.LONG_ABSENCE_DAYS * DAY_MS;
    let reason: number | null = null;
    if (absent) reason = StatusCode.LONG_TIME_NOT_LOGGED_IN;
    else if (!knownDevice && !knownNet) reason = StatusCode.DEVICE_IP_NOT_PASSED;
    else if (!knownDevice) reason = StatusCode.DEVICE_NOT_PASSED;
    else if (!knownNet && ctx.site.ipCheck) reason = StatusCode.IP_NOT_PASSED;
    else if (await isRiskyLogin(this.d.db, member.id, ctx.ip, now)) reason = StatusCode.RISKY_LOGIN;
    if (reason === null) return;
    if (!(await challengeRepository.open(this.d.db, member.id, ctx.uuid, now))) {
      await challengeRepository.insert(this.d.db, {
        id: randomId(),
        member_id: member.id,
        uuid: ctx.uuid,
        ip: ctx.ip,
        reason,
        created_at: now,
        expires_at: now + CHALLENGE_TTL_MS,
        middle_tries: 0,
        middle_passed_at: null,
        passed_at: null,
      });
    }
    await this.history(member, ctx, `challenge_${reason}`, now);
    fail(reason as typeof StatusCode.DEVICE_NOT_PASSED, { data: { phoneNumber: maskPhone(member.phone) } });
  }

  private history(member: Member, ctx: Caller, result: string, now: number) {
    return loginHistoryRepository.add(this.d.db, {
      member_id: member.id,
      site_code: member.site_code,
      at: now,
      ip: ctx.ip,
      uuid: ctx.uuid,
      client: ctx.client,
      result,
    });
  }

  async logout(ctx: Caller): Promise<null> {
    if (ctx.member) await this.d.sessions.revoke(ctx.member.tokenHash);
    return null;
  }
}
