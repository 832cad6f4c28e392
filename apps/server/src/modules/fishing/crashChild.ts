/**
 * A fishing node for the takeover test (takeover.test.ts), run as its own process (`node --import tsx`): it seats
 * the given members in a room and fires at fish on screen without pause, printing `fire <member> <key> <fish> <level>`
 * before each shot and `ok <key>` after its answer, so the test can SIGKILL it with shots queued and batches in flight.
 * Env: DB_URL (a SQLite file or a PostgreSQL url), DB_SCHEMA (PostgreSQL), MEMBERS (comma-separated), HALL.
 */
import { connect } from '../../db/connect.ts';
import { deskCaller, deskNode } from './deskKit.ts';

const env = (k: string) => {
  const v = process.env[k];
  if (!v) throw new Error(`crashChild: ${k} is not set`);
  return v;
};

const handle = connect(env('DB_URL'), process.env.DB_SCHEMA ? { schema: process.env.DB_SCHEMA, poolMax: 4 } : {});
const node = deskNode(handle.db, { nodeId: 'node-A', batchMs: 120, leaseTtlMs: 1_500 });
const members = env('MEMBERS').split(',');
const rooms = new Map<string, string>();
for (const m of members) rooms.set(m, (await node.join(deskCaller(m), env('HALL'))).state.roomId);
process.stdout.write('seated\n');
setInterval(() => void node.tick(), 300);
let n = 0;
for (;;) {
  for (const m of members) {
    const roomId = rooms.get(m)!;
    const state = await node.state(deskCaller(m), { roomId, since: 0 });
    const f = state.fish.find(
      (x) => !state.dead.includes(x.id) && x.enterAt < state.oceanNow - 3_000 && x.enterAt + x.swimMs > state.oceanNow + 3_000,
    );
    if (!f) continue;
    const key = `${m}-k${++n}`;
    const level = 5 + (n % 3);
    process.stdout.write(`fire ${m} ${key} ${f.id} ${level}\n`);
    void node.shoot(deskCaller(m, key), { roomId, fishId: f.id, level, angle: 0 }).then(
      () => process.stdout.write(`ok ${key}\n`),
      () => process.stdout.write(`no ${key}\n`),
    );
  }
  await new Promise((r) => setTimeout(r, 40));
}
