import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@portal/contract';
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

  it('anonymous launch is refused with 6001; an unknown venue with 6004', async () => {
    expect((await h.call(`${G}launch`, { enName: 'CRTY', gameCode: 'sport' })).status_code).toBe(6001);
    const m = await h.member(undefined, undefined, { ip: nextIp() });
    expect((await h.call(`${G}launch`, { enName: 'NOPE', gameCode: 'sport' }, { token: m.token })).status_code).toBe(6004);
  });
});
