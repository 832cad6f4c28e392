/** Money grants and manual adjustments: request, list, approve, reject. See grants/service.ts. */
import { StatusCode } from '@portal/contract';
import { consoleGrantsApi as api, type GrantKind, type Permission } from '@portal/contract/console';
import { parseWireAmount } from '@portal/rules';
import { fail } from '../lib/errors.ts';
import { decideFlagged } from '../modules/promotions/admin.ts';
import type { Services } from '../services.ts';
import { Grants, grantWire } from './grants/service.ts';
import { consoleMemberRepository as repo } from './members/repository.ts';
import { refuse, usernames } from './operations/common.ts';
import { consoleRoute, type ConsoleContext, type ConsoleDeps, type ConsoleRoute } from './pipeline.ts';
import type { StaffGrantTable } from '../db/schema.ts';

/** The permission a grant's approver holds: the one its request needed. */
const APPROVER: Record<GrantKind, Permission> = { vip: 'member.vip', promo: 'promo.review', adjust: 'member.write' };

export function grantsOf(s: Services): Grants {
  const db = s.handle.db;
  return new Grants(db, (c) => s.sites.get(c)?.flags.grantSecondApprovalFen, {
    vip: (memberId, siteCode, grade) => s.vip.setGrade(memberId, siteCode, grade),
    promo: (rewardId, decidedBy) => decideFlagged(db, rewardId, 'paid', decidedBy),
  });
}

export function grantsRoutes(s: Services, d: ConsoleDeps, grants: Grants): ConsoleRoute[] {
  const { db } = d;
  const wire = async (g: StaffGrantTable) => grantWire(g, (await usernames(db, [g.member_id])).get(g.member_id) ?? '');
  const decide = async (ctx: ConsoleContext, id: string, to: 'applied' | 'rejected', reason?: string) => {
    const g = (await grants.byId(id)) ?? fail(StatusCode.NOT_FOUND);
    ctx.assertSite(Number(g.site_code));
    if (!ctx.staff.permissions.has(APPROVER[g.kind])) fail(StatusCode.ACCESS_DENIED);
    const before = await wire(g);
    ctx.audit = { target: before.username, siteCode: Number(g.site_code), before };
    const after = await wire(await grants.decide(id, ctx.staff.username, to));
    ctx.audit.after = reason ? { ...after, rejectReason: reason } : after;
    return after;
  };
  return [
    consoleRoute(api.adjust, async (i, ctx) => {
      const m = (await repo.byUsername(db, i.siteCode, i.username)) ?? fail(StatusCode.NOT_FOUND);
      ctx.assertSite(m.site_code);
      const amount = parseWireAmount(i.amount) ?? refuse('金额不合法');
      const g = await grants.request(ctx.staff.username, {
        siteCode: m.site_code,
        memberId: m.id,
        kind: 'adjust',
        amount,
        params: {},
        reason: i.reason,
      });
      const out = await wire(g);
      ctx.audit = { target: m.name, siteCode: m.site_code, after: out };
      return out;
    }),
    consoleRoute(api.list, async (i, ctx) => {
      const sites = i.siteCode === undefined ? ctx.sites : [i.siteCode];
      const { rows, total } = await grants.list(sites, i.status, i.pageSize, (i.page - 1) * i.pageSize);
      const names = await usernames(
        db,
        rows.map((r) => r.member_id),
      );
      return { total, list: rows.map((r) => grantWire(r, names.get(r.member_id) ?? '')) };
    }),
    consoleRoute(api.approve, (i, ctx) => decide(ctx, i.id, 'applied')),
    consoleRoute(api.reject, (i, ctx) => decide(ctx, i.id, 'rejected', i.reason)),
  ];
}
