/** Console staff from the command line: the first super admin, unlocking, and the audit chain's check. */
import { ROLES, type Role } from '@portal/contract/console';
import { randomToken } from '../lib/crypto.ts';
import { anchorAudit, verifyAuditLog } from '../ops/auditAnchor.ts';
import { UsageError, need, type OpsCommand } from '../ops/command.ts';
import { StaffAuth } from './staffAuth.ts';
import { StaffRepository } from './staffRepository.ts';

const authOf = (ctx: Parameters<OpsCommand['run']>[0]) => new StaffAuth(new StaffRepository(ctx.handle.db), ctx.config.passwordPepper);

export const consoleCommands: OpsCommand[] = [
  {
    name: 'staff:create',
    args: '<username> <role[,role…]> [siteCode,…|*]',
    summary: 'a console staff account (a first super admin: staff:create admin super_admin); prints a one-time password',
    mutates: true,
    async run(ctx, args) {
      const username = need(args, 0, 'username');
      if (!/^[A-Za-z0-9_.-]{3,32}$/.test(username)) throw new UsageError('username: 3–32 letters, digits, _ . -');
      const roles = need(args, 1, 'roles').split(',');
      const bad = roles.filter((r) => !(ROLES as readonly string[]).includes(r));
      if (bad.length) throw new UsageError(`unknown role ${bad.join(', ')} (roles: ${ROLES.join(', ')})`);
      const siteArg = args[2] ?? '*';
      const sites = siteArg === '*' ? null : siteArg.split(',').map(Number);
      if (sites && sites.some((c) => !Number.isInteger(c) || c <= 0)) throw new UsageError('sites: brand codes separated by commas, or *');
      const auth = authOf(ctx);
      if (await auth.repo.byUsername(username)) throw new Error(`staff ${username} exists`);
      const password = process.env.STAFF_PASSWORD || randomToken(12);
      const now = Date.now();
      const id = await auth.repo.insert({
        username,
        display_name: username,
        password_hash: await auth.hash(password),
        totp_secret: null,
        totp_enabled: 0,
        totp_last_step: 0,
        roles: JSON.stringify(roles as Role[]),
        sites: sites === null ? null : JSON.stringify(sites),
        ip_allow: '[]',
        disabled: 0,
        failures: 0,
        locked_until: 0,
        last_login_at: null,
        created_by: ctx.operator,
        created_at: now,
        updated_at: now,
      });
      ctx.print(
        `staff ${username} (#${id}) created with roles ${roles.join(', ')}${process.env.STAFF_PASSWORD ? '' : `; one-time password: ${password}`}`,
      );
      ctx.print('Sign in at /console: the first sign-in enrols the authenticator app (TOTP) and shows the recovery codes.');
      return { id, username, roles, sites };
    },
  },
  {
    name: 'staff:unlock',
    args: '<username>',
    summary: "clear a staff member's sign-in lock (after too many wrong passwords or codes)",
    mutates: true,
    async run(ctx, args) {
      const auth = authOf(ctx);
      const r = await auth.repo.byUsername(need(args, 0, 'username'));
      if (!r) throw new Error('no such staff member');
      await auth.repo.update(Number(r.id), { failures: 0, locked_until: 0, updated_at: Date.now() });
    },
  },
  {
    name: 'staff:list',
    summary: 'console staff accounts',
    mutates: false,
    async run(ctx) {
      const rows = await ctx.handle.db
        .selectFrom('staff')
        .select(['id', 'username', 'roles', 'sites', 'disabled', 'totp_enabled'])
        .execute();
      ctx.print(rows);
    },
  },
  {
    name: 'audit:verify',
    summary: "walk the audit log's keyed hash chain and check it against the anchor file (exit 1 on an edit, a re-hash or a truncation)",
    mutates: false,
    async run(ctx) {
      const r = await verifyAuditLog(ctx.handle.db, { key: ctx.config.auditKey, anchorFile: ctx.config.auditAnchorFile });
      ctx.print(
        r.ok
          ? `audit: chain intact over ${r.rows} row(s), ${r.anchors} anchor(s) hold`
          : `audit: BROKEN at row ${r.brokenAt} (${r.problem})`,
      );
      if (!r.ok) ctx.fail();
      return r;
    },
  },
  {
    name: 'audit:anchor',
    summary: "append the audit log's head (count + hash) to AUDIT_ANCHOR_FILE now (each node also does it every AUDIT_ANCHOR_MS)",
    mutates: true,
    target: () => 'audit_log',
    async run(ctx) {
      if (!ctx.config.auditAnchorFile) throw new UsageError('AUDIT_ANCHOR_FILE is not set');
      const a = await anchorAudit(ctx.handle.db, ctx.config.auditAnchorFile, ctx.config.auditKey);
      ctx.print(a ? `audit: anchored ${a.count} row(s) at #${a.id}` : 'audit: head already anchored');
      return a;
    },
  },
];
