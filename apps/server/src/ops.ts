import { writeFileSync } from 'node:fs';
import { loadConfig, type Config } from './config.ts';
import { createServices } from './services.ts';
import type { DbHandle } from './db/connect.ts';
import { verifyLedger } from './ledger/verify.ts';
import { COMMON_INDEX_FILE, buildCommonPasswordIndex } from './modules/user/passwords.ts';
import { connect } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './db/seed.ts';

/**
 * Operator CLI until the console exists: `npm run ops -- <command>`.
 *   migrate            apply migrations and seed the demo brands
 *   sites              list the brands of this deployment
 *   ledger:verify      check the books' invariants (non-zero exit on any broken one)
 *   withdraw:list | withdraw:approve NO | withdraw:payout NO | withdraw:reject NO REASON
 *                      the withdrawal desk (approve, then pay out; rejecting returns the funds)
 *   common-index FILE  write the common-password index (the build does this)
 */
async function main(argv: string[]): Promise<void> {
  const [cmd] = argv;
  if (cmd === 'common-index') {
    // Used by scripts/build.mjs: no database needed.
    writeFileSync(argv[1] ?? COMMON_INDEX_FILE, buildCommonPasswordIndex());
    return;
  }
  const config = loadConfig();
  const handle = connect(config.databaseUrl);
  try {
    if (cmd === 'migrate') {
      console.log({ applied: await migrate(handle) });
      await seed(handle.db);
    } else if (cmd === 'ledger:verify') {
      const problems = await verifyLedger(handle.db);
      for (const p of problems) console.log(`BROKEN ${p.check}: ${p.detail}`);
      console.log(problems.length === 0 ? 'ledger: all invariants hold' : `ledger: ${problems.length} problem(s)`);
      process.exitCode = problems.length === 0 ? 0 : 1;
    } else if (cmd?.startsWith('withdraw:')) {
      await withdrawCommand(handle, config, cmd, argv.slice(1));
    } else if (cmd === 'sites') {
      const rows = await handle.db.selectFrom('sites').select(['site_code', 'title', 'domains', 'login_captcha', 'register_open']).execute();
      console.table(rows);
    } else {
      console.log('usage: npm run ops -- migrate | sites | ledger:verify | withdraw:list | withdraw:approve NO | withdraw:payout NO | withdraw:reject NO REASON');
      process.exitCode = 2;
    }
  } finally {
    await handle.close();
  }
}

async function withdrawCommand(handle: DbHandle, config: Config, cmd: string, args: string[]): Promise<void> {
  const services = await createServices(config, handle);
  const w = services.withdrawals;
  const operator = process.env.OPERATOR ?? process.env.USER ?? 'ops-cli';
  const [no, ...rest] = args;
  if (cmd === 'withdraw:list') {
    console.table((await w.pending()).map((o) => ({ order: o.order_no, member: o.member_id, amount: (Number(o.amount) / 100).toFixed(2), method: o.method, target: o.target, status: o.status })));
    return;
  }
  if (!no) throw new Error(`${cmd} needs an order number`);
  if (cmd === 'withdraw:approve') await w.approve(no, operator);
  else if (cmd === 'withdraw:payout') await w.payout(no, operator);
  else if (cmd === 'withdraw:reject') await w.reject(no, operator, rest.join(' ') || '审核未通过');
  else throw new Error(`unknown command ${cmd}`);
  console.log(`${cmd.split(':')[1]} ${no}: done`);
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
