import type { Config } from '../config.ts';
import type { DbHandle } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../seed.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { depositCommands } from '../modules/deposit/ops.ts';
import { withdrawCommands } from '../modules/withdraw/ops.ts';
import { promotionCommands } from '../modules/promotions/ops.ts';
import { messageCommands } from '../modules/messages/ops.ts';
import { feedbackCommands } from '../modules/feedback/ops.ts';
import { supportCommands } from '../modules/support/ops.ts';
import { vipCommands } from '../modules/vip/ops.ts';
import { sportCommands } from '../modules/sport/ops.ts';
import { walletCommands } from '../modules/wallet/ops.ts';
import { casinoCommands } from '../modules/casino/ops.ts';
import { tableCommands } from '../modules/tables/ops.ts';
import { kycCommands } from '../modules/compliance/kycOps.ts';
import { protectionCommands } from '../modules/compliance/ops.ts';
import { siteCommands } from '../modules/site/ops.ts';
import { consoleCommands } from '../console/ops.ts';
import { reportCommands } from '../console/reports/ops.ts';
import { liveCommands } from '../modules/live/ops.ts';
import { createServices, type Services } from '../services.ts';
import { configureAudit, listAudit, recordAudit } from './audit.ts';
import { UsageError, type OpsCommand, type OpsContext } from './command.ts';
import type { Permission } from '@portal/contract/console';
import { StaffAuth, type CliCredentials } from '../console/staffAuth.ts';
import { StaffRepository } from '../console/staffRepository.ts';

const platformCommands: OpsCommand[] = [
  {
    name: 'migrate',
    summary: 'apply migrations and seed the demo brands',
    mutates: true,
    target: () => 'database',
    async run(ctx) {
      ctx.print({ applied: await migrate(ctx.handle) });
      await seed(ctx.handle.db, Date.now(), { sandbox: ctx.config.providers === 'sandbox' });
    },
  },
  {
    name: 'sites',
    summary: 'the brands of this deployment',
    mutates: false,
    async run(ctx) {
      ctx.print(
        await ctx.handle.db.selectFrom('sites').select(['site_code', 'title', 'domains', 'login_captcha', 'register_open']).execute(),
      );
    },
  },
  {
    name: 'ledger:verify',
    summary: "check the books' invariants (exit 1 on any broken one)",
    mutates: false,
    async run(ctx) {
      const problems = await verifyLedger(ctx.handle.db);
      for (const p of problems) ctx.print(`BROKEN ${p.check}: ${p.detail}`);
      ctx.print(problems.length === 0 ? 'ledger: all invariants hold' : `ledger: ${problems.length} problem(s)`);
      if (problems.length > 0) ctx.fail();
    },
  },
  {
    name: 'audit:list',
    args: '[action] [limit]',
    summary: 'the operator audit log, newest first',
    mutates: false,
    async run(ctx, args) {
      const rows = await listAudit(ctx.handle.db, { action: args[0] || undefined, limit: args[1] ? Number(args[1]) : undefined });
      ctx.print(
        rows.map((r) => ({
          at: new Date(Number(r.at)).toISOString(),
          actor: r.actor,
          action: r.action,
          target: r.target,
          outcome: r.outcome,
          detail: r.detail,
        })),
      );
    },
  },
];

/**
 * Every operator command. A domain adds its own list here (`modules/<domain>/ops.ts`); names are
 * `<domain>:<verb>` and unique (checked by the dispatcher test).
 */
export const OPS_COMMANDS: readonly OpsCommand[] = [
  ...platformCommands,
  ...depositCommands,
  ...withdrawCommands,
  ...messageCommands,
  ...feedbackCommands,
  ...supportCommands,
  ...vipCommands,
  ...promotionCommands,
  ...sportCommands,
  ...walletCommands,
  ...casinoCommands,
  ...tableCommands,
  ...kycCommands,
  ...protectionCommands,
  ...siteCommands,
  ...consoleCommands,
  ...reportCommands,
  // Live rooms (issue 34)
  ...liveCommands,
];

export function usage(): string {
  const lines = OPS_COMMANDS.map((c) => `  ${`${c.name} ${c.args ?? ''}`.padEnd(44)} ${c.summary}`);
  return ['usage: npm run ops -- <command> [arguments]', ...lines].join('\n');
}

/**
 * Commands that move or create money, and the console permission each needs. Once the
 * deployment has a staff account they run only as a real staff member — a one-time token from the console
 * (STAFF_TOKEN) or the account's password and a current code (STAFF_USERNAME, STAFF_PASSWORD, STAFF_CODE) — who
 * must hold the permission and work on every brand; the command then acts under that staff member's name (the
 * withdrawal review's four eyes compare real accounts). Before the first staff account exists (first setup) they
 * run as the operator.
 */
export const MONEY_COMMANDS: Readonly<Record<string, Permission>> = {
  'withdraw:approve': 'withdraw.risk',
  'withdraw:reject': 'withdraw.risk',
  'withdraw:payout': 'withdraw.pay',
  'withdraw:reconcile': 'withdraw.pay',
  'deposit:reconcile': 'deposit.reconcile',
  'promo:pay': 'promo.review',
  'promo:settle': 'promo.write',
  'vip:set': 'vip.write',
  'vip:rebate': 'vip.write',
  'sport:result': 'sport.write',
  'sport:settle': 'sport.write',
  'sport:cancel-event': 'sport.write',
  'sport:restore': 'sport.write',
  'sport:cancel': 'sport.write',
  'table:cancel': 'games.write',
};

/** The name a money command runs under, or null when refused (see MONEY_COMMANDS). */
async function moneyOperator(o: RunOptions, permission: Permission): Promise<{ name: string; via: string } | null> {
  const db = o.handle.db;
  const anyStaff = await db.selectFrom('staff').select('id').limit(1).executeTakeFirst();
  if (!anyStaff) return { name: o.operator, via: 'first-setup' };
  const auth = new StaffAuth(new StaffRepository(db), o.config.passwordPepper);
  const p = await auth.cliIdentity(o.credentials ?? {});
  if (!p || !p.permissions.has(permission) || p.sites !== null) return null;
  return { name: p.username, via: o.credentials?.token ? 'token' : 'password' };
}

export interface RunOptions {
  handle: DbHandle;
  config: Config;
  operator: string;
  /** A money command's staff member (MONEY_COMMANDS): ops.ts reads STAFF_TOKEN, or STAFF_USERNAME/STAFF_PASSWORD/STAFF_CODE. */
  credentials?: CliCredentials;
  print?: (v: unknown) => void;
  /** Tests pass the services they already built (left open: they are the caller's). */
  services?: Services;
  /** How a command that needs services builds them (default createServices); runOps closes what it built. */
  buildServices?: () => Promise<Services>;
}

/** Runs one command; mutating commands are written to the audit log with their outcome. Returns the exit code. */
export async function runOps(argv: string[], o: RunOptions): Promise<number> {
  const print =
    o.print ?? ((v: unknown) => (typeof v === 'string' ? console.log(v) : Array.isArray(v) ? console.table(v) : console.log(v)));
  const cmd = OPS_COMMANDS.find((c) => c.name === argv[0]);
  if (!cmd) {
    print(usage());
    return 2;
  }
  configureAudit(o.handle.db, { key: o.config.auditKey, anchorFile: o.config.auditAnchorFile });
  const args = argv.slice(1);
  const permission = MONEY_COMMANDS[cmd.name];
  let operator = o.operator;
  if (permission) {
    const who = await moneyOperator(o, permission);
    if (!who) {
      await recordAudit(o.handle.db, {
        actor: o.operator,
        action: cmd.name,
        target: cmd.target ? cmd.target(args) : (args[0] ?? ''),
        detail: { args, refused: 'staff', needs: permission },
        outcome: 'failed',
      }).catch(() => undefined);
      print(
        `${cmd.name}: refused — a money command runs as a staff member holding ${permission} on every brand: ` +
          'STAFF_TOKEN=<one-time token from the console, auth/cliToken> or STAFF_USERNAME, STAFF_PASSWORD and STAFF_CODE',
      );
      return 3;
    }
    operator = who.name;
  }
  let built: Promise<Services> | undefined = o.services ? Promise.resolve(o.services) : undefined;
  let failed = false;
  const ctx: OpsContext = {
    handle: o.handle,
    config: o.config,
    operator,
    print,
    fail: () => {
      failed = true;
    },
    services: () => (built ??= o.buildServices ? o.buildServices() : createServices(o.config, o.handle)),
  };
  // Every command is recorded (every ops command in the audit log); a read-only one keeps no result
  // (lists can be long) and never fails because the log cannot be written (a database not migrated yet).
  const audit = (outcome: 'ok' | 'failed', result: unknown) => {
    const row = recordAudit(o.handle.db, {
      actor: operator,
      action: cmd.name,
      target: cmd.target ? cmd.target(args) : (args[0] ?? ''),
      detail: { args, ...(cmd.mutates ? { result } : {}) },
      outcome,
    });
    return cmd.mutates ? row : row.catch(() => undefined);
  };
  try {
    const result = await cmd.run(ctx, args);
    await audit('ok', result ?? null);
    if (cmd.mutates) print(`${cmd.name} ${args[0] ?? ''}: done`.trim());
    return failed ? 1 : 0;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    // A failed migrate has no audit table to write to; everything else records its failure.
    await audit('failed', { error: message }).catch(() => undefined);
    print(
      e instanceof UsageError
        ? `${cmd.name}: ${message}\nusage: npm run ops -- ${cmd.name} ${cmd.args ?? ''}`
        : `${cmd.name} failed: ${message}`,
    );
    return e instanceof UsageError ? 2 : 1;
  } finally {
    // Services the command built hold a Redis connection and timers: a CLI that left them open never exits.
    if (built && !o.services) await (await built).close({ keepHandle: true });
  }
}
