import { PROTECTION_RULES, StatusCode, text, type protectionApi } from '@portal/contract';
import { ageOn, compareDates, formatAmount, parseIsoDate, validateRealName } from '@portal/rules';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import type { KycStatus, KycSubmissionTable } from '../../db/schema.ts';
import { AppError, fail, invalid } from '../../lib/errors.ts';
import { hmacHex, randomId, sha256Hex } from '../../lib/crypto.ts';
import type { UploadService } from '../uploads/service.ts';
import type { MemberCaller } from '../user/caller.ts';
import { memberRepository } from '../user/repository.ts';
import { kycRepository as repo } from './kycRepository.ts';
import { nameDobKey } from './identity.ts';

export type KycInput = z.output<typeof protectionApi.kycSubmit.request>;
export type KycState = 'none' | KycStatus;

/** The market's calendar (UTC+8): a birthday turns over at midnight in China, not in the server's zone. */
const MARKET_OFFSET_MS = 8 * 3600 * 1000;
const today = (now: number) => {
  const d = new Date(now + MARKET_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};
/** Document numbers compare without spaces, dashes and case: '4401 0119-900101 123x' is '44010119900101123X'. */
const normalizeNumber = (n: string) => n.replace(/[\s-]/g, '').toUpperCase();

/**
 * Identity verification: the player submits name, birthday, document and two private images
 * (uploads of purpose 'kyc'); compliance staff approve or reject (ops CLI `kyc:*`, kycOps.ts). A birthday under
 * PROTECTION_RULES.ADULT_AGE is refused at submit and kept for staff. Brands set thresholds (site flags
 * kycDepositThresholdFen, kycWithdrawThresholdFen) above which deposits and withdrawals need a verified member:
 * 6035 with the text that says what to do. The document number is stored only as a keyed SHA-256 (`pepper`: the
 * deployment's password pepper, the same on every brand, so a document matches across brands) and its last 4.
 */
export class KycService {
  /** Wired by services.ts: closes play and deposits of a member whose submitted birthday is under 18 (finding 7). */
  onUnderage: ((member: { id: string; site_code: number }, keys: string[], now: number) => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly uploads: UploadService,
    private readonly pepper = '',
  ) {}

  async status(memberId: string): Promise<{ status: KycState; rejectReason: string }> {
    const last = await repo.latest(this.db, memberId);
    return { status: last?.status ?? 'none', rejectReason: last?.status === 'rejected' ? last.reason : '' };
  }

  async submit(ctx: MemberCaller, input: KycInput, now = Date.now()): Promise<void> {
    const member = await ctx.member.row();
    const { status } = await this.status(member.id);
    if (status === 'verified') fail(StatusCode.DATA_EXISTS, { key: 'KYC_VERIFIED' });
    if (status === 'pending') fail(StatusCode.DATA_EXISTS, { key: 'KYC_PENDING' });
    const nameError = validateRealName(input.realName);
    if (nameError) invalid(nameError);
    const birth = parseIsoDate(input.birthday);
    if (!birth || birth.year < 1900 || compareDates(birth, today(now)) > 0) fail(StatusCode.INVALID_PARAMETER);
    const number = normalizeNumber(input.documentNumber);
    if (number.length < 4) fail(StatusCode.INVALID_PARAMETER);
    if (input.documentImage === input.selfieImage) fail(StatusCode.INVALID_PARAMETER, { key: 'KYC_IMAGE_INVALID' });
    await this.uploads.attachable(member.id, [input.documentImage, input.selfieImage], 'kyc').catch((e: unknown) => {
      throw e instanceof AppError ? new AppError(StatusCode.INVALID_PARAMETER, { key: 'KYC_IMAGE_INVALID' }) : e;
    });
    const underage = ageOn(birth, today(now)) < PROTECTION_RULES.ADULT_AGE;
    await repo.insert(this.db, {
      id: randomId(),
      member_id: member.id,
      site_code: member.site_code,
      real_name: input.realName,
      birthday: input.birthday,
      document_type: input.documentType,
      document_hash: this.documentHash(input.documentType, number),
      document_last4: number.slice(-4),
      document_upload_id: input.documentImage,
      selfie_upload_id: input.selfieImage,
      // Under age: refused now, and recorded (decided by the system) for staff to see.
      status: underage ? 'rejected' : 'pending',
      underage: underage ? 1 : 0,
      reviewer: underage ? 'system' : null,
      reason: underage ? text('KYC_UNDERAGE', ctx.locale) : '',
      created_at: now,
      reviewed_at: underage ? now : null,
    });
    if (underage) {
      // Finding 7: an under-18 birthday on file closes play and deposits at once, on every brand where the same
      // document or name + birthday turns up (withdrawals stay open: the member's money is theirs).
      await this.onUnderage?.(member, [this.documentHash(input.documentType, number), nameDobKey(input.realName, input.birthday)], now);
      fail(StatusCode.ACCESS_DENIED, { key: 'KYC_UNDERAGE' });
    }
  }

  /**
   * Before a deposit of `amountFen`: refused (6035) when it takes the member's deposits — credited and still payable
   * orders — past the brand's threshold unverified.
   */
  async requireForDeposit(ctx: MemberCaller, amountFen: number): Promise<void> {
    const threshold = ctx.site.flags.kycDepositThresholdFen ?? 0;
    if (threshold <= 0) return;
    if ((await repo.countedDepositsFen(this.db, ctx.member.id, Date.now())) + amountFen <= threshold) return;
    await this.requireVerified(ctx.member.id, 'KYC_REQUIRED_DEPOSITS', threshold);
  }

  /** Before a withdrawal: refused (6035) when the amount is above the brand's single-withdrawal threshold unverified. */
  async requireForWithdrawal(ctx: MemberCaller, amountFen: number): Promise<void> {
    const threshold = ctx.site.flags.kycWithdrawThresholdFen ?? 0;
    if (threshold <= 0 || amountFen <= threshold) return;
    await this.requireVerified(ctx.member.id, 'KYC_REQUIRED_WITHDRAW', threshold);
  }

  /** Why verification is asked for now, in the caller's language ('' when it is not): the next deposit would need it. */
  async requiredReason(ctx: MemberCaller): Promise<string> {
    try {
      await this.requireForDeposit(ctx, 1);
      return '';
    } catch (e) {
      if (e instanceof AppError && e.code === StatusCode.AUTHENTICATION_REQUIRED) return e.messageFor(ctx.locale);
      throw e;
    }
  }

  /** sha256 key of the verified document, for cross-brand self-exclusion matching */
  async documentKey(memberId: string): Promise<string | null> {
    const last = await repo.latest(this.db, memberId);
    return last?.status === 'verified' ? last.document_hash : null;
  }

  // --- Compliance staff (ops CLI now, the console later).

  list(f: { siteCode?: number | undefined; status?: KycStatus | undefined; limit?: number }) {
    return repo.list(this.db, { ...f, limit: Math.min(f.limit ?? 100, 1000) });
  }

  /** A submission with its member's username and profile (what staff compare it with). */
  async show(id: string) {
    const row = await repo.byId(this.db, id);
    if (!row) throw new Error(`KYC submission ${id} not found`);
    const member = await memberRepository.byId(this.db, row.member_id);
    return { submission: row, member: member && { name: member.name, realName: member.real_name, birthday: member.birthday } };
  }

  /** An image of a submission (document or selfie) for staff: never served by any route. */
  async image(id: string, which: 'document' | 'selfie') {
    const row = await repo.byId(this.db, id);
    if (!row) throw new Error(`KYC submission ${id} not found`);
    return this.uploads.staffFile(which === 'document' ? row.document_upload_id : row.selfie_upload_id);
  }

  /** Verified: the member's real name and birthday are set from it where still empty. */
  async approve(id: string, reviewer: string, now = Date.now()): Promise<KycSubmissionTable> {
    return this.db.transaction().execute(async (tx) => {
      if (!(await repo.decide(tx, id, 'verified', reviewer, '', now))) throw new Error(`KYC submission ${id} is not pending`);
      const row = (await repo.byId(tx, id))!;
      const member = await memberRepository.byId(tx, row.member_id);
      const patch = {
        ...(member && !member.real_name ? { real_name: row.real_name } : {}),
        ...(member && !member.birthday ? { birthday: row.birthday } : {}),
      };
      if (Object.keys(patch).length > 0) await memberRepository.update(tx, row.member_id, patch);
      return row;
    });
  }

  async reject(id: string, reviewer: string, reason: string, now = Date.now()): Promise<void> {
    if (!reason.trim()) throw new Error('a reason is required: the player is shown it');
    if (!(await repo.decide(this.db, id, 'rejected', reviewer, reason.trim(), now))) throw new Error(`KYC submission ${id} is not pending`);
  }

  private documentHash(type: string, number: string): string {
    const subject = `kyc:${type}:${number}`;
    return this.pepper ? hmacHex(this.pepper, subject) : sha256Hex(subject);
  }

  private async requireVerified(memberId: string, key: 'KYC_REQUIRED_DEPOSITS' | 'KYC_REQUIRED_WITHDRAW', thresholdFen: number) {
    const { status } = await this.status(memberId);
    if (status === 'verified') return;
    if (status === 'pending') fail(StatusCode.AUTHENTICATION_REQUIRED, { key: 'KYC_PENDING' });
    fail(StatusCode.AUTHENTICATION_REQUIRED, { key, vars: { amount: formatAmount(thresholdFen) } });
  }
}
