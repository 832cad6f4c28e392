/**
 * Two nodes on one PostgreSQL database and one Redis: node B remembers the sessions it checked, and forgets them
 * the moment node A logs a member out, changes a password, disables a member or records a self-exclusion.
 * Runs in the PostgreSQL + Redis pass of `npm test` only; sessionSync.test.ts checks the cache stays each node's own elsewhere.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../../db/connect.ts';
import { createServices, type Services } from '../../services.ts';
import { createHarness, md5, type Harness } from '../../test/harness.ts';
import { freshMember, loginBody, nextIp, ok, U } from '../../test/flows.ts';
import { leanCacheOf } from './sessionCache.ts';
import { memberRepository } from './repository.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

// `*.pgredis.test.ts`: run only in the PostgreSQL + Redis pass (vitest.config.ts), never skipped.
describe('session cache on two nodes (PostgreSQL + Redis)', () => {
  let h: Harness;
  let bHandle: DbHandle;
  let b: Services;

  beforeAll(async () => {
    h = await createHarness();
    bHandle = connect(h.databaseUrl!, { poolMax: 3 });
    // Node B: the same database and the same bus (channel prefix) as node A, its own pool and cache.
    b = await createServices(h.config, bHandle, { rateLimitPrefix: h.s.limiters.prefix });
  });
  afterAll(async () => {
    await b?.close();
    await h?.close();
  });

  const onB = (token: string, lean = false) => b.sessions.authenticate(token, 7000, Date.now(), lean);
  const remembered = (token: string) => leanCacheOf(bHandle.db)?.get(`f:${sha256(token)}`);
  /** Node B's answer once the change made on node A has reached it (a few ms: one Redis message). */
  const settledOnB = (token: string) => expect.poll(() => onB(token), { timeout: 2_000, interval: 5 });

  it('node B serves a session from memory: a write that bypasses every node is not seen (the control)', async () => {
    const m = await freshMember(h);
    expect(await onB(m.token)).toMatchObject({ id: m.userId });
    // Remembered once the sign-up's own announcements have reached node B.
    await expect
      .poll(async () => (await onB(m.token)) && remembered(m.token), { timeout: 2_000, interval: 5 })
      .toMatchObject({ member: { id: m.userId } });
    // Revoked behind every node's back (a raw connection: no node sees the write) — B still remembers it.
    const raw = new pg.Client({ connectionString: h.databaseUrl! });
    await raw.connect();
    await raw.query(`update sessions set revoked_at = $1 where token_hash = $2`, [Date.now(), sha256(m.token)]);
    await raw.end();
    expect(await onB(m.token)).not.toBeNull();
    // Any write through a node forgets it everywhere.
    await memberRepository.update(h.s.handle.db, m.userId, { avatar: 'a1' });
    await settledOnB(m.token).toBeNull();
  });

  it('logout on node A ends the session on node B at once', async () => {
    const m = await freshMember(h);
    expect(await onB(m.token, true)).not.toBeNull();
    expect(await onB(m.token)).not.toBeNull();
    const before = b.sessionSync!.received;
    ok(await h.call(`${U}logout`, {}, { token: m.token }));
    await expect.poll(() => b.sessionSync!.received, { timeout: 2_000, interval: 5 }).toBeGreaterThan(before);
    expect(await onB(m.token, true)).toBeNull();
    expect(await onB(m.token)).toBeNull();
  });

  it("a password change on node A ends the member's other sessions on node B", async () => {
    const m = await freshMember(h);
    const other = ok(await h.call(`${U}login`, loginBody(m.name, m.password, await h.sliderCaptcha(4)), { ip: nextIp() })).data
      .token as string;
    expect(await onB(other)).not.toBeNull();
    const next = 'Lp7394kq2w';
    ok(
      await h.call(
        `${U}bindPassword`,
        { oldPassword: md5(m.password), password: md5(next), secondPassword: md5(next) },
        { token: m.token },
      ),
    );
    await settledOnB(other).toBeNull();
    expect(await onB(m.token)).not.toBeNull();
  });

  it('a member disabled on node A is refused on node B', async () => {
    const m = await freshMember(h);
    expect(await onB(m.token, true)).not.toBeNull();
    await memberRepository.update(h.s.handle.db, m.userId, { status: 'disabled' });
    await expect.poll(() => onB(m.token, true), { timeout: 2_000, interval: 5 }).toBeNull();
  });

  it("a self-exclusion on node A moves the member's protection version on node B", async () => {
    const m = await freshMember(h);
    const was = (await onB(m.token))!.protection;
    ok(
      await h.call(
        '/site/api/v1/protection/exclude',
        { kind: 'timeout', period: '7d', allBrands: false, password: md5(m.password) },
        { token: m.token },
      ),
    );
    await expect.poll(async () => (await onB(m.token))?.protection ?? -1, { timeout: 2_000, interval: 5 }).not.toBe(was);
  });

  it("node B's own touches stay its own: no message for them", async () => {
    const m = await freshMember(h);
    const later = Date.now() + 61_000;
    await onB(m.token);
    const before = b.sessionSync!.published;
    await b.sessions.authenticate(m.token, 7000, later); // touches last_seen_at
    const row = await h.s.handle.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('token_hash', '=', sha256(m.token))
      .executeTakeFirstOrThrow();
    expect(Number(row.last_seen_at)).toBe(later);
    expect(b.sessionSync!.published).toBe(before);
    expect(remembered(m.token)).toMatchObject({ session: { last_seen_at: later } });
    // The control: a change made on node B is announced.
    await memberRepository.update(bHandle.db, m.userId, { avatar: 'a2' });
    expect(b.sessionSync!.published).toBe(before + 1);
  });
});
