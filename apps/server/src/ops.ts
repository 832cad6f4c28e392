import { writeFileSync } from 'node:fs';
import { loadConfig } from './config.ts';
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
    } else if (cmd === 'sites') {
      const rows = await handle.db.selectFrom('sites').select(['site_code', 'title', 'domains', 'login_captcha', 'register_open']).execute();
      console.table(rows);
    } else {
      console.log('usage: npm run ops -- migrate | sites | ledger:verify');
      process.exitCode = 2;
    }
  } finally {
    await handle.close();
  }
}

void main(process.argv.slice(2));
