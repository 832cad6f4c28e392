/**
 * Identity at the door. Each brand chooses when the player's identity is required
 * (site flag identityAt): at registration (real name and date of birth there, under 18 refused; then a verified
 * phone before any money), before the first deposit, or before the first play. Complete identity = a verified
 * (bound) phone, a real name and a date of birth. A person excluded on every brand is matched by verified phone,
 * e-mail, verified ID document and name + date of birth (identity.ts); a device shared with an excluded member is
 * flagged for staff review. An under-18 birthday on file closes play and deposits at once.
 */
import { StatusCode, text } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import { fail } from '../../lib/errors.ts';
import { randomId } from '../../lib/crypto.ts';
import type { SiteRow } from '../site/repository.ts';
import type { Entry } from './eligibility.ts';
import { nameDobKey } from './identity.ts';
import { protectionRepository } from './repository.ts';

const PLAY: ReadonlySet<Entry> = new Set(['transfer_in', 'launch', 'bet', 'round', 'promotion']);
/** Members known complete (identity never becomes incomplete: a bound phone, name and birthday are kept). */
const COMPLETE_MAX = 50_000;

export class IdentityGate {
  private readonly complete = new Set<string>();
  /** Wired by services.ts: matching all-brands exclusions are applied once identity is complete (ProtectionService.onLogin). */
  onComplete: ((memberId: string, now: number) => Promise<void>) | null = null;

  constructor(private readonly db: Db) {}

  /** Does this entry need the identity at this brand? */
  static needed(site: SiteRow | undefined, entry: Entry): boolean {
    const at = site?.flags.identityAt;
    if (!at) return false;
    return entry === 'deposit' ? at !== 'play' : PLAY.has(entry);
  }

  /** Refuses (6035) an entry that needs the identity until it is complete; answers true when it just became complete. */
  async require(memberId: string, site: SiteRow | undefined, entry: Entry, locale: 'zh-CN' | 'zh-TW', now: number): Promise<boolean> {
    if (!IdentityGate.needed(site, entry) || this.complete.has(memberId)) return false;
    const m = await this.db.selectFrom('members').select(['phone', 'real_name', 'birthday']).where('id', '=', memberId).executeTakeFirst();
    if (!m?.phone || !m.real_name || !m.birthday)
      return fail(StatusCode.AUTHENTICATION_REQUIRED, { message: text('IDENTITY_REQUIRED', locale) });
    if (this.complete.size >= COMPLETE_MAX) this.complete.clear();
    this.complete.add(memberId);
    await this.onComplete?.(memberId, now);
    return true;
  }

  /** Registration: is a person with this name and date of birth excluded on every brand now? */
  async excludedAtDoor(realName: string, birthday: string, now = Date.now()): Promise<boolean> {
    return (await protectionRepository.matchingExclusions(this.db, [nameDobKey(realName, birthday)], '', now)).length > 0;
  }

  /** Registration: a device that a member excluded now also used is flagged for staff review (not refused). */
  async flagExcludedDevice(memberId: string, siteCode: number, uuid: string, now = Date.now()): Promise<void> {
    if (await protectionRepository.excludedDeviceUser(this.db, uuid, memberId, now))
      await protectionRepository.flagForReview(this.db, {
        memberId,
        siteCode,
        reason: text('DEVICE_OF_EXCLUDED', 'zh-CN'),
        now,
      });
  }

  /**
   * Finding 7: an under-18 birthday on file (a KYC submission) closes play and deposits at once — a permanent
   * all-brands exclusion of cause 'underage' carrying the person's keys. Sessions stay: withdrawals stay open.
   */
  async blockUnderage(member: { id: string; site_code: number }, keys: string[], now = Date.now()): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const row = {
        id: randomId(),
        member_id: member.id,
        site_code: member.site_code,
        kind: 'self_exclusion' as const,
        starts_at: now,
        ends_at: null,
        all_brands: 1,
        source_id: null,
        cause: 'underage',
      };
      await protectionRepository.addExclusion(tx, row, keys);
      await protectionRepository.addEvent(tx, {
        memberId: member.id,
        siteCode: member.site_code,
        at: now,
        action: 'self_exclusion',
        kind: 'self_exclusion',
        after: 'permanent',
        detail: 'underage',
      });
      await protectionRepository.bumpVersion(tx, member.id);
    });
  }
}
