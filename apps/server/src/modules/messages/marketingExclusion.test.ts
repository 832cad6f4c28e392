/** Issue 27 finding 8: no marketing reaches an excluded or timed-out member by any path (SQLite; PostgreSQL with DB=postgres). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSession, type StaffSession } from '../../console/testKit.ts';
import { ok } from '../../test/flows.ts';
import { createHarness, md5, type Harness } from '../../test/harness.ts';

let h: Harness;
let content: StaffSession;
beforeAll(async () => {
  h = await createHarness();
  content = await staffSession(h, { roles: ['content'], sites: [7000] });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const exclude = async (m: { token: string; password: string }, kind: 'timeout' | 'self_exclusion', period: string) =>
  ok(await h.call('/site/api/v1/protection/exclude', { kind, period, allBrands: false, password: md5(m.password) }, { token: m.token }));
const box = async (name: string, password: string) => {
  const l = await h.login(name, password);
  return ok(await h.call('/site/api/v1/site/letter/list', { pageSize: 50 }, { token: l.data.token })).data.list as Array<{ id: string }>;
};
const send = (usernames: string[], type: string) =>
  content.call('content/letter/send', {
    siteCode: 7000,
    audience: { kind: 'members', usernames },
    type,
    title: '专属活动邀请',
    content: '本周专属活动',
  });

describe('letters by username', () => {
  it('an activity letter skips a timed-out and a self-excluded member; a system notice still reaches them', async () => {
    const active = await h.member();
    const timedOut = await h.member();
    const excluded = await h.member();
    await exclude(timedOut, 'timeout', '24h');
    await exclude(excluded, 'self_exclusion', '6m');
    // One username per letter: a personal letter (several names make a broadcast, which already skipped them).
    const toActive = await send([active.name], 'activity');
    const toTimedOut = await send([timedOut.name], 'activity');
    const toExcluded = await send([excluded.name], 'activity');
    expect([toActive.data.recipients, toTimedOut.data.recipients, toExcluded.data.recipients]).toEqual([1, 0, 0]);
    expect((await box(active.name, active.password)).some((l) => l.id === toActive.data.id)).toBe(true);
    expect((await box(timedOut.name, timedOut.password)).some((l) => l.id === toTimedOut.data.id)).toBe(false);
    expect((await box(excluded.name, excluded.password)).some((l) => l.id === toExcluded.data.id)).toBe(false);
    const notice = await send([excluded.name], 'notice');
    expect(notice.data.recipients).toBe(1);
  });
});
