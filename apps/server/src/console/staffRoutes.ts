/** Sign-in, staff accounts, brands and the audit log. */
import { StatusCode } from '@portal/contract';
import { consoleAuthApi as authApi, consoleStaffApi as api, type StaffRow } from '@portal/contract/console';
import { fail } from '../lib/errors.ts';
import { auditSettings, countAudit, listAudit } from '../ops/audit.ts';
import { verifyAuditLog } from '../ops/auditAnchor.ts';
import { consoleRoute, openConsoleRoute, type ConsoleContext, type ConsoleDeps, type ConsoleRoute } from './pipeline.ts';
import { staffBrandOf, staffWireOf } from './staffAuth.ts';
import { sitesOf, staffRowOf, type StaffRecord } from './staffRepository.ts';

const parseJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
};

/** A brand-scoped staff administrator manages only staff whose brands all lie within their own. */
function assertManageable(ctx: ConsoleContext, sites: number[] | null): void {
  if (ctx.staff.sites === null) return;
  if (sites === null || !sites.every((c) => ctx.staff.sites!.includes(c))) fail(StatusCode.ACCESS_DENIED);
}

const brandOf = staffBrandOf;

export function staffRoutes(d: ConsoleDeps): ConsoleRoute[] {
  const { auth, db } = d;
  const repo = auth.repo;
  const load = async (ctx: ConsoleContext, id: number): Promise<StaffRecord> => {
    const r = (await repo.byId(id)) ?? fail(StatusCode.NOT_FOUND);
    const sites = sitesOf(r);
    if (ctx.staff.sites !== null && (sites === null || !sites.some((c) => ctx.canSee(c)))) fail(StatusCode.NOT_FOUND);
    return r;
  };
  const changed = async (ctx: ConsoleContext, id: number, before: StaffRow): Promise<StaffRow> => {
    const after = staffRowOf((await repo.byId(id))!);
    ctx.audit = { target: after.username, siteCode: brandOf(after.sites), before, after };
    return after;
  };
  return [
    openConsoleRoute(authApi.login, (i, c) => auth.login(i.username, i.password, c.ip)),
    openConsoleRoute(authApi.verify, (i, c) => auth.verify(i, c.ip, c.userAgent)),
    consoleRoute(authApi.me, async (_i, ctx) => staffWireOf(ctx.staff)),
    consoleRoute(authApi.logout, async (_i, ctx) => {
      await auth.logout(ctx.staff);
      return null;
    }),
    consoleRoute(authApi.cliToken, async (_i, ctx) => {
      ctx.audit = { target: ctx.staff.username, siteCode: staffBrandOf(ctx.staff.sites) };
      const t = await auth.cliToken(ctx.staff);
      ctx.audit.after = { expiresAt: t.expiresAt };
      return t;
    }),
    consoleRoute(authApi.changePassword, async (i, ctx) => {
      ctx.audit.target = ctx.staff.username;
      await auth.changePassword(ctx.staff, i.oldPassword, i.newPassword, i.code);
      return null;
    }),
    consoleRoute(api.sites, async (_i, ctx) =>
      d.sites
        .all()
        .filter((s) => ctx.canSee(s.siteCode))
        .map((s) => ({ siteCode: s.siteCode, title: s.title })),
    ),
    consoleRoute(api.list, async (i, ctx) => {
      const { rows, total } = await repo.list(i.keyword, i.pageSize, (i.page - 1) * i.pageSize);
      // A brand-scoped reader sees the staff who share one of their brands (and is told the filtered count).
      const visible = rows.filter((r) => ctx.staff.sites === null || (sitesOf(r)?.some((c) => ctx.canSee(c)) ?? false));
      return { list: visible.map(staffRowOf), total: ctx.staff.sites === null ? total : visible.length };
    }),
    consoleRoute(api.create, async (i, ctx) => {
      assertManageable(ctx, i.sites);
      if (await repo.byUsername(i.username)) fail(StatusCode.DATA_EXISTS);
      const now = Date.now();
      const id = await repo.insert({
        username: i.username,
        display_name: i.displayName,
        password_hash: await auth.hash(i.password),
        totp_secret: null,
        totp_enabled: 0,
        totp_last_step: 0,
        roles: JSON.stringify(i.roles),
        sites: i.sites === null ? null : JSON.stringify(i.sites),
        ip_allow: JSON.stringify(i.ipAllowList),
        disabled: 0,
        failures: 0,
        locked_until: 0,
        last_login_at: null,
        created_by: ctx.staff.username,
        created_at: now,
        updated_at: now,
      });
      const row = staffRowOf((await repo.byId(id))!);
      ctx.audit = { target: row.username, siteCode: brandOf(row.sites), after: row };
      return row;
    }),
    consoleRoute(api.update, async (i, ctx) => {
      const r = await load(ctx, i.id);
      assertManageable(ctx, sitesOf(r));
      if (i.sites !== undefined) assertManageable(ctx, i.sites);
      if (i.id === ctx.staff.id && (i.disabled === true || i.roles !== undefined)) fail(StatusCode.ACCESS_DENIED);
      const before = staffRowOf(r);
      await repo.update(i.id, {
        ...(i.displayName !== undefined ? { display_name: i.displayName } : {}),
        ...(i.roles !== undefined ? { roles: JSON.stringify(i.roles) } : {}),
        ...(i.sites !== undefined ? { sites: i.sites === null ? null : JSON.stringify(i.sites) } : {}),
        ...(i.ipAllowList !== undefined ? { ip_allow: JSON.stringify(i.ipAllowList) } : {}),
        ...(i.disabled !== undefined ? { disabled: i.disabled ? 1 : 0 } : {}),
        updated_at: Date.now(),
      });
      if (i.disabled === true) await repo.revokeAll(i.id);
      return changed(ctx, i.id, before);
    }),
    consoleRoute(api.resetTotp, async (i, ctx) => {
      const r = await load(ctx, i.id);
      assertManageable(ctx, sitesOf(r));
      const before = staffRowOf(r);
      await repo.update(i.id, { totp_enabled: 0, totp_secret: null, totp_last_step: 0, updated_at: Date.now() });
      await repo.replaceRecoveryCodes(i.id, []);
      await repo.revokeAll(i.id);
      await changed(ctx, i.id, before);
      return null;
    }),
    consoleRoute(api.resetPassword, async (i, ctx) => {
      const r = await load(ctx, i.id);
      assertManageable(ctx, sitesOf(r));
      await repo.update(i.id, { password_hash: await auth.hash(i.password), failures: 0, locked_until: 0, updated_at: Date.now() });
      await repo.revokeAll(i.id);
      ctx.audit = { target: r.username, siteCode: brandOf(sitesOf(r)) };
      return null;
    }),
    consoleRoute(api.auditList, async (i, ctx) => {
      const f = {
        action: i.action,
        actor: i.actor,
        siteCode: i.siteCode,
        from: i.from,
        to: i.to,
        sites: ctx.staff.sites === null ? null : ctx.sites,
      };
      const [rows, total] = await Promise.all([
        listAudit(db, { ...f, limit: i.pageSize, offset: (i.page - 1) * i.pageSize }),
        countAudit(db, f),
      ]);
      return {
        total,
        list: rows.map((r) => ({
          id: Number(r.id),
          at: Number(r.at),
          actor: r.actor,
          actorKind: r.actor_kind,
          siteCode: r.site_code === null ? null : Number(r.site_code),
          action: r.action,
          target: r.target,
          before: parseJson(r.before),
          after: parseJson(r.after),
          outcome: r.outcome,
          hash: r.hash,
        })),
      };
    }),
    consoleRoute(api.auditVerify, async () => {
      const r = await verifyAuditLog(db, auditSettings(db));
      return { ok: r.ok, rows: r.rows, brokenAt: r.brokenAt, problem: r.problem };
    }),
  ];
}
