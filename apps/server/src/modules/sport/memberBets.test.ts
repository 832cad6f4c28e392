import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SportsbookSimulator } from '../../venues/sportsbook/simulator.ts';
import { creditCentral, ok } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { CRDZ, slotCall, spinKey } from '../casino/slotKit.ts';
import { G, item, key, player, prematch, resource, selection } from './testKit.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const list = (token: string, body: Record<string, unknown> = {}) => h.call('/site/api/v1/user/queryMemberBetList', body, { token });

describe('user/queryMemberBetList', () => {
  it("lists the member's sportsbook bets and casino rounds together, newest first, one line each; pageSize caps it", async () => {
    const p = await player(h, 10_000);
    const e = prematch(h.s.sportFeed as SportsbookSimulator);
    const sel = selection(e, e.markets[0]!.type);
    const bet = ok(
      await resource(h, p, 'bet', { mode: 'single', items: [item(e, sel.w, sel.r)], stake: '20', idempotencyKey: key() }),
    ).data;
    // The same member plays a slot round afterwards.
    await creditCentral(h, p.userId, 1_000);
    ok(
      await h.call(
        '/fd/api/v1/transfer/utcTransfer',
        { channelCode: CRDZ, amount: '10.00', ty: 1 },
        { token: p.token, headers: { 'idempotency-key': spinKey() } },
      ),
    );
    const l = ok(await h.call(`${G}launch`, { enName: CRDZ, gameCode: 'H5001' }, { token: p.token }));
    const slot = { token: p.token, userId: p.userId, venueToken: l.data.data.token };
    const round = ok(await slotCall(h, slot, 'spin', { gameCode: 'H5001', bet: '2.00', idempotencyKey: spinKey() })).data.round;

    const r = ok(await list(p.token)).data.list;
    expect(r.map((x: { ticketId: string }) => x.ticketId)).toEqual([round.roundId, bet.ticket_id]);
    expect(r[0]).toMatchObject({ category: 'DZ', channelCode: CRDZ, title: '翠龙献瑞', betAmount: '2.00', status: 'settled' });
    expect(r[1]).toMatchObject({
      category: 'TY',
      channelCode: 'CRTY',
      title: `${e.team_h} - ${e.team_c}`,
      betAmount: '20.00',
      winLoss: '0',
    });
    expect(ok(await list(p.token, { pageSize: 1 })).data.list).toHaveLength(1);
    // Another member sees none of them; a visitor is refused.
    const other = await player(h, 100);
    expect(ok(await list(other.token)).data.list).toEqual([]);
    expect((await h.call('/site/api/v1/user/queryMemberBetList', {})).status_code).toBe(6001);
  });
});
