import { writeFileSync } from 'node:fs';
import type { KycStatus } from '../../db/schema.ts';
import { UsageError, need, type OpsCommand } from '../../ops/command.ts';

const STATUSES: readonly KycStatus[] = ['pending', 'verified', 'rejected'];
const iso = (ms: number | null) => (ms === null ? '' : new Date(Number(ms)).toISOString());

/** `--site 7000 --status pending` → { site, status }. */
function options(args: string[]): { siteCode?: number; status?: KycStatus } {
  const out: { siteCode?: number; status?: KycStatus } = {};
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1] ?? ''];
    if (flag === '--site' && /^\d{1,9}$/.test(value)) out.siteCode = Number(value);
    else if (flag === '--status' && (STATUSES as readonly string[]).includes(value)) out.status = value as KycStatus;
    else throw new UsageError(`unknown option ${flag ?? ''} ${value}`.trim());
  }
  return out;
}

/**
 * The compliance desk for identity verification until the console exists. Images are private: staff read them
 * only through `kyc:image` (written to a file of theirs), never through a URL. Every decision is in the audit log.
 */
export const kycCommands: OpsCommand[] = [
  {
    name: 'kyc:list',
    args: '[--site <code>] [--status pending|verified|rejected]',
    summary: 'identity verification submissions, oldest first',
    mutates: false,
    async run(ctx, args) {
      const rows = await (await ctx.services()).kyc.list(options(args));
      ctx.print(
        rows.map((r) => ({
          id: r.id,
          site: r.site_code,
          member: r.name,
          realName: r.real_name,
          birthday: r.birthday,
          document: `${r.document_type} …${r.document_last4}`,
          status: r.status,
          underage: r.underage === 1 ? 'yes' : '',
          reviewer: r.reviewer ?? '',
          submitted: iso(r.created_at),
        })),
      );
    },
  },
  {
    name: 'kyc:show',
    args: '<id>',
    summary: "one submission with the member's username and profile",
    mutates: false,
    async run(ctx, args) {
      const { submission: s, member } = await (await ctx.services()).kyc.show(need(args, 0, 'submission id'));
      ctx.print({
        id: s.id,
        site: s.site_code,
        member: member?.name ?? s.member_id,
        profileRealName: member?.realName ?? '',
        profileBirthday: member?.birthday ?? '',
        realName: s.real_name,
        birthday: s.birthday,
        documentType: s.document_type,
        documentLast4: s.document_last4,
        documentKey: s.document_hash,
        underage: s.underage === 1,
        status: s.status,
        reviewer: s.reviewer ?? '',
        reason: s.reason,
        submitted: iso(s.created_at),
        reviewed: iso(s.reviewed_at),
        images: `npm run ops -- kyc:image ${s.id} document|selfie <file>`,
      });
    },
  },
  {
    name: 'kyc:image',
    args: '<id> <document|selfie> <file>',
    summary: "write a submission's image to a file (private: no URL serves it)",
    mutates: true,
    async run(ctx, args) {
      const which = need(args, 1, 'document or selfie');
      if (which !== 'document' && which !== 'selfie') throw new UsageError('document or selfie');
      const file = await (await ctx.services()).kyc.image(need(args, 0, 'submission id'), which);
      if (!file) throw new Error('image not found');
      writeFileSync(need(args, 2, 'file'), file.data, { mode: 0o600 });
      return { which, mime: file.mime, bytes: file.data.length };
    },
  },
  {
    name: 'kyc:approve',
    args: '<id>',
    summary: "verify a pending submission (sets the member's real name and birthday where empty)",
    mutates: true,
    async run(ctx, args) {
      const row = await (await ctx.services()).kyc.approve(need(args, 0, 'submission id'), ctx.operator);
      return { member: row.member_id, status: 'verified' };
    },
  },
  {
    name: 'kyc:reject',
    args: '<id> <reason…>',
    summary: 'reject a pending submission; the player sees the reason and may submit again',
    mutates: true,
    async run(ctx, args) {
      const reason = args.slice(1).join(' ');
      if (!reason.trim()) throw new UsageError('missing reason');
      await (await ctx.services()).kyc.reject(need(args, 0, 'submission id'), ctx.operator, reason);
      return { status: 'rejected', reason };
    },
  },
];
