import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS, LIMITS } from '@portal/contract';
import { houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { balanceOf, post } from '../../ledger/ledger.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { nextIp } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { G, venueFen } from './testKit.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const central = (id: string) => balanceOf(h.s.handle.db, memberAccount(id, 'central'));

describe('launch and auto-transfer', () => {
  it('entering the book moves the central balance in when auto-transfer is on; a lobby look never moves money', async () => {
    const m = await h.member(undefined, undefined, { ip: nextIp() });
    await h.s.handle.db.transaction().execute((tx) =>
      post(tx, {
        kind: 'deposit',
        currency: 'CNY',
        refType: 'test',
        refId: m.userId,
        memberId: m.userId,
        lines: [
          { account: houseAccount('clearing', 'test'), amount: -50_000 },
          { account: memberAccount(m.userId, 'central'), amount: 50_000 },
        ],
      }),
    );
    expect((await h.call(`${G}status/setAutoTransferStatus`, { status: 1 }, { token: m.token })).status_code).toBe(6000);

    const lobby = await h.call(`${G}launch`, { enName: 'CRTY', gameCode: LIMITS.VENUE_LOBBY_GAME_CODE }, { token: m.token });
    expect(lobby.status_code).toBe(6000);
    expect(lobby.data.data.token).toEqual(expect.any(String));
    expect(await central(m.userId)).toBe(50_000);
    expect(await venueFen(h, m.userId)).toBe(0);

    const enter = await h.call(`${G}launch`, { enName: 'CRTY', gameCode: 'sport' }, { token: m.token });
    expect(enter.status_code).toBe(6000);
    expect(await central(m.userId)).toBe(0);
    expect(await venueFen(h, m.userId)).toBe(50_000);

    // Auto-transfer off: entering moves nothing.
    expect((await h.call(`${G}status/setAutoTransferStatus`, { status: 0 }, { token: m.token })).status_code).toBe(6000);
    await h.s.handle.db.transaction().execute((tx) =>
      post(tx, {
        kind: 'deposit',
        currency: 'CNY',
        refType: 'test',
        refId: `${m.userId}-2`,
        memberId: m.userId,
        lines: [
          { account: houseAccount('clearing', 'test'), amount: -1_000 },
          { account: memberAccount(m.userId, 'central'), amount: 1_000 },
        ],
      }),
    );
    expect((await h.call(`${G}launch`, { enName: 'CRTY', gameCode: 'sport' }, { token: m.token })).status_code).toBe(6000);
    expect(await central(m.userId)).toBe(1_000);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it("a retried launch with the same Idempotency-Key moves money once: the auto-transfer is keyed by the request's key", async () => {
    const m = await h.member(undefined, undefined, { ip: nextIp() });
    const credit = (refId: string, fen: number) =>
      h.s.handle.db.transaction().execute((tx) =>
        post(tx, {
          kind: 'deposit',
          currency: 'CNY',
          refType: 'test',
          refId,
          memberId: m.userId,
          lines: [
            { account: houseAccount('clearing', 'test'), amount: -fen },
            { account: memberAccount(m.userId, 'central'), amount: fen },
          ],
        }),
      );
    await credit(m.userId, 30_000);
    expect((await h.call(`${G}status/setAutoTransferStatus`, { status: 1 }, { token: m.token })).status_code).toBe(6000);
    const launch = (key: string) =>
      h.call(`${G}launch`, { enName: 'CRTY', gameCode: 'sport' }, { token: m.token, headers: { [HEADERS.IDEMPOTENCY_KEY]: key } });

    expect((await launch('launch-key-0001')).status_code).toBe(6000);
    expect(await central(m.userId)).toBe(0);
    expect(await venueFen(h, m.userId)).toBe(30_000);

    // Money arrives between the two tries; the retry (same key) does not move it: its step was taken.
    await credit(`${m.userId}-2`, 2_000);
    expect((await launch('launch-key-0001')).status_code).toBe(6000);
    expect(await central(m.userId)).toBe(2_000);
    expect(await venueFen(h, m.userId)).toBe(30_000);

    // A new request (new key) is a new step.
    expect((await launch('launch-key-0002')).status_code).toBe(6000);
    expect(await central(m.userId)).toBe(0);
    expect(await venueFen(h, m.userId)).toBe(32_000);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('anonymous launch is refused with 6001; an unknown venue with 6004', async () => {
    expect((await h.call(`${G}launch`, { enName: 'CRTY', gameCode: 'sport' })).status_code).toBe(6001);
    const m = await h.member(undefined, undefined, { ip: nextIp() });
    expect((await h.call(`${G}launch`, { enName: 'NOPE', gameCode: 'sport' }, { token: m.token })).status_code).toBe(6004);
  });

  it('a venue without a game integration (a sandbox venue) cannot be entered: 6415', async () => {
    const m = await h.member(undefined, undefined, { ip: nextIp() });
    expect((await h.call(`${G}launch`, { enName: 'SBZR', gameCode: 'live' }, { token: m.token })).status_code).toBe(6415);
    const Request = { timestamp: Date.now(), token: 'x', langx: 'zh-cn', remoteip: '127.0.0.1', gameType: 'FT' };
    expect((await h.call(`${G}resource`, { method: 'leagues', enName: 'SBZR', Request }, { token: m.token })).status_code).toBe(6415);
  });
});
