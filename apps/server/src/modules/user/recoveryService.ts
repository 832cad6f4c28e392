import { LIMITS, StatusCode, findCountryArea, type userApi } from '@portal/contract';
import { maskEmail, maskPhone, phoneMiddle, validateEmail, validateForgotUsername, validatePhone } from '@portal/rules';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import type { Caller } from './caller.ts';
import { fail, invalid } from '../../lib/errors.ts';
import { hit, type Limiters } from '../../lib/rateLimit.ts';
import type { CaptchaService } from '../captcha/service.ts';
import { CATE_CHANNEL, type CodeService } from './codes.ts';
import { challengeRepository } from './codesRepository.ts';
import { sendCodeFields } from './sendCodeFields.ts';
import { isCommonPasswordMd5, type PasswordHasher } from './passwords.ts';
import { memberRepository, sessionRepository, type Member } from './repository.ts';

type SendOne = z.output<typeof userApi.sendCodeOne.request>;
type PhoneOne = z.output<typeof userApi.forgetByPhoneOne.request>;
type EmailOne = z.output<typeof userApi.forgetByEmailOne.request>;

export interface RecoveryDeps {
  db: Db;
  hasher: PasswordHasher;
  codes: CodeService;
  captcha: CaptchaService;
  limiters: Limiters;
}

/** A phone as stored: national number without the area prefix, validated against the area's regex. */
export function normalizePhone(phone: string, areaCode: string = LIMITS.DEFAULT_AREA_CODE): { phone: string; areaCode: string } {
  const area = findCountryArea(areaCode);
  if (!area) fail(StatusCode.INVALID_PARAMETER, { key: 'PHONE_INVALID' });
  const p = phone.replace(/\s+/g, '');
  const error = validatePhone(p, area.regex);
  if (error) invalid(error);
  const digits = area.areaCode.slice(1);
  const withoutArea = p.startsWith(`+${digits}`)
    ? p.slice(digits.length + 1)
    : p.length > LIMITS.PHONE_MAX && p.startsWith(digits)
      ? p.slice(digits.length)
      : p;
  // Members type a trunk prefix ('0912…'); the stored national number never has it.
  const national = area.areaCode === '+86' ? withoutArea : withoutArea.replace(/^0+/, '');
  return { phone: national, areaCode: area.areaCode };
}

export const phoneKey = (areaCode: string, phone: string): string => `${areaCode}${phone}`;

/** Forgot password (by phone, by e-mail; steps one, two, three) and the anonymous sendCode/one. */
export class RecoveryService {
  constructor(private readonly d: RecoveryDeps) {}

  private async ipBudget(ip: string) {
    const wait = await hit(this.d.limiters.codePerIp, ip);
    if (wait) fail(StatusCode.FREQUENT_SUBMISSION, { data: { retryAfter: wait }, httpStatus: 429 });
  }

  /** An unknown name answers like a name with another phone / e-mail (no account enumeration). */
  private async memberByName(ctx: Caller, name: string, mismatch: 'ACCOUNT_MISMATCH' | 'ACCOUNT_EMAIL_MISMATCH'): Promise<Member> {
    const error = validateForgotUsername(name);
    if (error) invalid(error);
    const m = await memberRepository.byName(this.d.db, ctx.site.siteCode, name.trim());
    return m ?? fail(StatusCode.INVALID_PARAMETER, { key: mismatch });
  }

  private async phoneMember(ctx: Caller, name: string, phone: string, areaCode?: string) {
    const p = normalizePhone(phone, areaCode);
    const m = await this.memberByName(ctx, name, 'ACCOUNT_MISMATCH');
    if (m.phone !== p.phone || m.area_code !== p.areaCode) fail(StatusCode.INVALID_PARAMETER, { key: 'ACCOUNT_MISMATCH' });
    return { member: m, key: phoneKey(p.areaCode, p.phone) };
  }

  private async emailMember(ctx: Caller, name: string, email: string) {
    const error = validateEmail(email);
    if (error) invalid(error);
    const m = await this.memberByName(ctx, name, 'ACCOUNT_EMAIL_MISMATCH');
    if (!m.email || m.email !== email.trim().toLowerCase()) fail(StatusCode.INVALID_PARAMETER, { key: 'ACCOUNT_EMAIL_MISMATCH' });
    return { member: m, key: m.email };
  }

  async phoneOne(input: PhoneOne, ctx: Caller) {
    await this.ipBudget(ctx.ip);
    await this.d.captcha.verify(ctx.site.siteCode, 2, input);
    const { member, key } = await this.phoneMember(ctx, input.name, input.phone, input.areaCode);
    const channel = input.cate === '2' ? 'voice' : 'sms';
    const r = await this.d.codes.issue({
      siteCode: ctx.site.siteCode,
      siteTitle: ctx.site.title,
      locale: ctx.locale,
      purpose: 'reset_phone',
      destination: key,
      channel,
      memberId: member.id,
    });
    return { ...r, to: maskPhone(member.phone!) };
  }

  async emailOne(input: EmailOne, ctx: Caller) {
    await this.ipBudget(ctx.ip);
    await this.d.captcha.verify(ctx.site.siteCode, 3, input);
    const { member, key } = await this.emailMember(ctx, input.name, input.email);
    const r = await this.d.codes.issue({
      siteCode: ctx.site.siteCode,
      siteTitle: ctx.site.title,
      locale: ctx.locale,
      purpose: 'reset_email',
      destination: key,
      channel: 'email',
      memberId: member.id,
    });
    return { ...r, to: maskEmail(key) };
  }

  async phoneTwo(input: { name: string; phone: string; areaCode?: string | undefined; code: string }, ctx: Caller) {
    const { key } = await this.phoneMember(ctx, input.name, input.phone, input.areaCode);
    await this.d.codes.check(ctx.site.siteCode, 'reset_phone', key, input.code, false);
    return null;
  }

  async emailTwo(input: { name: string; email: string; code: string }, ctx: Caller) {
    const { key } = await this.emailMember(ctx, input.name, input.email);
    await this.d.codes.check(ctx.site.siteCode, 'reset_email', key, input.code, false);
    return null;
  }

  async phoneThree(
    input: { name: string; phone: string; areaCode?: string | undefined; password: string; secondPassword: string },
    ctx: Caller,
  ) {
    checkNewPassword(input.password, input.secondPassword);
    const { member, key } = await this.phoneMember(ctx, input.name, input.phone, input.areaCode);
    await this.d.codes.consumeVerified(ctx.site.siteCode, 'reset_phone', key);
    await this.setPassword(member.id, input.password);
    return null;
  }

  async emailThree(input: { name: string; email: string; password: string; secondPassword: string }, ctx: Caller) {
    checkNewPassword(input.password, input.secondPassword);
    const { member, key } = await this.emailMember(ctx, input.name, input.email);
    await this.d.codes.consumeVerified(ctx.site.siteCode, 'reset_email', key);
    await this.setPassword(member.id, input.password);
    return null;
  }

  /** New login password; every session of the member ends. */
  async setPassword(memberId: string, md5: string, keepTokenHash?: string, now = Date.now()): Promise<void> {
    const hash = await this.d.hasher.hash(md5);
    await this.d.db.transaction().execute(async (tx) => {
      await memberRepository.update(tx, memberId, { password_hash: hash, password_changed_at: now });
      await sessionRepository.revokeAllOf(tx, memberId, now, keepTokenHash);
    });
  }

  /** sendCode/one: type '3' new-device code (after the 4 middle digits), type '2' reset code. */
  async sendCodeOne(body: SendOne, ctx: Caller, now = Date.now()) {
    await this.ipBudget(ctx.ip);
    const input = { type: body.type, ...(await sendCodeFields(body, ctx.site.clientKey)) };
    const channel = CATE_CHANNEL[body.cate]!;
    if (input.type === '2') {
      if (channel === 'email') {
        const { member, key } = await this.emailMember(ctx, input.name, input.codeNum);
        const r = await this.d.codes.issue({
          siteCode: ctx.site.siteCode,
          siteTitle: ctx.site.title,
          locale: ctx.locale,
          purpose: 'reset_email',
          destination: key,
          channel,
          memberId: member.id,
        });
        return { ...r, to: maskEmail(key) };
      }
      const { member, key } = await this.phoneMember(ctx, input.name, input.codeNum);
      const r = await this.d.codes.issue({
        siteCode: ctx.site.siteCode,
        siteTitle: ctx.site.title,
        locale: ctx.locale,
        purpose: 'reset_phone',
        destination: key,
        channel,
        memberId: member.id,
      });
      return { ...r, to: maskPhone(member.phone!) };
    }
    if (channel === 'email') fail(StatusCode.INVALID_PARAMETER, { key: 'SMS_OR_VOICE_ONLY' });
    const member = await memberRepository.byName(this.d.db, ctx.site.siteCode, input.name.trim());
    const ch = member ? await challengeRepository.open(this.d.db, member.id, ctx.uuid, now) : undefined;
    if (!member || !member.phone || !ch) fail(StatusCode.ACCESS_DENIED);
    if (ch.middle_tries >= LIMITS.CODE_MAX_TRIES) fail(StatusCode.MAX_PHONE_ATTEMPTS);
    if (!/^\d{4}$/.test(input.codeNum) || input.codeNum !== phoneMiddle(member.phone)) {
      await challengeRepository.update(this.d.db, ch.id, { middle_tries: ch.middle_tries + 1 });
      fail(StatusCode.INVALID_PARAMETER, { key: 'PHONE_MIDDLE_WRONG' });
    }
    await challengeRepository.update(this.d.db, ch.id, { middle_passed_at: now });
    const r = await this.d.codes.issue({
      siteCode: ctx.site.siteCode,
      siteTitle: ctx.site.title,
      locale: ctx.locale,
      purpose: 'device',
      destination: phoneKey(member.area_code ?? LIMITS.DEFAULT_AREA_CODE, member.phone),
      channel,
      memberId: member.id,
    });
    return { ...r, to: maskPhone(member.phone) };
  }
}

export function checkNewPassword(md5: string, repeat: string): void {
  if (md5.toLowerCase() !== repeat.toLowerCase()) fail(StatusCode.INVALID_PARAMETER, { key: 'NEW_PASSWORD_MISMATCH' });
  if (isCommonPasswordMd5(md5)) fail(StatusCode.INVALID_PARAMETER, { key: 'COMMON_PASSWORD' });
}
