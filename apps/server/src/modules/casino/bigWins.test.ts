/**
 * The recent big-wins feed: only settled rounds of the brand paying ≥ 10× the stake, newest first, names masked,
 * tiered by @portal/games; nothing else. Rounds are written as the casino writes them (casino_rounds rows) so
 * every case — tiers, a void round, another brand, a hidden game, an old round — is set up exactly.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { BigWinsService, maskName } from './bigWins.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const NOW = Date.now();

async function round(
  memberId: string,
  o: { bet: number; win: number; jackpot?: number; at: number; site?: number; game?: string; status?: 'settled' | 'void' },
) {
  await h.s.handle.db
    .insertInto('casino_rounds')
    .values({
      id: randomUUID(),
      member_id: memberId,
      site_code: o.site ?? 7000,
      channel_code: 'CRDZ',
      category: 'DZ',
      game_code: o.game ?? 'H5001',
      bet: o.bet,
      win: o.win,
      jackpot_win: o.jackpot ?? 0,
      valid: o.bet,
      status: o.status ?? 'settled',
      outcome: '{}',
      seed_id: null,
      client_seed: null,
      nonce: null,
      shown: 1,
      created_at: o.at,
      settled_at: o.at,
    })
    .execute();
}

async function tableBet(memberId: string, o: { amount: number; payout: number; at: number; status?: 'won' | 'lost'; table?: string }) {
  await h.s.handle.db
    .insertInto('table_bets')
    .values({
      id: randomUUID(),
      round_id: randomUUID(),
      table_code: o.table ?? 'RL1',
      seq: 1,
      member_id: memberId,
      site_code: 7000,
      channel_code: 'CRZR',
      bet_type: 'straight:17',
      amount: o.amount,
      hold_id: randomUUID(),
      status: o.status ?? 'won',
      payout: o.payout,
      chase_id: null,
      created_at: o.at,
      settled_at: o.at,
    })
    .execute();
}

describe('maskName', () => {
  it('keeps the first character only and hides the length', () => {
    expect(maskName('张三丰')).toBe('张**');
    expect(maskName('demo01')).toBe('d**');
    expect(maskName('李四')).toBe('李**');
    expect(maskName('王')).toBe('***');
    expect(maskName('𠮷野家')).toBe('𠮷**');
  });
});

describe('recentBigWins', () => {
  it('lists the big wins of real settled rounds, newest first, tiered and masked; nothing else', async () => {
    const a = await h.member(`zz${Date.now() % 100000}`);
    await round(a.userId, { bet: 200, win: 1_999, at: NOW - 60_000 }); // 9.995×: not big
    await round(a.userId, { bet: 200, win: 2_000, at: NOW - 50_000 }); // 10×: 大奖
    await round(a.userId, { bet: 200, win: 4_000, jackpot: 1_000, at: NOW - 40_000, game: 'H5003' }); // 25× with the jackpot
    await round(a.userId, { bet: 100, win: 9_000, at: NOW - 30_000 }); // 90×
    await round(a.userId, { bet: 100, win: 9_000, at: NOW - 20_000, status: 'void' }); // void: never
    await round(a.userId, { bet: 100, win: 9_000, at: NOW - 10_000, site: 7001 }); // another brand
    await round(a.userId, { bet: 100, win: 9_000, at: NOW - 8 * 86_400_000 }); // older than 7 days
    const list = ok(await h.call('/game/api/v1/recentBigWins', {})).data.list;
    const mine = list.filter((e: { player: string }) => e.player === 'z**');
    expect(mine).toEqual([
      {
        player: 'z**',
        gameCode: 'H5001',
        name: expect.any(String),
        names: expect.any(Object),
        amount: '90.00',
        multiple: 90,
        tier: 'super',
        settledAt: NOW - 30_000,
      },
      {
        player: 'z**',
        gameCode: 'H5003',
        name: expect.any(String),
        names: expect.any(Object),
        amount: '50.00',
        multiple: 25,
        tier: 'mega',
        settledAt: NOW - 40_000,
      },
      {
        player: 'z**',
        gameCode: 'H5001',
        name: expect.any(String),
        names: expect.any(Object),
        amount: '20.00',
        multiple: 10,
        tier: 'big',
        settledAt: NOW - 50_000,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(a.name);
    // Brand 7001 sees its own round only.
    const other = ok(await h.call('/game/api/v1/recentBigWins', {}, { site: 7001 })).data.list;
    expect(other.filter((e: { player: string }) => e.player === 'z**')).toHaveLength(1);
  });

  it('the category filter, the zh-TW name, and the cache (a new win shows after CACHE_MS)', async () => {
    let now = NOW;
    const service = new BigWinsService(h.s.handle.db, () => now);
    const b = await h.member(`yy${Date.now() % 100000}`);
    const before = (await service.recent(7000, 'zh-TW', 'DZ')).list.length;
    await round(b.userId, { bet: 100, win: 5_000, at: NOW - 1_000, game: 'H5002' });
    expect((await service.recent(7000, 'zh-TW', 'DZ')).list).toHaveLength(before);
    now += 15_000;
    const fresh = (await service.recent(7000, 'zh-TW', 'DZ')).list;
    expect(fresh[0]).toMatchObject({ player: 'y**', gameCode: 'H5002', name: '茶園春色', tier: 'super' });
    expect((await service.recent(7000, 'zh-TW', 'ZR')).list.find((e) => e.player === 'y**')).toBeUndefined();
  });

  it('won table bets paying ≥ 10× (stake included) join the feed under their table; a lost or 9× bet does not', async () => {
    let now = NOW;
    const service = new BigWinsService(h.s.handle.db, () => now);
    const c = await h.member(`xx${Date.now() % 100000}`);
    await tableBet(c.userId, { amount: 1_000, payout: 36_000, at: NOW - 2_000 }); // a straight-up number: 36×
    await tableBet(c.userId, { amount: 1_000, payout: 9_000, at: NOW - 1_500, table: 'BAC1' }); // a tie: 9×
    await tableBet(c.userId, { amount: 1_000, payout: 0, at: NOW - 1_000, status: 'lost' });
    now += 15_000;
    const mine = (await service.recent(7000, 'zh-CN', 'ZR')).list.filter((e) => e.player === 'x**');
    expect(mine).toEqual([expect.objectContaining({ gameCode: 'RL1', name: '欧式轮盘', amount: '360.00', multiple: 36, tier: 'mega' })]);
    expect((await service.recent(7000, 'zh-CN', 'DZ')).list.find((e) => e.player === 'x**')).toBeUndefined();
  });
});
