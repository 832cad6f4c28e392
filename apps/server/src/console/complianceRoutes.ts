/** Compliance: identity verification review, player protection (read-only), members in debt. */
import { StatusCode } from '@portal/contract';
import { consoleComplianceApi as api, type KycRow } from '@portal/contract/console';
import type { KycSubmissionTable } from '../db/schema.ts';
import { membersOwing } from '../ledger/debt.ts';
import { fail } from '../lib/errors.ts';
import type { Services } from '../services.ts';
import { memberByName, page, refuse, sitesFor } from './operations/common.ts';
import { consoleRoute, type ConsoleContext, type ConsoleRoute } from './pipeline.ts';

type KycListRow = Pick<
  KycSubmissionTable,
  | 'id'
  | 'site_code'
  | 'real_name'
  | 'birthday'
  | 'document_type'
  | 'document_last4'
  | 'status'
  | 'underage'
  | 'reviewer'
  | 'reason'
  | 'created_at'
>;

const kycWire = (r: KycListRow, username: string): KycRow => ({
  id: r.id,
  siteCode: Number(r.site_code),
  username,
  realName: r.real_name,
  birthday: r.birthday,
  documentType: r.document_type,
  documentLast4: r.document_last4,
  status: r.status,
  underage: Number(r.underage) === 1,
  reviewer: r.reviewer,
  reason: r.reason,
  createdAt: Number(r.created_at),
});

export function complianceRoutes(s: Services): ConsoleRoute[] {
  const db = s.handle.db;
  const detail = async (ctx: ConsoleContext, id: string) => {
    const { submission: r, member } = await s.kyc.show(id).catch(() => fail(StatusCode.NOT_FOUND));
    ctx.assertSite(Number(r.site_code));
    ctx.audit = { target: member?.name ?? '', siteCode: Number(r.site_code) };
    return {
      ...kycWire(r, member?.name ?? ''),
      reviewedAt: r.reviewed_at === null ? null : Number(r.reviewed_at),
      profileRealName: member?.realName ?? null,
      profileBirthday: member?.birthday ?? null,
    };
  };
  const decided = async (ctx: ConsoleContext, id: string, decide: () => Promise<unknown>) => {
    const before = await detail(ctx, id);
    if (before.status !== 'pending') refuse('该申请已审核');
    await decide().catch(() => refuse('该申请已审核'));
    const after = await detail(ctx, id);
    ctx.audit = {
      target: after.username,
      siteCode: after.siteCode,
      before: { submission: id, status: before.status },
      after: { status: after.status, reason: after.reason },
    };
    return after;
  };

  return [
    consoleRoute(api.kycList, async (i, ctx) => {
      const sites = new Set(sitesFor(ctx, i.siteCode));
      const rows = (await s.kyc.list({ siteCode: i.siteCode, status: i.status, limit: 1000 })).filter((r) =>
        sites.has(Number(r.site_code)),
      );
      const { list, total } = page(rows, i);
      return { total, list: list.map((r) => kycWire(r, r.name)) };
    }),
    consoleRoute(api.kycShow, (i, ctx) => detail(ctx, i.id)),
    consoleRoute(api.kycImage, async (i, ctx) => {
      const d = await detail(ctx, i.id);
      const file = (await s.kyc.image(i.id, i.which)) ?? fail(StatusCode.NOT_FOUND);
      ctx.audit = { target: d.username, siteCode: d.siteCode, after: { submission: i.id, viewed: i.which, bytes: file.data.length } };
      return { mime: file.mime, dataUrl: `data:${file.mime};base64,${Buffer.from(file.data).toString('base64')}` };
    }),
    consoleRoute(api.kycApprove, (i, ctx) => decided(ctx, i.id, () => s.kyc.approve(i.id, ctx.staff.username))),
    consoleRoute(api.kycReject, (i, ctx) => decided(ctx, i.id, () => s.kyc.reject(i.id, ctx.staff.username, i.reason))),

    consoleRoute(api.protectionEvents, async (i) => {
      let base = db
        .selectFrom('protection_events as e')
        .innerJoin('members as m', 'm.id', 'e.member_id')
        .where('e.site_code', '=', i.siteCode);
      if (i.username) base = base.where('m.id', '=', (await memberByName(db, i.siteCode, i.username)).id);
      const [rows, total] = await Promise.all([
        base
          .select(['e.id', 'e.at', 'm.name', 'e.action', 'e.kind', 'e.period', 'e.before', 'e.after', 'e.detail'])
          .orderBy('e.id', 'desc')
          .limit(i.pageSize)
          .offset((i.page - 1) * i.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return {
        total: Number(total?.n ?? 0),
        list: rows.map((r) => ({ ...r, id: Number(r.id), at: Number(r.at), username: r.name })),
      };
    }),
    consoleRoute(api.protectionShow, async (i) => {
      const m = await memberByName(db, i.siteCode, i.username);
      const [limits, exclusions] = await Promise.all([
        db.selectFrom('protection_limits').selectAll().where('member_id', '=', m.id).orderBy('kind').execute(),
        db.selectFrom('protection_exclusions').selectAll().where('member_id', '=', m.id).orderBy('starts_at', 'desc').execute(),
      ]);
      return {
        username: m.name,
        limits: limits.map((l) => ({
          kind: l.kind,
          period: l.period,
          amount: l.amount === null ? null : Number(l.amount),
          pending:
            l.pending_at === null
              ? null
              : {
                  amount: l.pending_amount === null ? null : Number(l.pending_amount),
                  remove: Number(l.pending_remove) === 1,
                  at: Number(l.pending_at),
                },
        })),
        exclusions: exclusions.map((e) => ({
          kind: e.kind,
          startsAt: Number(e.starts_at),
          endsAt: e.ends_at === null ? null : Number(e.ends_at),
          allBrands: Number(e.all_brands) === 1,
          copied: e.source_id !== null,
        })),
      };
    }),
    consoleRoute(api.debts, async (i, ctx) => {
      const sites = new Set(sitesFor(ctx, i.siteCode));
      const rows = (await membersOwing(db, 10_000)).filter((r) => r.siteCode !== null && sites.has(Number(r.siteCode)));
      const { list, total } = page(rows, i);
      return {
        total,
        list: list.map((r) => ({ username: r.name ?? '', siteCode: Number(r.siteCode), currency: r.currency, owedFen: r.owedFen })),
      };
    }),
  ];
}
