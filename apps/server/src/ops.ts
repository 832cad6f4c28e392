import { writeFileSync } from 'node:fs';
import { loadConfig } from './config.ts';
import { COMMON_INDEX_FILE, buildCommonPasswordIndex } from './modules/user/passwords.ts';
import { connect } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './db/seed.ts';

/**
 * Operator CLI until the console exists: `npm run ops -- <command>`.
 *   migrate            apply migrations and seed the demo brands
 *   sites              list the brands of this deployment
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
    } else if (cmd === 'sites') {
      const rows = await handle.db.selectFrom('sites').select(['site_code', 'title', 'domains', 'login_captcha', 'register_open']).execute();
      console.table(rows);
    } else {
      console.log('usage: npm run ops -- migrate | sites');
      process.exitCode = 2;
    }
  } finally {
    await handle.close();
  }
}

void main(process.argv.slice(2));
