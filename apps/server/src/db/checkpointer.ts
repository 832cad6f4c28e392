/**
 * The SQLite background checkpointer (a worker thread; built to dist/checkpointer.js). In WAL mode a
 * commit only appends pages to the -wal file; a checkpoint later copies them into the database file
 * and fsyncs it. SQLite's automatic checkpoint runs inside whichever commit crosses 1000 pages, on the
 * one thread that serves every request, which then blocks on the copy and the fsync. Here a second
 * connection checkpoints PASSIVE-ly (it never waits for or blocks a writer) every `intervalMs`, so the
 * request thread only appends. When everything is copied, SQLite's next writer restarts the WAL from
 * its beginning, which keeps the file bounded. connect() falls back to automatic checkpoints if this
 * worker fails.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { BetterSqlite3 } from './sqliteDriver.ts';

export interface CheckpointerData {
  file: string;
  intervalMs: number;
}

export type CheckpointerMessage = { type: 'checkpoint'; busy: number; log: number; checkpointed: number } | { type: 'stopped' };

const { file, intervalMs } = workerData as CheckpointerData;
const db = new BetterSqlite3(file);
db.pragma('busy_timeout = 1000');
let last = -1;

function checkpoint(): void {
  const [r] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number; log: number; checkpointed: number }>;
  // Report only changes: an idle database costs one pragma per interval and no messages.
  if (r && r.log !== last) {
    last = r.log;
    parentPort!.postMessage({ type: 'checkpoint', ...r } satisfies CheckpointerMessage);
  }
}

const timer = setInterval(checkpoint, intervalMs);
parentPort!.on('message', (m: unknown) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort!.postMessage({ type: 'stopped' } satisfies CheckpointerMessage);
});
