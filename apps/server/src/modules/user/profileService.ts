import { LIMITS, StatusCode, type userApi } from '@portal/contract';
import { maskEmail, maskPhone, maskRealName, validateBirthday, validateEmail, validateRealName } from '@portal/rules';
import { SignJWT } from 'jose';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import type { MemberCaller } from './caller.ts';
import { fail, invalid } from '../../lib/errors.ts';
import { exhausted, hit, type Limiters } from '../../lib/rateLimit.ts';
import { CATE_CHANNEL, type CodeService } from './codes.ts';
import { isCommonPasswordMd5, type PasswordHasher } from './passwords.ts';
import { checkNewPassword, normalizePhone, phoneKey, type RecoveryService } from './recoveryService.ts';
import { loginHistoryRepository, memberRepository, type Member } from './repository.ts';
import { memberVipRepository } from '../vip/repository.ts';

type SendTwo = z.output<typeof userApi.sendCodeTwo.request>;

export interface ProfileDeps {
  limiters: Limiters;
  db: Db;
  hasher: PasswordHasher;
  codes: CodeService;
  recovery: RecoveryService;
  jwtSecret: string;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

type MemberInfo = z.input<typeof userApi.memberInfo.response>;

/** member/info's answers per member row object (see ProfileService.info); a row read afresh is a new key. */
const infoAnswers = new WeakMap<Member, { grade: number; hide: boolean; plain: MemberInfo; pop: MemberInfo }>();

function infoOf(m: Member, vipGrade: number, hide: boolean): MemberInfo {
  return {
    userId: m.id,
    name: m.name,
    siteCode: m.site_code,
    phone: m.phone ? (hide ? maskPhone(m.phone) : m.phone) : null,
    areaCode: m.area_code,
    email: m.email ? (hide ? maskEmail(m.email) : m.email) : null,
    realName: m.real_name ? (hide ? maskRealName(m.real_name) : m.real_name) : null,
    bindPhone: !!m.phone,
    bindEmail: !!m.email,
    bindRealName: !!m.real_name,
    hasSecondPassword: !!m.second_password_hash,
    gender: m.gender === 'male' || m.gender === 'female' ? m.gender : null,
    birthday: m.birthday,
    registerDate: iso(m.created_at)!,
    lastLoginAt: iso(m.last_login_at),
    vipGrade,
    securityLevel: [m.phone, m.email, m.real_name, m.second_password_hash].filter(Boolean).length * 25,
    avatar: m.avatar ?? null,
    isPop: false,
  };
}

/** member/info, bindings (phone, e-mail, real name), password and second-password changes, chat JWT. */
export class ProfileService {
  private readonly jwtKey: Uint8Array;

  constructor(private readonly d: ProfileDeps) {
    this.jwtKey = new TextEncoder().encode(d.jwtSecret);
  }

  /** The member as read with the session for this request (authenticate refuses inactive members). */
  async me(ctx: MemberCaller): Promise<Member> {
    const m = await ctx.member.row();
    if (m.status !== 'active') fail(StatusCode.LOGIN_EXPIRED);
    return m;
  }

  /**
   * member/info, fetched on every route change of the web app: built once per member row and grade as the
   * session check read them (the session cache keeps the same row object until it changes), per brand
   * masking flag and isPop; calls in between answer the same object.
   */
  async info(ctx: MemberCaller, isPop: boolean): Promise<MemberInfo> {
    const m = await this.me(ctx);
    const hide = ctx.site.flags.hideRealNumber === true;
    const grade = ctx.member.vipGrade ?? (await memberVipRepository.grade(this.d.db, m.id));
    const known = infoAnswers.get(m);
    if (known && known.grade === grade && known.hide === hide) return isPop ? known.pop : known.plain;
    const plain = infoOf(m, grade, hide);
    const answers = { grade, hide, plain, pop: { ...plain, isPop: true } };
    infoAnswers.set(m, answers);
    return isPop ? answers.pop : plain;
  }

  async loginHistory(ctx: MemberCaller, pageNum = 1, pageSize = 20) {
    const r = await loginHistoryRepository.page(this.d.db, ctx.member.id, pageNum, pageSize);
    return {
      total: r.total,
      list: r.list.map((h) => ({ time: iso(h.at)!, ip: h.ip, device: h.uuid, client: h.client, result: h.result })),
    };
  }

  async jwt(ctx: MemberCaller) {
    const m = await this.me(ctx);
    const jwt = await new SignJWT({ site: m.site_code, name: m.name })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(m.id)
      .setIssuedAt()
      .setAudience('chat')
      .setExpirationTime(`${LIMITS.CHAT_JWT_TTL_S}s`)
      .sign(this.jwtKey);
    return { jwt, expiresIn: LIMITS.CHAT_JWT_TTL_S };
  }

  async sendCodeTwo(input: SendTwo, ctx: MemberCaller) {
    const m = await this.me(ctx);
    const channel = CATE_CHANNEL[input.cate]!;
    const issue = async (purpose: Parameters<CodeService['issue']>[0]['purpose'], destination: string) => {
      // Codes to new destinations (binding) count against a daily budget per member, not just per number.
      if ((purpose === 'bind_phone' || purpose === 'bind_email') && (await hit(this.d.limiters.memberCodes, m.id))) {
        fail(StatusCode.MAX_PHONE_ATTEMPTS);
      }
      return this.d.codes.issue({
        siteCode: m.site_code,
        siteTitle: ctx.site.title,
        locale: ctx.locale,
        purpose,
        destination,
        channel,
        memberId: m.id,
      });
    };
    if (input.type === '8') {
      // Re-verify the bound phone before changing it: the code goes to the OLD phone.
      if (channel === 'email') fail(StatusCode.INVALID_PARAMETER, { key: 'PHONE_INVALID' });
      if (!m.phone) fail(StatusCode.UNBOUND_PHONE, { key: 'PHONE_NOT_BOUND' });
      return { ...(await issue('change_phone', oldPhone(m)!)), to: maskPhone(m.phone) };
    }
    if (input.type === '9') {
      if (!m.email) fail(StatusCode.INVALID_PARAMETER, { key: 'EMAIL_NOT_BOUND' });
      return { ...(await issue('change_email', m.email)), to: maskEmail(m.email) };
    }
    if (input.type === '4') {
      await this.requireReverified(m, 'phone');
      if (channel === 'email' || !input.phone) fail(StatusCode.INVALID_PARAMETER, { key: 'PHONE_INVALID' });
      const p = normalizePhone(input.phone, input.areaCode);
      const owner = await memberRepository.byPhone(this.d.db, m.site_code, p.phone);
      if (owner) fail(StatusCode.DATA_EXISTS, { key: 'PHONE_TAKEN' });
      return { ...(await issue('bind_phone', phoneKey(p.areaCode, p.phone))), to: maskPhone(p.phone) };
    }
    if (input.type === '5') {
      await this.requireReverified(m, 'email');
      const email = (input.email ?? '').trim().toLowerCase();
      const error = validateEmail(email);
      if (error || !email || email.length > LIMITS.EMAIL_MAX)
        return error ? invalid(error) : fail(StatusCode.INVALID_PARAMETER, { key: 'EMAIL_INVALID' });
      if (await memberRepository.byEmail(this.d.db, m.site_code, email)) fail(StatusCode.DATA_EXISTS, { key: 'EMAIL_TAKEN' });
      return { ...(await issue('bind_email', email)), to: maskEmail(email) };
    }
    const purpose = input.type === '6' ? 'second_pwd' : 'login_pwd';
    if (channel === 'email') {
      if (!m.email) fail(StatusCode.INVALID_PARAMETER, { key: 'EMAIL_NOT_BOUND' });
      return { ...(await issue(purpose, m.email)), to: maskEmail(m.email) };
    }
    if (!m.phone) fail(StatusCode.UNBOUND_PHONE, { key: 'PHONE_NOT_BOUND' });
    return { ...(await issue(purpose, phoneKey(m.area_code ?? LIMITS.DEFAULT_AREA_CODE, m.phone))), to: maskPhone(m.phone) };
  }

  async bindPhone(input: { phone: string; areaCode?: string | undefined; code: string }, ctx: MemberCaller) {
    const m = await this.me(ctx);
    const p = normalizePhone(input.phone, input.areaCode);
    await this.requireReverified(m, 'phone');
    await this.d.codes.check(m.site_code, 'bind_phone', phoneKey(p.areaCode, p.phone), input.code, true);
    if (m.phone) await this.d.codes.consumeVerified(m.site_code, 'change_phone', oldPhone(m)!);
    await this.unique(() => memberRepository.update(this.d.db, m.id, { phone: p.phone, area_code: p.areaCode }), 'PHONE_TAKEN');
    return null;
  }

  async bindEmail(input: { email: string; code: string }, ctx: MemberCaller) {
    const m = await this.me(ctx);
    const email = input.email.trim().toLowerCase();
    const error = validateEmail(email);
    if (error) invalid(error);
    await this.requireReverified(m, 'email');
    await this.d.codes.check(m.site_code, 'bind_email', email, input.code, true);
    if (m.email) await this.d.codes.consumeVerified(m.site_code, 'change_email', m.email);
    await this.unique(() => memberRepository.update(this.d.db, m.id, { email }), 'EMAIL_TAKEN');
    return null;
  }

  /** member/verifyOld: the code sent to the bound phone (type 8) or e-mail (type 9), kept for the bind that follows. */
  async verifyOld(input: { target: 'phone' | 'email'; code: string }, ctx: MemberCaller) {
    const m = await this.me(ctx);
    const dest = input.target === 'phone' ? oldPhone(m) : m.email;
    if (!dest)
      fail(input.target === 'phone' ? StatusCode.UNBOUND_PHONE : StatusCode.INVALID_PARAMETER, {
        key: input.target === 'phone' ? 'PHONE_NOT_BOUND' : 'EMAIL_NOT_BOUND',
      });
    await this.d.codes.check(m.site_code, input.target === 'phone' ? 'change_phone' : 'change_email', dest, input.code, false);
    return null;
  }

  /** Changing an already-bound phone or e-mail needs the old one re-verified first (member/verifyOld). */
  private async requireReverified(m: Member, what: 'phone' | 'email') {
    const dest = what === 'phone' ? oldPhone(m) : m.email;
    if (!dest) return;
    if (!(await this.d.codes.verifiedFresh(m.site_code, what === 'phone' ? 'change_phone' : 'change_email', dest))) {
      fail(what === 'phone' ? StatusCode.PHONE_VERIFICATION_REQUIRED : StatusCode.AUTHENTICATION_REQUIRED, {
        key: what === 'phone' ? 'VERIFY_OLD_PHONE' : 'VERIFY_OLD_EMAIL',
      });
    }
  }

  /** The unique index is the final judge when two members bind the same phone or e-mail at once. */
  private async unique(write: () => Promise<void>, key: 'PHONE_TAKEN' | 'EMAIL_TAKEN') {
    try {
      await write();
    } catch (e) {
      if (/unique|duplicate/i.test(String((e as Error).message))) fail(StatusCode.DATA_EXISTS, { key });
      throw e;
    }
  }

  async bindOther(
    input: { realName?: string | undefined; gender?: 'male' | 'female' | undefined; birthday?: string | undefined },
    ctx: MemberCaller,
    now = new Date(),
  ) {
    const m = await this.me(ctx);
    const name = input.realName?.trim();
    const profile = input.birthday !== undefined || input.gender !== undefined;
    // Every check before any write: a call that fails in one part changes nothing.
    if (name !== undefined) {
      const error = validateRealName(name);
      if (error) invalid(error);
      if (m.real_name) fail(StatusCode.DATA_EXISTS, { key: 'REAL_NAME_BOUND' });
    }
    if (profile) {
      if (m.profile_confirmed) fail(StatusCode.ACCESS_DENIED);
      if (input.birthday !== undefined) {
        const error = validateBirthday(input.birthday, now);
        if (error) invalid(error);
      }
    }
    if (name !== undefined && !(await memberRepository.setOnce(this.d.db, m.id, 'real_name', name))) {
      fail(StatusCode.DATA_EXISTS, { key: 'REAL_NAME_BOUND' });
    }
    if (profile) {
      await memberRepository.update(this.d.db, m.id, {
        ...(input.birthday !== undefined ? { birthday: input.birthday } : {}),
        ...(input.gender !== undefined ? { gender: input.gender } : {}),
        profile_confirmed: input.birthday !== undefined || m.birthday ? 1 : 0,
      });
    }
    return null;
  }

  /**
   * bindFromDeposit: the depositor name of the first deposit form becomes the real name (same §5 rules
   * as bindOther). Already bound: the same name is fine (the form may send it again), another is 6009.
   */
  async bindFromDeposit(input: { realName: string }, ctx: MemberCaller) {
    const m = await this.me(ctx);
    const name = input.realName.trim();
    const error = validateRealName(name);
    if (error) invalid(error);
    if (m.real_name !== null ? m.real_name !== name : !(await memberRepository.setOnce(this.d.db, m.id, 'real_name', name))) {
      fail(StatusCode.DATA_EXISTS, { key: 'REAL_NAME_BOUND' });
    }
    return { realName: ctx.site.flags.hideRealNumber ? maskRealName(name) : name };
  }

  async bindPassword(input: { oldPassword: string; password: string; secondPassword: string }, ctx: MemberCaller) {
    const m = await this.me(ctx);
    checkNewPassword(input.password, input.secondPassword);
    await this.checkOld(m.id, m.password_hash, input.oldPassword, 'OLD_PASSWORD_WRONG');
    await this.d.recovery.setPassword(m.id, input.password, ctx.member.tokenHash);
    return null;
  }

  async bindPasswordBy(via: 'phone' | 'email', input: { code: string; password: string; secondPassword: string }, ctx: MemberCaller) {
    const m = await this.me(ctx);
    checkNewPassword(input.password, input.secondPassword);
    const dest = via === 'email' ? m.email : m.phone ? phoneKey(m.area_code ?? LIMITS.DEFAULT_AREA_CODE, m.phone) : null;
    if (!dest)
      fail(via === 'email' ? StatusCode.INVALID_PARAMETER : StatusCode.UNBOUND_PHONE, {
        key: via === 'email' ? 'EMAIL_NOT_BOUND' : 'PHONE_NOT_BOUND',
      });
    await this.d.codes.check(m.site_code, 'login_pwd', dest, input.code, true);
    await this.d.recovery.setPassword(m.id, input.password, ctx.member.tokenHash);
    return null;
  }

  /** Old-password check with a per-member budget of wrong answers (then 6037 until the hour passes). */
  async checkOld(memberId: string, stored: string, md5: string, key: 'OLD_PASSWORD_WRONG' | 'SECOND_PASSWORD_WRONG') {
    const locked = await exhausted(this.d.limiters.passwordChecks, memberId);
    if (locked) fail(StatusCode.LOCKED, { data: { retryAfter: locked } });
    if (await this.d.hasher.verify(stored, md5)) return;
    await hit(this.d.limiters.passwordChecks, memberId);
    fail(StatusCode.PASSWORD_CHECK_FAILURE, { key });
  }

  async secondPasswordSet(input: { password: string; secondPassword: string }, ctx: MemberCaller) {
    const m = await this.me(ctx);
    if (m.second_password_hash) fail(StatusCode.DATA_EXISTS, { key: 'SECOND_PASSWORD_SET' });
    checkSecond(input.password, input.secondPassword);
    const hash = await this.d.hasher.hash(input.password);
    if (!(await memberRepository.setOnce(this.d.db, m.id, 'second_password_hash', hash)))
      fail(StatusCode.DATA_EXISTS, { key: 'SECOND_PASSWORD_SET' });
    return null;
  }

  /** With the old second password, or with a code sent to the bound phone / e-mail (type 6). */
  async secondPasswordReset(
    input: { oldPassword?: string | undefined; code?: string | undefined; password: string; secondPassword: string },
    ctx: MemberCaller,
  ) {
    const m = await this.me(ctx);
    if (!m.second_password_hash) fail(StatusCode.PASSWORD_CHECK_FAILURE, { key: 'SECOND_PASSWORD_NOT_SET' });
    checkSecond(input.password, input.secondPassword);
    if (input.oldPassword) {
      await this.checkOld(m.id, m.second_password_hash, input.oldPassword, 'SECOND_PASSWORD_WRONG');
    } else if (input.code) {
      await this.secondCode(m, input.code, true);
    } else {
      fail(StatusCode.INVALID_PARAMETER, { key: 'CODE_REQUIRED' });
    }
    await memberRepository.update(this.d.db, m.id, { second_password_hash: await this.d.hasher.hash(input.password) });
    return null;
  }

  async secondPasswordEmailCheck(input: { code: string }, ctx: MemberCaller) {
    const m = await this.me(ctx);
    await this.secondCode(m, input.code, false);
    return null;
  }

  /** The second-password code went to the e-mail or the phone; the one issued last decides. */
  private async secondCode(m: Member, code: string, consume: boolean) {
    const dests = [m.email, m.phone ? phoneKey(m.area_code ?? LIMITS.DEFAULT_AREA_CODE, m.phone) : null].filter((d): d is string => !!d);
    if (dests.length === 0) fail(StatusCode.UNBOUND_PHONE, { key: 'PHONE_NOT_BOUND' });
    let lastError: unknown = null;
    for (const dest of dests) {
      try {
        // consume=false marks it verified; the reset then finds it verified and unconsumed.
        await this.d.codes.check(m.site_code, 'second_pwd', dest, code, consume);
        return;
      } catch (e) {
        lastError = e;
      }
    }
    throw lastError;
  }
}

const oldPhone = (m: Member) => (m.phone ? phoneKey(m.area_code ?? LIMITS.DEFAULT_AREA_CODE, m.phone) : null);

function checkSecond(md5: string, repeat: string) {
  if (md5.toLowerCase() !== repeat.toLowerCase()) fail(StatusCode.INVALID_PARAMETER, { key: 'PASSWORD_MISMATCH' });
  if (isCommonPasswordMd5(md5)) fail(StatusCode.INVALID_PARAMETER, { key: 'COMMON_PASSWORD' });
}
