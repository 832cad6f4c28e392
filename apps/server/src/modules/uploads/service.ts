import { createHash } from 'node:crypto';
import { LIMITS, StatusCode, type TextKey } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import type { UploadTable } from '../../db/schema.ts';
import type { MemberCaller } from '../user/caller.ts';
import { fail } from '../../lib/errors.ts';
import { hit, type Limiters } from '../../lib/rateLimit.ts';
import { randomId } from '../../lib/crypto.ts';
import { memberRepository } from '../user/repository.ts';
import { decodeBase64Image, imageInfo } from './imageInfo.ts';
import { PRESET_AVATARS, presetUrl } from './presets.ts';
import { uploadRepository as repo } from './repository.ts';

export type UploadPurpose = 'avatar' | 'feedback' | 'kyc';
/** Purposes whose files are never served by GET /uploads (identity documents, selfies). */
const PRIVATE_PURPOSES: ReadonlySet<UploadPurpose> = new Set(['kyc']);

export const UPLOAD_URL_PREFIX = '/uploads/';
export const uploadUrl = (sha256: string) => `${UPLOAD_URL_PREFIX}${sha256}`;

const badFile = (key: TextKey): never => fail(StatusCode.FILE_UPLOAD_FAILURE, { key });

/** A base64 image the server accepts (a known type, within the size and side limits; 6010 otherwise) as the file row to store. */
function checkedImage(image: string, now: number, isPublic: boolean) {
  const file = decodeBase64Image(image);
  if (!file || file.length === 0) return badFile('UPLOAD_TYPE');
  if (file.length > LIMITS.UPLOAD_MAX_BYTES) return badFile('UPLOAD_TOO_LARGE');
  const info = imageInfo(file);
  if (!info) return badFile('UPLOAD_TYPE');
  const max = LIMITS.UPLOAD_MAX_SIDE_PX;
  if (info.width < 1 || info.height < 1 || info.width > max || info.height > max) return badFile('UPLOAD_DIMENSIONS');
  const sha256 = createHash('sha256').update(file).digest('hex');
  const blob = { sha256, mime: info.mime, bytes: file.length, width: info.width, height: info.height, data: file, created_at: now };
  return { ...blob, public: isPublic ? (1 as const) : (0 as const) };
}

/** Image uploads (avatar, feedback) and the member's avatar. */
export class UploadService {
  constructor(private readonly d: { db: Db; limiters: Limiters }) {}

  async upload(input: { purpose: UploadPurpose; image: string }, ctx: MemberCaller, now = Date.now()) {
    const member = await ctx.member.row();
    // Every attempt counts, good or bad: the budget also caps the work hostile files can cause.
    const wait = await hit(this.d.limiters.uploads, member.id);
    if (wait) fail(StatusCode.FREQUENT_SUBMISSION, { data: { retryAfter: wait } });
    const id = randomId();
    const isPrivate = PRIVATE_PURPOSES.has(input.purpose);
    const blob = checkedImage(input.image, now, !isPrivate);
    const { sha256 } = blob;
    await this.d.db.transaction().execute(async (tx) => {
      await repo.putBlob(tx, blob);
      await repo.insert(tx, { id, member_id: member.id, site_code: member.site_code, purpose: input.purpose, sha256, created_at: now });
    });
    return { id, url: isPrivate ? '' : uploadUrl(sha256), mime: blob.mime, bytes: blob.bytes, width: blob.width, height: blob.height };
  }

  /**
   * The member's own uploads of a purpose, one per id, in the order asked: for anything that attaches
   * images (avatar, feedback). An id that is unknown, someone else's or of another purpose fails the
   * whole call with 6004 — the same answer in each case, so ids of others cannot be probed.
   */
  async attachable(memberId: string, ids: string[], purpose: UploadPurpose): Promise<Array<UploadTable & { url: string }>> {
    const unique = [...new Set(ids)];
    const rows = await repo.owned(this.d.db, memberId, unique, purpose);
    if (rows.length !== unique.length) fail(StatusCode.NOT_FOUND, { key: 'UPLOAD_NOT_YOURS' });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return unique.map((id) => ({ ...byId.get(id)!, url: uploadUrl(byId.get(id)!.sha256) }));
  }

  /** An image by content hash, for GET /uploads/<sha256>; null when there is none or it is private (KYC). */
  async file(sha256: string): Promise<{ mime: string; data: Buffer } | null> {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return null;
    const row = await repo.publicBlob(this.d.db, sha256);
    return row ? { mime: row.mime, data: Buffer.from(row.data) } : null;
  }

  /**
   * An image staff publish (a banner of the console): checked like a member's upload, stored public and
   * content-addressed (no member owns it); answers its address.
   */
  async staffImage(image: string, now = Date.now()) {
    const blob = checkedImage(image, now, true);
    await repo.putBlob(this.d.db, blob);
    return { url: uploadUrl(blob.sha256), width: blob.width, height: blob.height, bytes: blob.bytes };
  }

  /** Any upload's file by its id, private ones included: for compliance staff (the ops CLI), never for a route. */
  async staffFile(uploadId: string): Promise<{ mime: string; data: Buffer } | null> {
    const row = await repo.fileOf(this.d.db, uploadId);
    return row ? { mime: row.mime, data: Buffer.from(row.data) } : null;
  }

  async avatarList(ctx: MemberCaller) {
    return { current: (await ctx.member.row()).avatar ?? null, list: PRESET_AVATARS.map((id) => ({ id, url: presetUrl(id) })) };
  }

  async addAvatar(input: { avatarId?: string | undefined; uploadId?: string | undefined }, ctx: MemberCaller) {
    const member = await ctx.member.row();
    if ((input.avatarId === undefined) === (input.uploadId === undefined)) fail(StatusCode.INVALID_PARAMETER, { httpStatus: 400 });
    let avatar: string;
    if (input.avatarId !== undefined) {
      if (!PRESET_AVATARS.includes(input.avatarId)) fail(StatusCode.NOT_FOUND, { key: 'AVATAR_NOT_FOUND' });
      avatar = presetUrl(input.avatarId);
    } else {
      avatar = (await this.attachable(member.id, [input.uploadId!], 'avatar'))[0]!.url;
    }
    await memberRepository.update(this.d.db, member.id, { avatar });
    return { avatar };
  }
}
