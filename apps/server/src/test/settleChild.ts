/**
 * A settling node for the settlement crash test (modules/tables/settleCrash.test.ts), run as its own process
 * (`node --import tsx`): it settles one drawn round on the given database and prints a line per committed batch,
 * so the test can SIGKILL it in the middle of the round. Env: DB_URL (a SQLite file or a PostgreSQL url),
 * DB_SCHEMA (PostgreSQL), ROUND_ID, TABLE_CODE.
 */
import { connect } from '../db/connect.ts';
import { TABLES } from '../modules/tables/config.ts';
import { tablesRepository } from '../modules/tables/repository.ts';
import { settleRound } from '../modules/tables/settle.ts';

const env = (k: string) => {
  const v = process.env[k];
  if (!v) throw new Error(`settleChild: ${k} is not set`);
  return v;
};

const handle = connect(env('DB_URL'), process.env.DB_SCHEMA ? { schema: process.env.DB_SCHEMA, poolMax: 2 } : {});
const t = TABLES.find((x) => x.code === env('TABLE_CODE'))!;
const round = await tablesRepository.round(handle.db, env('ROUND_ID'));
if (!round) throw new Error('settleChild: no such round');
process.stdout.write('start\n');
await settleRound(handle.db, t, round, Date.now(), (results) => process.stdout.write(`batch ${results.length}\n`));
process.stdout.write('done\n');
await handle.close();
