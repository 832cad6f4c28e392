import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../../db/connect.ts';
import { migrate } from '../../db/migrate.ts';
import { seed } from '../../seed.ts';
import { sessionRepository } from './repository.ts';
import { VERSION_EVERY_MS } from './sessionCache.ts';

/** Another process's commit is seen by lookups that start VERSION_EVERY_MS after it. */
const later = () => new Promise((r) => setTimeout(r, VERSION_EVERY_MS + 1));

// SQLite in every pass (the PostgreSQL pass included): the cache exists only for the embedded database.
const dir = mkdtempSync(join(tmpdir(), 'portal-session-cache-'));
const file = join(dir, 'portal.sqlite');
let server: DbHandle;
let ops: DbHandle;
beforeAll(async () => {
  server = connect(file);
  await migrate(server);
  await seed(server.db);
  // A second connection to the same file: what the ops CLI (another process) is to the server.
  ops = connect(file);
  const now = Date.now();
  await server.db
    .insertInto('members')
    .values({
      id: 'm1',
      site_code: 7000,
      name: 'cache01',
      name_lower: 'cache01',
      password_hash: 'x',
      second_password_hash: null,
      phone: null,
      area_code: null,
      email: null,
      real_name: null,
      gender: null,
      birthday: null,
      profile_confirmed: 0,
      status: 'active',
      rcode: null,
      icode: 'ic01',
      register_ip: '127.0.0.1',
      register_domain: '',
      created_at: now,
      last_login_at: null,
      password_changed_at: now,
      avatar: null,
    } as never)
    .execute();
  await sessionRepository.insert(server.db, {
    token_hash: 'h1',
    member_id: 'm1',
    site_code: 7000,
    uuid: 'u',
    ip: '127.0.0.1',
    created_at: now,
    last_seen_at: now,
    expires_at: now + 3_600_000,
    revoked_at: null,
  });
});
afterAll(async () => {
  await ops?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the lean session cache (SQLite)', () => {
  it('answers from memory until something changes: a write on the same connection that bypasses the repository is not seen until forget()', async () => {
    expect((await sessionRepository.lean(server.db, 'h1'))?.member.status).toBe('active');
    await server.db.updateTable('members').set({ name: 'renamed' }).where('id', '=', 'm1').execute();
    expect((await sessionRepository.lean(server.db, 'h1'))?.member.name).toBe('cache01');
    sessionRepository.forget(server.db);
    expect((await sessionRepository.lean(server.db, 'h1'))?.member.name).toBe('renamed');
  });

  it('another process disabling the member or revoking the session is seen 1 ms later (data_version)', async () => {
    expect((await sessionRepository.lean(server.db, 'h1'))?.member.status).toBe('active');
    await ops.db.updateTable('members').set({ status: 'disabled' }).where('id', '=', 'm1').execute();
    await later();
    expect((await sessionRepository.lean(server.db, 'h1'))?.member.status).toBe('disabled');
    await ops.db.updateTable('members').set({ status: 'active' }).where('id', '=', 'm1').execute();
    await later();
    expect((await sessionRepository.lean(server.db, 'h1'))?.member.status).toBe('active');
    await ops.db.updateTable('sessions').set({ revoked_at: 1 }).where('token_hash', '=', 'h1').execute();
    await later();
    expect((await sessionRepository.lean(server.db, 'h1'))?.session.revoked_at).toBe(1);
    await ops.db.updateTable('sessions').set({ revoked_at: null }).where('token_hash', '=', 'h1').execute();
    await later();
  });

  it('a checkpoint by another connection (the background checkpointer) keeps what is remembered', async () => {
    expect((await sessionRepository.lean(server.db, 'h1'))?.session.revoked_at).toBeNull();
    await server.db.updateTable('members').set({ name: 'unseen' }).where('id', '=', 'm1').execute(); // bypasses the repository
    await sql`pragma wal_checkpoint(PASSIVE)`.execute(ops.db);
    await later();
    expect((await sessionRepository.lean(server.db, 'h1'))?.member.name).not.toBe('unseen');
    sessionRepository.forget(server.db);
  });

  it('a touch updates the remembered last_seen_at; revoking through the repository forgets at once', async () => {
    await sessionRepository.touch(server.db, 'h1', 1234);
    expect((await sessionRepository.lean(server.db, 'h1'))?.session.last_seen_at).toBe(1234);
    await sessionRepository.revoke(server.db, 'h1', 99);
    expect((await sessionRepository.lean(server.db, 'h1'))?.session.revoked_at).toBe(99);
    expect(await sessionRepository.lean(server.db, 'unknown')).toBeUndefined();
  });
});
