import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fairSpin, seedCommitment, titleByCode, verifyRound } from '@portal/games';
import { LIMITS } from '@portal/contract';
import { houseAccount } from '../../ledger/accounts.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { expectFail, ok, withSiteFlags } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { turnoverRepository } from '../turnover/repository.ts';
import { poolAccount } from './pools.ts';
import { CRDZ, G, slotCall, slotPlayer, slotWalletFen, spinKey } from './slotKit.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  await h?.close();
});

const spin = (p: Awaited<ReturnType<typeof slotPlayer>>, bet = '2.00', key = spinKey(), gameCode = 'H5001') =>
  slotCall(h, p, 'spin', { gameCode, bet, idempotencyKey: key });

describe('launch of the house slots (CRDZ)', () => {
  it('answers no url and the venue token with the game (the web opens /dz/game)', async () => {
    const p = await slotPlayer(h, 0);
    const m = await h.member();
    const r = ok(await h.call(`${G}launch`, { enName: 'crdz', gameCode: 'H5002' }, { token: m.token }));
    expect(r.data).toMatchObject({
      url: '',
      data: { enName: CRDZ, gameCode: 'H5002', token: expect.any(String), expiresAt: expect.any(Number) },
    });
    expect(p.venueToken).toEqual(expect.any(String));
  });

  it('an unknown game answers 6004, a game in maintenance 6415 with its text, a visitor 6001', async () => {
    const m = await h.member();
    expectFail(await h.call(`${G}launch`, { enName: CRDZ, gameCode: 'H9999' }, { token: m.token }), 6004, '游戏不存在或已下架');
    await h.s.catalogue.setGame(7000, 'H5004', { status: 'maintenance' }, 'test');
    try {
      expectFail(await h.call(`${G}launch`, { enName: CRDZ, gameCode: 'H5004' }, { token: m.token }), 6415, '该游戏维护中，请稍后再试');
    } finally {
      await h.s.catalogue.setGame(7000, 'H5004', { status: 'active' }, 'test');
    }
    expect((await h.call(`${G}launch`, { enName: CRDZ, gameCode: 'H5001' })).status_code).toBe(6001);
  });

  it('a venue token of another member, or another venue, answers 6302 (re-enter the game)', async () => {
    const a = await slotPlayer(h, 0);
    const b = await slotPlayer(h, 0);
    expectFail(await slotCall(h, { ...a, venueToken: b.venueToken }, 'slotInfo', { gameCode: 'H5001' }), 6302, '数据异常，请重新进入游戏');
    const sport = ok(await h.call(`${G}launch`, { enName: 'CRTY', gameCode: LIMITS.VENUE_LOBBY_GAME_CODE }, { token: a.token }));
    expectFail(await slotCall(h, { ...a, venueToken: sport.data.data.token }, 'slotInfo', { gameCode: 'H5001' }), 6302);
    // A slot method sent to the sportsbook is not one of its methods.
    const r = await h.call(
      `${G}resource`,
      {
        method: 'spin',
        enName: 'CRTY',
        Request: {
          timestamp: 1,
          token: sport.data.data.token,
          langx: '',
          remoteip: '',
          gameCode: 'H5001',
          bet: '2',
          idempotencyKey: spinKey(),
        },
      },
      { token: a.token },
    );
    expectFail(r, 6007);
  });
});

describe('a spin', () => {
  it('holds the stake, draws from the member’s committed seeds, pays the win; the books balance', async () => {
    const p = await slotPlayer(h, 10_000);
    const info = ok(await slotCall(h, p, 'slotInfo', { gameCode: 'H5001' })).data;
    expect(info).toMatchObject({ gameCode: 'H5001', channelCode: CRDZ, rtp: '96.01', balance: '100.00', unshown: null, pool: null });
    expect(info.betLevels).toEqual(titleByCode('H5001')!.betLevelsFen.map((f) => (f / 100).toFixed(2)));
    expect(info.pace).toEqual({ minSpinMs: 1000, autoplay: true, celebrateOnlyAboveStake: false });
    const committed = info.seeds;
    expect(committed.nonce).toBe(0);

    const house = () => balanceOf(h.s.handle.db, houseAccount('casino', CRDZ));
    const houseBefore = await house();
    let expected = 10_000;
    const rounds = [];
    for (let i = 0; i < 6; i++) {
      const r = ok(await spin(p)).data;
      expected += -200 + Number(r.round.outcome.totalWinFen);
      expect(r.balance).toBe((expected / 100).toFixed(2));
      expect(r.round).toMatchObject({ gameCode: 'H5001', bet: '2.00', status: 'settled', shown: false });
      expect(r.round.fairness).toEqual({
        serverSeedHash: committed.serverSeedHash,
        clientSeed: committed.clientSeed,
        nonce: i,
        serverSeed: null,
      });
      rounds.push(r.round);
    }
    expect(await slotWalletFen(h, p.userId)).toBe(expected);
    expect(await house()).toBe(houseBefore + (10_000 - expected));

    // Rotation reveals the server seed: every round re-computes from it, and it matches the hash shown before play.
    const seeds = ok(await slotCall(h, p, 'rotateSeed')).data;
    expect(seeds.current.serverSeedHash).not.toBe(committed.serverSeedHash);
    expect(seeds.current.nonce).toBe(0);
    expect(seeds.revealed[0]).toMatchObject({ serverSeedHash: committed.serverSeedHash, clientSeed: committed.clientSeed, rounds: 6 });
    const serverSeed = seeds.revealed[0].serverSeed as string;
    expect(seedCommitment(serverSeed)).toBe(committed.serverSeedHash);
    for (const r of rounds) {
      const again = ok(await slotCall(h, p, 'round', { roundId: r.roundId })).data;
      expect(again.fairness.serverSeed).toBe(serverSeed);
      const v = verifyRound({
        serverSeed,
        clientSeed: r.fairness.clientSeed,
        nonce: r.fairness.nonce,
        gameCode: 'H5001',
        betFen: 200,
        serverSeedHash: committed.serverSeedHash,
      });
      expect(v.commitmentMatches).toBe(true);
      expect(v.outcome).toEqual(again.outcome);
      expect((Number(again.win) * 100).toFixed(0)).toBe(String(v.outcome.totalWinFen));
    }
  });

  it('the player’s client seed goes into the next round', async () => {
    const p = await slotPlayer(h, 1_000);
    const set = ok(await slotCall(h, p, 'clientSeed', { clientSeed: 'my-lucky_seed' })).data;
    expect(set.current.clientSeed).toBe('my-lucky_seed');
    const r = ok(await spin(p)).data.round;
    expect(r.fairness).toMatchObject({ clientSeed: 'my-lucky_seed', nonce: 0 });
    expectFail(await slotCall(h, p, 'clientSeed', { clientSeed: 'has space' }), 6007);
    expectFail(await slotCall(h, p, 'clientSeed', { clientSeed: '' }), 6007);
    // The outcome is the seeds' alone: the same seeds at another stake stop the reels at the same place.
    const { serverSeed } = ok(await slotCall(h, p, 'rotateSeed')).data.revealed[0];
    expect(fairSpin({ serverSeed, clientSeed: 'my-lucky_seed', nonce: 0 }, 'H5001', 2_000).base.stops).toEqual(r.outcome.base.stops);
  });

  it('a new client seed after rounds reveals the pair under the seed its rounds used; the new seed starts a fresh pair (issue 29 item 9)', async () => {
    const p = await slotPlayer(h, 1_000);
    const before = ok(await slotCall(h, p, 'seeds')).data.current;
    const played = ok(await spin(p)).data.round;
    expect(played.fairness).toMatchObject({ clientSeed: before.clientSeed, nonce: 0 });
    const set = ok(await slotCall(h, p, 'clientSeed', { clientSeed: 'second-seed' })).data;
    expect(set.current).toMatchObject({ clientSeed: 'second-seed', nonce: 0 });
    expect(set.current.serverSeedHash).not.toBe(before.serverSeedHash);
    expect(set.revealed[0]).toMatchObject({ serverSeedHash: before.serverSeedHash, clientSeed: before.clientSeed, rounds: 1 });
    const { serverSeed } = set.revealed[0];
    expect(fairSpin({ serverSeed, clientSeed: before.clientSeed, nonce: 0 }, 'H5001', 1_000).base.stops).toEqual(played.outcome.base.stops);
    const next = ok(await spin(p)).data.round;
    expect(next.fairness).toMatchObject({ clientSeed: 'second-seed', nonce: 0 });
  });

  it('a spin replayed by its key settles once; the same key with another bet answers 6009', async () => {
    const p = await slotPlayer(h, 1_000);
    const key = spinKey();
    const first = ok(await spin(p, '2.00', key)).data;
    const again = ok(await spin(p, '2.00', key)).data;
    expect(again.round.roundId).toBe(first.round.roundId);
    expect(again.balance).toBe(first.balance);
    expect(await slotWalletFen(h, p.userId)).toBe(Math.round(Number(first.balance) * 100));
    expectFail(await spin(p, '5.00', key), 6009);
    const twins = await Promise.all([1, 2, 3].map(() => spin(p, '2.00', key)));
    for (const t of twins) expect(ok(t).data.round.roundId).toBe(first.round.roundId);
    const list = ok(await slotCall(h, p, 'rounds', {})).data;
    expect(list.total).toBe(1);
  });

  it('concurrent spins of one member each take their own nonce; the wallet ends where the rounds say', async () => {
    const p = await slotPlayer(h, 5_000);
    const all = (await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(() => spin(p)))).map((r) => ok(r).data.round);
    expect(all.map((r) => r.fairness.nonce).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const won = all.reduce((s, r) => s + r.outcome.totalWinFen, 0);
    expect(await slotWalletFen(h, p.userId)).toBe(5_000 - 8 * 200 + won);
  });

  it('refuses a bet that is not a level of the title at the brand, and a stake beyond the wallet, moving nothing', async () => {
    const p = await slotPlayer(h, 300);
    expectFail(await spin(p, '2.50'), 6007, '该投注额不可用，请选择可用的投注额');
    expectFail(await spin(p, '2.005'), 6007);
    // The brand's max bet narrows the title's levels.
    await h.s.handle.db
      .updateTable('casino_games')
      .set({ max_bet: 200 })
      .where('site_code', '=', 7000)
      .where('code', '=', 'H5001')
      .execute();
    try {
      expect(ok(await slotCall(h, p, 'slotInfo', { gameCode: 'H5001' })).data.betLevels.at(-1)).toBe('2.00');
      expectFail(await spin(p, '5.00'), 6007, '该投注额不可用，请选择可用的投注额');
    } finally {
      await h.s.handle.db
        .updateTable('casino_games')
        .set({ max_bet: 100_000 })
        .where('site_code', '=', 7000)
        .where('code', '=', 'H5001')
        .execute();
    }
    const low = await slotPlayer(h, 100);
    expectFail(await spin(low, '2.00'), 6007, '余额不足');
    expect(await slotWalletFen(h, low.userId)).toBe(100);
    expect(ok(await slotCall(h, low, 'rounds', {})).data.total).toBe(0);
    expect(ok(await slotCall(h, low, 'seeds')).data.current.nonce).toBe(0);
  });

  it('a game in maintenance cannot be spun (6415); another member’s round is not found', async () => {
    const a = await slotPlayer(h, 1_000);
    const b = await slotPlayer(h, 1_000);
    const r = ok(await spin(a)).data.round;
    expectFail(await slotCall(h, b, 'round', { roundId: r.roundId }), 6004, '找不到该局记录');
    expectFail(await slotCall(h, b, 'ack', { roundId: r.roundId }), 6004);
    await h.s.catalogue.setGame(7000, 'H5001', { status: 'maintenance' }, 'test');
    try {
      expectFail(await spin(a), 6415, '该游戏维护中，请稍后再试');
    } finally {
      await h.s.catalogue.setGame(7000, 'H5001', { status: 'active' }, 'test');
    }
  });
});

describe('interrupted rounds, records and what counts', () => {
  it('a round never shown is shown on return until the page acknowledges it', async () => {
    const p = await slotPlayer(h, 1_000);
    const r = ok(await spin(p)).data.round;
    const back = ok(await slotCall(h, p, 'slotInfo', { gameCode: 'H5001' })).data;
    expect(back.unshown).toMatchObject({ roundId: r.roundId, outcome: r.outcome });
    ok(await slotCall(h, p, 'ack', { roundId: r.roundId }));
    expect(ok(await slotCall(h, p, 'slotInfo', { gameCode: 'H5001' })).data.unshown).toBeNull();
  });

  it('rounds appear in the bet record under 电子 with their fairness data, and feed the withdrawal turnover', async () => {
    const p = await slotPlayer(h, 2_000);
    const before = await turnoverRepository.get(h.s.handle.db, p.userId);
    const rounds = [ok(await spin(p)).data.round, ok(await spin(p, '5.00')).data.round];
    const list = ok(await h.call(`${G}record/betRecordList`, { category: 'DZ' }, { token: p.token })).data;
    expect(list.total).toBe(2);
    expect(list.list[0]).toMatchObject({
      ticket_id: rounds[1].roundId,
      category: 'DZ',
      channelCode: CRDZ,
      betAmount: '5.00',
      validAmount: '5.00',
      status: 'settled',
      round: { gameCode: 'H5001', gameName: '翠龙献瑞', fairness: { nonce: 1, serverSeed: null } },
    });
    const tw = ok(await h.call(`${G}record/betRecordList`, { category: 'DZ' }, { token: p.token, headers: { 'x-lang': 'zh-TW' } })).data;
    expect(tw.list[0].round.gameName).toBe(titleByCode('H5001')!.names['zh-TW']);
    const won = rounds.reduce((s, r) => s + r.outcome.totalWinFen, 0);
    const total = ok(await h.call(`${G}record/betRecordTotal`, { category: 'DZ' }, { token: p.token })).data;
    expect(total).toEqual({
      count: 2,
      betAmount: '7.00',
      validAmount: '7.00',
      payout: (won / 100).toFixed(2),
      winLoss: ((won - 700) / 100).toFixed(2),
    });
    // The sportsbook's record (the default) does not list them.
    expect(ok(await h.call(`${G}record/betRecordList`, {}, { token: p.token })).data.total).toBe(0);
    expect((await turnoverRepository.get(h.s.handle.db, p.userId)).done).toBe(before.done + 700);
    // The day's figures by venue and category: what VIP progress, rebates by category and betting races read.
    const day = await h.s.handle.db.selectFrom('bet_turnover_daily').selectAll().where('member_id', '=', p.userId).execute();
    expect(
      day.map((d) => ({ ...d, bets: Number(d.bets), stake: Number(d.stake), valid: Number(d.valid), payout: Number(d.payout) })),
    ).toEqual([
      expect.objectContaining({ channel_code: CRDZ, category: 'DZ', site_code: 7000, bets: 2, stake: 700, valid: 700, payout: won }),
    ]);
  });

  it('the jackpot title feeds its pool with its share of every stake', async () => {
    const p = await slotPlayer(h, 5_000, 'H5003');
    const pool = ok(await slotCall(h, p, 'slotInfo', { gameCode: 'H5003' })).data.pool;
    expect(pool.poolCode).toEqual(expect.any(String));
    const amount = () => balanceOf(h.s.handle.db, poolAccount(pool.poolCode));
    const before = await amount();
    const r = ok(await spin(p, '10.00', spinKey(), 'H5003')).data.round;
    const feed = Math.floor((1_000 * titleByCode('H5003')!.jackpot!.feedBasisPoints) / 10_000);
    if (!r.outcome.jackpotHit) expect(await amount()).toBe(before + feed);
    else expect(Number(r.jackpotWin) * 100).toBe(before + feed);
  });
});

describe('regulated pace (site flag)', () => {
  it('a spin sooner than 2.5 s after the last is refused with 6011, and slotInfo says the pace', async () => {
    await withSiteFlags(h, 7001, { regulatedPace: true }, async () => {
      const p = await slotPlayer(h, 1_000, 'H5001', 7001);
      const info = ok(await slotCall(h, p, 'slotInfo', { gameCode: 'H5001' }, { site: 7001 })).data;
      expect(info.pace).toEqual({ minSpinMs: 2500, autoplay: false, celebrateOnlyAboveStake: true });
      const call = () =>
        slotCall(h, p, 'spin', { gameCode: 'H5001', bet: '2.00', idempotencyKey: spinKey() }, { site: 7001, lang: 'zh-CN' });
      ok(await call());
      expectFail(await call(), 6011, '每局至少间隔 2.5 秒，请稍候');
      const tw = await slotCall(h, p, 'spin', { gameCode: 'H5001', bet: '2.00', idempotencyKey: spinKey() }, { site: 7001, lang: 'zh-TW' });
      expectFail(tw, 6011, '每局至少間隔 2.5 秒，請稍候');
      expect(ok(await slotCall(h, p, 'rounds', {}, { site: 7001 })).data.total).toBe(1);
    });
  });
});
