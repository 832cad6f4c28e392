import { StatusCode, type AdItem, type Letter, type LetterBox, type Locale, type Notice, type UnreadCounts } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import type { AdTable, LetterTable, NoticeTable } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import { randomId } from '../../lib/crypto.ts';
import { fundsLetter, type FundsEvent } from './funds.ts';
import {
  adRepository,
  letterRepository,
  noticeRepository,
  type BoxFilter,
  type LetterType,
  type MemberLetterRow,
  type RecipientQuery,
} from './repository.ts';

const iso = (ms: number) => new Date(Number(ms)).toISOString();
const DEFAULT_PAGE_SIZE = 10;

/** Operator-side limits: a letter or notice is read on a phone screen; a runaway paste must not land. */
export const MESSAGE_LIMITS = { TITLE_MAX: 60, CONTENT_MAX: 2000, MEMBER_LIST_MAX: 1000 } as const;
/** Recipients per `delivered` call: a broadcast to a whole brand reaches the hooks (the realtime bus) in bounded messages. */
export const DELIVERED_CHUNK = 1000;

/** Box key (spec §3) ↔ letter type and personal/broadcast. */
const BOXES: Record<LetterBox, BoxFilter> = {
  notice: { type: 'notice', broadcast: 0 },
  activity: { type: 'activity', broadcast: 0 },
  fd: { type: 'fd', broadcast: 0 },
  brNotice: { type: 'notice', broadcast: 1 },
  brActivity: { type: 'activity', broadcast: 1 },
  brBulletin: { type: 'bulletin', broadcast: 1 },
  brMatch: { type: 'match', broadcast: 1 },
  brFd: { type: 'fd', broadcast: 1 },
};
/** Personal letters are notices, activity or funds letters; bulletins and match news go to segments only. */
export const PERSONAL_TYPES: readonly LetterType[] = ['notice', 'activity', 'fd'];
export const LETTER_TYPES: readonly LetterType[] = ['notice', 'activity', 'bulletin', 'match', 'fd'];

export function boxOf(type: LetterType, broadcast: number): LetterBox {
  const key = (Object.keys(BOXES) as LetterBox[]).find((k) => BOXES[k].type === type && BOXES[k].broadcast === (broadcast ? 1 : 0));
  return key ?? 'brNotice';
}

const letterView = (r: MemberLetterRow): Letter => ({
  id: r.id,
  type: boxOf(r.type, Number(r.broadcast)),
  title: r.title,
  content: r.content,
  isRead: r.read_at !== null,
  createdAt: iso(r.start_at),
});
const noticeView = (n: NoticeTable): Notice => ({
  id: n.id,
  category: n.category,
  title: n.title,
  content: n.content,
  marquee: Number(n.marquee) === 1,
  startAt: iso(n.start_at),
});
/** An item's image address may carry `{locale}`: the request's language (pictures with drawn text, e.g. the demo banners). */
const adView = (a: AdTable, locale: Locale): AdItem => ({
  id: a.id,
  position: a.position,
  title: a.title,
  imageUrl: a.image_url.replaceAll('{locale}', locale),
  linkUrl: a.link_url,
  content: a.content,
  sort: Number(a.sort),
});

/**
 * Who a letter goes to. `vip` is a grade range of the VIP ladder; `members` names members by user
 * name or id (unknown ones are reported, never guessed); `registered` is a registration window [from, to).
 */
export type Segment =
  | { kind: 'all' }
  | { kind: 'members'; names: string[] }
  | { kind: 'registered'; fromMs: number; toMs: number }
  | { kind: 'vip'; min: number; max: number };

export interface LetterDraft {
  siteCode: number;
  segment: Segment;
  type: LetterType;
  title: string;
  content: string;
  startAt?: number | undefined;
}
export interface NoticeDraft {
  siteCode: number;
  category: NoticeTable['category'];
  title: string;
  content: string;
  marquee: boolean;
  startAt?: number | undefined;
  endAt?: number | null | undefined;
}
export interface AdDraft {
  siteCode: number;
  position: AdTable['position'];
  title: string;
  imageUrl: string;
  linkUrl: string;
  content: string;
  sort: number;
  startAt?: number | undefined;
  endAt?: number | null | undefined;
}

/** Thrown to the operator (the CLI prints it; the audit log records it). */
export class OperatorError extends Error {}

function checkText(title: string, content: string): void {
  if (!title.trim() || title.length > MESSAGE_LIMITS.TITLE_MAX)
    throw new OperatorError(`title must be 1-${MESSAGE_LIMITS.TITLE_MAX} characters`);
  if (!content.trim() || content.length > MESSAGE_LIMITS.CONTENT_MAX)
    throw new OperatorError(`content must be 1-${MESSAGE_LIMITS.CONTENT_MAX} characters`);
}

function checkWindow(startAt: number, endAt: number | null | undefined): void {
  if (!Number.isFinite(startAt)) throw new OperatorError('start time is not a date');
  if (endAt !== null && endAt !== undefined && (!Number.isFinite(endAt) || endAt <= startAt))
    throw new OperatorError('end time must be after the start time');
}

/**
 * Letters, notices and advertising of the member centre: the member's calls (every letter query is
 * scoped to the caller's own copies, so another member's id answers 6004) and the operator's.
 */
export class MessageService {
  constructor(
    private readonly db: Db,
    private readonly sites: { get(code: number): { flags: { defaultLanguage: Locale } } | undefined },
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Run after a letter has reached members (committed and visible now), with its recipients in chunks of
   * at most DELIVERED_CHUNK: the realtime push that refreshes their unread counts. A failing hook is
   * skipped: the counts are also polled.
   */
  readonly delivered: Array<(memberIds: string[]) => unknown> = [];

  // ---- member calls ------------------------------------------------------------------------------

  async unread(memberId: string): Promise<UnreadCounts> {
    const out: UnreadCounts = { notice: 0, activity: 0, fd: 0, brNotice: 0, brActivity: 0, brBulletin: 0, brMatch: 0, brFd: 0, total: 0 };
    for (const r of await letterRepository.unread(this.db, memberId, this.now())) {
      out[boxOf(r.type, r.broadcast)] += r.n;
      out.total += r.n;
    }
    return out;
  }

  async letters(memberId: string, type: LetterBox | undefined, pageNum = 1, pageSize = DEFAULT_PAGE_SIZE) {
    const r = await letterRepository.page(this.db, memberId, this.now(), type ? BOXES[type] : undefined, pageNum, pageSize);
    return { total: r.total, list: r.list.map(letterView) };
  }

  async read(memberId: string, letterId: string): Promise<Letter> {
    const now = this.now();
    const row = await letterRepository.one(this.db, memberId, letterId, now);
    if (!row) fail(StatusCode.NOT_FOUND, { key: 'LETTER_NOT_FOUND' });
    if (row.read_at === null) await letterRepository.markRead(this.db, memberId, now, undefined, letterId);
    return letterView({ ...row, read_at: row.read_at ?? now });
  }

  async remove(memberId: string, ids: string[]): Promise<{ deleted: number }> {
    const deleted = await letterRepository.softDelete(this.db, memberId, [...new Set(ids)], this.now());
    if (deleted === 0) fail(StatusCode.NOT_FOUND, { key: 'LETTER_NOT_FOUND' });
    return { deleted };
  }

  async readAll(memberId: string, type: LetterBox | undefined): Promise<{ updated: number }> {
    return { updated: await letterRepository.markRead(this.db, memberId, this.now(), type ? BOXES[type] : undefined) };
  }

  async notices(
    siteCode: number,
    f: { category?: NoticeTable['category'] | undefined; marquee?: boolean | undefined },
    pageNum = 1,
    pageSize = DEFAULT_PAGE_SIZE,
  ) {
    const r = await noticeRepository.page(this.db, siteCode, this.now(), f, pageNum, pageSize);
    return { total: r.total, list: r.list.map(noticeView) };
  }

  async ads(siteCode: number, position: AdTable['position'] | undefined, locale: Locale): Promise<AdItem[]> {
    return (await adRepository.live(this.db, siteCode, position, this.now())).map((a) => adView(a, locale));
  }

  // ---- operator calls ----------------------------------------------------------------------------

  private site(code: number): void {
    if (!this.sites.get(code)) throw new OperatorError(`unknown site ${code}`);
  }

  private async recipients(siteCode: number, s: Segment): Promise<RecipientQuery> {
    switch (s.kind) {
      case 'all':
        return { kind: 'all' };
      case 'registered':
        if (!(s.toMs > s.fromMs)) throw new OperatorError('registration window: the end must be after the start');
        return { kind: 'registered', fromMs: s.fromMs, toMs: s.toMs };
      case 'members': {
        const names = [...new Set(s.names.map((x) => x.trim()).filter(Boolean))];
        if (names.length === 0 || names.length > MESSAGE_LIMITS.MEMBER_LIST_MAX)
          throw new OperatorError(`member list: 1-${MESSAGE_LIMITS.MEMBER_LIST_MAX} names`);
        const rows = await letterRepository.findMembers(this.db, siteCode, names);
        const known = new Set(rows.flatMap((r) => [r.id, r.name_lower]));
        const unknown = names.filter((x) => !known.has(x) && !known.has(x.toLowerCase()));
        if (unknown.length > 0) throw new OperatorError(`no such member on site ${siteCode}: ${unknown.slice(0, 10).join(', ')}`);
        return { kind: 'members', ids: rows.map((r) => r.id) };
      }
      case 'vip':
        return { kind: 'vip', min: s.min, max: s.max };
    }
  }

  /** Sends a letter: one copy per recipient of the segment (a single member is personal, anything else a broadcast). */
  async sendLetter(d: LetterDraft, operator: string): Promise<{ id: string; recipients: number; box: LetterBox }> {
    this.site(d.siteCode);
    checkText(d.title, d.content);
    const now = this.now();
    const startAt = d.startAt ?? now;
    checkWindow(startAt, null);
    if (!LETTER_TYPES.includes(d.type)) throw new OperatorError(`type must be one of ${LETTER_TYPES.join(', ')}`);
    const personal = d.segment.kind === 'members' && d.segment.names.length === 1;
    if (personal && !PERSONAL_TYPES.includes(d.type))
      throw new OperatorError(`a letter to one member is one of ${PERSONAL_TYPES.join(', ')}`);
    const to = await this.recipients(d.siteCode, d.segment);
    const row: LetterTable = {
      id: randomId(),
      site_code: d.siteCode,
      type: d.type,
      broadcast: personal ? 0 : 1,
      title: d.title.trim(),
      content: d.content.trim(),
      segment: JSON.stringify(d.segment),
      recipients: 0,
      start_at: startAt,
      created_by: operator,
      created_at: now,
      revoked_at: null,
    };
    const recipients = await this.db.transaction().execute((tx) => letterRepository.insert(tx, row, to));
    await this.announce(row.id, startAt);
    return { id: row.id, recipients, box: boxOf(row.type, row.broadcast) };
  }

  /**
   * The funds letter (box fd) of a deposit credited, a withdrawal paid out or rejected, in the brand's
   * language. Sent once per order and event: a retried event finds its letter id taken and sends nothing.
   */
  async sendFundsLetter(e: FundsEvent): Promise<boolean> {
    const l = fundsLetter(e, this.sites.get(e.order.site_code)?.flags.defaultLanguage ?? 'zh-CN');
    const now = this.now();
    const row: LetterTable = {
      id: l.id,
      site_code: l.siteCode,
      type: 'fd',
      broadcast: 0,
      title: l.title,
      content: l.content,
      segment: JSON.stringify({ kind: 'members', names: [l.memberId] }),
      recipients: 0,
      start_at: now,
      created_by: 'system',
      created_at: now,
      revoked_at: null,
    };
    const sent = await this.db.transaction().execute((tx) => letterRepository.insertOnce(tx, row, { kind: 'members', ids: [l.memberId] }));
    if (sent) await this.announce(row.id, now);
    return sent;
  }

  /** Hands a started letter's recipients to the `delivered` hooks; a scheduled one is left to the members' polling. */
  private async announce(letterId: string, startAt: number): Promise<void> {
    if (this.delivered.length === 0 || startAt > this.now()) return;
    for (let after = ''; ;) {
      const ids = await letterRepository.recipientIds(this.db, letterId, after, DELIVERED_CHUNK);
      for (const f of ids.length > 0 ? this.delivered : [])
        await Promise.resolve()
          .then(() => f(ids))
          .catch(() => undefined);
      if (ids.length < DELIVERED_CHUNK) return;
      after = ids.at(-1)!;
    }
  }

  async revokeLetter(id: string): Promise<void> {
    if (!(await letterRepository.revoke(this.db, id, this.now()))) throw new OperatorError(`no letter ${id} (or already withdrawn)`);
  }

  async recentLetters(siteCode: number | undefined, limit = 30) {
    const rows = await letterRepository.recent(this.db, siteCode, limit);
    return Promise.all(rows.map(async (l) => ({ ...l, read: await letterRepository.readCount(this.db, l.id) })));
  }

  async publishNotice(d: NoticeDraft, operator: string, id = randomId()): Promise<{ id: string }> {
    this.site(d.siteCode);
    checkText(d.title, d.content);
    const now = this.now();
    const startAt = d.startAt ?? now;
    checkWindow(startAt, d.endAt);
    await noticeRepository.insert(this.db, {
      id,
      site_code: d.siteCode,
      category: d.category,
      title: d.title.trim(),
      content: d.content.trim(),
      marquee: d.marquee ? 1 : 0,
      start_at: startAt,
      end_at: d.endAt ?? null,
      created_by: operator,
      created_at: now,
      withdrawn_at: null,
    });
    return { id };
  }

  async withdrawNotice(id: string): Promise<void> {
    if (!(await noticeRepository.withdraw(this.db, id, this.now()))) throw new OperatorError(`no notice ${id} (or already withdrawn)`);
  }

  recentNotices(siteCode: number | undefined, limit = 30) {
    return noticeRepository.recent(this.db, siteCode, limit);
  }

  async publishAd(d: AdDraft, operator: string, id = randomId()): Promise<{ id: string }> {
    this.site(d.siteCode);
    checkText(d.title, d.content || d.title);
    if (!/^(https?:\/\/|\/)/.test(d.imageUrl) || d.imageUrl.length > 500)
      throw new OperatorError('image url must be http(s):// or a site path');
    if (d.linkUrl && (!/^(https?:\/\/|\/)/.test(d.linkUrl) || d.linkUrl.length > 500))
      throw new OperatorError('link must be http(s):// or a site path');
    const now = this.now();
    const startAt = d.startAt ?? now;
    checkWindow(startAt, d.endAt);
    await adRepository.insert(this.db, {
      id,
      site_code: d.siteCode,
      position: d.position,
      title: d.title.trim(),
      image_url: d.imageUrl,
      link_url: d.linkUrl,
      content: d.content.trim(),
      sort: d.sort,
      start_at: startAt,
      end_at: d.endAt ?? null,
      created_by: operator,
      created_at: now,
      withdrawn_at: null,
    });
    return { id };
  }

  async withdrawAd(id: string): Promise<void> {
    if (!(await adRepository.withdraw(this.db, id, this.now())))
      throw new OperatorError(`no advertising item ${id} (or already withdrawn)`);
  }

  recentAds(siteCode: number | undefined, limit = 30) {
    return adRepository.recent(this.db, siteCode, limit);
  }
}
