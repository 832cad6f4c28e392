/**
 * Issue 27 finding 9: an unanswered reality check pauses play; the session time limit is a daily budget that
 * logging in again does not reset (SQLite; PostgreSQL with DB=postgres). The clock is injected (Date faked).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, it, vi } from 'vitest';
import { slotCall, slotPlayer, spinKey } from '../casino/slotKit.ts';
import { expectFail, ok } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const R = '/site/api/v1/protection/';
const call = (p: { token: string }, path: string, body: unknown = {}) => h.call(`${R}${path}`, body, { token: p.token });
const spin = (p: Awaited<ReturnType<typeof slotPlayer>>) =>
  slotCall(h, p, 'spin', { gameCode: 'H5001', bet: '1.00', idempotencyKey: spinKey() });
const at = (ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: ms });

describe('reality checks pause play until answered', () => {
  it('a spin after a check fell due is refused until 继续游戏; the next check pauses again', async () => {
    const p = await slotPlayer(h, 10_000);
    const st = ok(await call(p, 'setRealityCheck', { minutes: 15 })).data;
    const start = st.session?.startedAt ?? (await call(p, 'realityCheck')).data.startedAt;
    ok(await spin(p));
    at(start + 15 * 60_000 + 1_000);
    expectFail(await spin(p), 6012, '游戏时间提醒：请先确认继续游戏或退出登录');
    ok(await call(p, 'realityAnswer', { answer: 'continue' }));
    ok(await spin(p));
    at(start + 30 * 60_000 + 1_000);
    expectFail(await spin(p), 6012);
  });
});

describe('the session time limit is a daily budget', () => {
  it('logging out and in again does not reset it', async () => {
    const p = await slotPlayer(h, 10_000);
    const st = ok(await call(p, 'setSessionLimit', { minutes: 15 })).data;
    const start = st.session.startedAt as number;
    const m = await h.s.handle.db.selectFrom('members').select('name').where('id', '=', p.userId).executeTakeFirstOrThrow();
    at(start + 10 * 60_000);
    ok(await spin(p));
    ok(await h.call('/site/api/v1/user/logout', {}, { token: p.token }));
    const again = ok(await h.login(m.name, 'Abc12345xy')).data.token as string;
    at(start + 16 * 60_000);
    const deposit = await h.call(
      '/fd/api/v1/payment/pay',
      { channelId: 'bank', amount: '100' },
      { token: again, headers: { 'idempotency-key': `k-${randomUUID()}` } },
    );
    expectFail(deposit, 6603);
  });

  it('time logged out does not count', async () => {
    const p = await slotPlayer(h, 10_000);
    const st = ok(await call(p, 'setSessionLimit', { minutes: 15 })).data;
    const start = st.session.startedAt as number;
    const m = await h.s.handle.db.selectFrom('members').select('name').where('id', '=', p.userId).executeTakeFirstOrThrow();
    at(start + 5 * 60_000);
    ok(await h.call('/site/api/v1/user/logout', {}, { token: p.token }));
    at(start + 60 * 60_000);
    const again = ok(await h.login(m.name, 'Abc12345xy')).data.token as string;
    at(start + 65 * 60_000);
    ok(await h.call('/game/api/v1/launch', { enName: 'CRDZ', gameCode: 'H5001' }, { token: again }));
  });
});
