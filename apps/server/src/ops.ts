import { writeFileSync } from 'node:fs';
import { loadConfig } from './config.ts';
import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';
import { connect, type DbHandle } from './db/connect.ts';
import { createBus } from './realtime/bus.ts';
import { syncSessions } from './modules/user/sessionSync.ts';
import { COMMON_INDEX_FILE, buildCommonPasswordIndex } from './modules/user/passwords.ts';
import { runOps } from './ops/dispatch.ts';

/**
 * Operator CLI until the console exists: `npm run ops -- <command>` (no command: the list).
 * Commands live with their domain (`modules/<domain>/ops.ts`) and are listed in ops/dispatch.ts;
 * every command that changes something is written to the audit log (`npm run ops -- audit:list`).
 */
async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'common-index') {
    // Used by scripts/build.mjs: no database needed.
    writeFileSync(argv[1] ?? COMMON_INDEX_FILE, buildCommonPasswordIndex());
    return;
  }
  const config = loadConfig();
  const handle = connect(config.databaseUrl);
  // PostgreSQL + Redis: what a command changes in sessions or members is announced to the nodes' session caches.
  const announce = await sessionAnnouncer(handle, config.redisUrl);
  try {
    const operator = process.env.OPERATOR ?? process.env.USER ?? 'ops-cli';
    const env = process.env;
    // Money commands act as a real staff member (ops/dispatch.ts MONEY_COMMANDS), never as the OPERATOR name.
    const credentials = { token: env.STAFF_TOKEN, username: env.STAFF_USERNAME, password: env.STAFF_PASSWORD, code: env.STAFF_CODE };
    process.exitCode = (await runOps(argv, { handle, config, operator, credentials })) || process.exitCode;
  } finally {
    await announce?.close();
    await handle.close();
  }
}

async function sessionAnnouncer(handle: DbHandle, redisUrl: string | null) {
  if (!redisUrl || handle.dialect !== 'postgres') return null;
  const { Redis } = createRequire(import.meta.url)('ioredis') as { Redis: typeof RedisClient };
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const bus = createBus(redis, 'portal:rt');
  const sync = syncSessions(handle, bus);
  return {
    async close() {
      sync?.stop();
      await bus.close();
      await redis.quit().catch(() => undefined);
    },
  };
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
