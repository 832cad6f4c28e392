import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@portal/contract';
import { verifyLedger } from '../../ledger/verify.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { item, key, manualClock, player, prematch, resource, selection, venueFen } from './testKit.ts';

let h: Harness;
let clock: ReturnType<typeof manualClock>;
beforeAll(async () => {
  h = await createHarness({ SPORT_IN_PLAY_DELAY_MS: '20' });
  clock = manualClock(h);
});
afterAll(async () => {
  await h?.close();
});

const bet = (p: Awaited<ReturnType<typeof player>>, items: unknown[], stake: string, extra: Record<string, unknown> = {}) =>
  resource(h, p, 'bet', { mode: items.length > 1 ? 'multiple' : 'single', items, stake, idempotencyKey: key(), ...extra });

describe('launch and the resource proxy', () => {
  it("launch answers data for the portal's own sport pages; a wrong venue token answers 6302", async () => {
    const p = await player(h, 10_000);
    expect(p.venueToken).toMatch(/^\d+\./);
    const bad = await resource(h, { ...p, venueToken: `${Date.now() + 60_000}.forged` }, 'balance');
    expect(bad.status_code).toBe(6302);
    expect(bad.message).toBe('数据异常，请重新进入游戏');
    expect((await resource(h, p, 'balance')).data).toEqual({ channelCode: 'CRTY', balance: '100.00' });
    expect((await h.call('/game/api/v1/launch', { enName: 'NOPE', gameCode: '' }, { token: p.token })).status_code).toBe(6004);
  });

  it('lists leagues, today/early/in-play games with the §3 game-data fields, and champion odds', async () => {
    const p = await player(h, 1_000);
    const leagues = await resource(h, p, 'leagues', { gameType: 'FT' });
    expect(leagues.data.filter((l: { quick: boolean }) => l.quick).map((l: { name: string }) => l.name)).toEqual([
      '欧洲冠军联赛',
      '英格兰超级联赛',
      '意大利甲级联赛',
      '西班牙甲级联赛',
      '德国甲级联赛',
      '法国甲级联赛',
      '中国超级联赛',
    ]);
    const rb = await resource(h, p, 'games', { gameType: 'FT', showType: 'RB' });
    expect(rb.data.total).toBeGreaterThan(3);
    const g = rb.data.list[0];
    for (const f of [
      'league_id',
      're_time',
      't_count',
      'se_now',
      'HalfTime',
      'inningNum',
      'gameStatus',
      'sc_FT_H',
      'sc_FT_C',
      'sc_FT_A',
      'sc_set_H',
      'sc_set_A',
      'sc_game_H',
      'sc_game_A',
      'isLive',
      'gameType',
    ])
      expect(g).toHaveProperty(f);
    expect(g.isLive).toBe(true);
    const bk = await resource(h, p, 'games', { gameType: 'BK', showType: 'RB' });
    expect(bk.data.list.some((x: { t_count: number }) => x.t_count > 0)).toBe(true);
    const champ = await resource(h, p, 'champion', {});
    expect(champ.data.length).toBeGreaterThan(0);
  });
});

describe('placement', () => {
  it('a single holds the stake; a double click (same key) bets once', async () => {
    const p = await player(h, 50_000);
    const e = prematch(clock.sim);
    const s = selection(e, '1X2');
    const k = key();
    const body = { mode: 'single', items: [item(e, s.w, s.r)], stake: '100', idempotencyKey: k };
    const [a, b] = await Promise.all([resource(h, p, 'bet', body), resource(h, p, 'bet', body)]);
    expect(a.status_code, JSON.stringify(a)).toBe(6000);
    expect(b.data.ticket_id).toBe(a.data.ticket_id);
    expect(a.data).toMatchObject({ status: 'accepted', bettingData: { active: false }, betAmount: '100.00', balance: '400.00' });
    // The replay answers the same bet in full, rebuilt from its rows (only the ticket id is kept with the key).
    expect(b.data).toEqual(a.data);
    expect(a.data).toMatchObject({ kind: 'single', seriesType: '', betCount: 1, legs: [{ gameId: e.gameId, w: s.w, r: s.r }] });
    expect((await resource(h, p, 'bet', body)).data).toEqual(a.data);
    expect(await venueFen(h, p.userId)).toBe(40_000);
    expect(await h.count('sport_bets')).toBeGreaterThan(0);
    const other = await resource(h, p, 'bet', { ...body, stake: '200' });
    expect(other.status_code).toBe(6009);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('odds: a better price is taken, a worse one refused with the new price unless any odds are accepted', async () => {
    const p = await player(h, 50_000);
    const e = prematch(clock.sim, 'FT', 1);
    const s = selection(e, '1X2');
    const worse = await bet(p, [item(e, s.w, s.r + 50)], '10');
    expect(worse.status_code).toBe(6007);
    expect(worse.message).toBe('赔率已变更，请确认新赔率');
    expect(worse.data.changes).toEqual([{ gameId: e.gameId, w: s.w, r: s.r }]);
    const any = await bet(p, [item(e, s.w, s.r + 50)], '10', { acceptAnyOdds: 1 });
    expect(any.data.legs[0].r).toBe(s.r);
    const better = await bet(p, [item(e, s.w, s.r - 100)], '10');
    expect(better.data.legs[0].r).toBe(s.r);
  });

  it('stake limits per market, the balance, closed lines and the slip rules', async () => {
    const p = await player(h, 20_000);
    const e = prematch(clock.sim, 'FT', 2);
    const s = selection(e, '1X2');
    const min = LIMITS.SPORT_STAKE_FEN.main.min / 100;
    const low = await bet(p, [item(e, s.w, s.r)], String(min - 1));
    expect([low.status_code, low.message, low.data]).toEqual([
      6007,
      '投注金额低于最低限额',
      { min: `${min}.00`, max: `${LIMITS.SPORT_STAKE_FEN.main.max / 100}.00` },
    ]);
    expect((await bet(p, [item(e, s.w, s.r)], String(LIMITS.SPORT_STAKE_FEN.main.max / 100 + 1))).message).toBe('投注金额超过最高限额');
    expect((await bet(p, [item(e, s.w, s.r)], '300')).message).toBe('余额不足');
    expect((await bet(p, [item(e, 'AH:H:9.25', 1900)], '10')).message).toBe('盘口已关闭，请重新选择');
    // Single mode holds one item; a parlay never has two legs of one game.
    const two = [item(e, s.w, s.r), item(e, selection(e, 'OU').w, selection(e, 'OU').r)];
    expect((await resource(h, p, 'bet', { mode: 'single', items: two, stake: '10', idempotencyKey: key() })).message).toBe(
      '投注单无效，请重新选择',
    );
    expect((await resource(h, p, 'bet', { mode: 'multiple', items: two, stake: '10', idempotencyKey: key() })).message).toBe(
      '投注单无效，请重新选择',
    );
    expect(await venueFen(h, p.userId)).toBe(20_000);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('parlays (n串1) and series (3串4): one hold of stake × bets', async () => {
    const p = await player(h, 100_000);
    const es = [3, 4, 5].map((i) => prematch(clock.sim, 'FT', i));
    const items = es.map((e) => item(e, selection(e, 'OU').w, selection(e, 'OU').r));
    const parlay = await bet(p, items, '20');
    expect(parlay.data).toMatchObject({ kind: 'parlay', betCount: 1, betAmount: '20.00' });
    const series = await resource(h, p, 'bet', { mode: 'series', seriesType: '3串4', items, stake: '10', idempotencyKey: key() });
    expect(series.data).toMatchObject({ kind: 'series', seriesType: '3串4', betCount: 4, betAmount: '40.00' });
    expect(
      (await resource(h, p, 'bet', { mode: 'series', seriesType: '3串9', items, stake: '10', idempotencyKey: key() })).status_code,
    ).toBe(6007);
    expect(await venueFen(h, p.userId)).toBe(100_000 - 2_000 - 4_000);
  });

  it('the daily payout cap per member and sport group (§9) refuses a bet whose potential payout passes it', async () => {
    const p = await player(h, 100_000);
    const e = prematch(clock.sim, 'FT', 6);
    const s = selection(e, '1X2');
    const settings = (h.s.sport.placement as unknown as { s: { usdCnyRate: number } }).s;
    const rate = settings.usdCnyRate;
    settings.usdCnyRate = 0.0005; // football/basketball cap 1.5 M USD → 750 CNY at this rate (new handicaps 25 k → 12.5)
    try {
      const capYuan =
        (e.showType === 'FU' ? LIMITS.SPORT_DAILY_PAYOUT_CAP_USD.newHandicap : LIMITS.SPORT_DAILY_PAYOUT_CAP_USD.footballBasketball) *
        0.0005;
      const fits = Math.max(10, Math.floor((capYuan / (s.r / 1000)) * 0.6));
      const caps = async () =>
        (
          await h.s.handle.db
            .selectFrom('sport_payout_caps')
            .select(['cap_group', 'potential'])
            .where('member_id', '=', p.userId)
            .orderBy('cap_group')
            .execute()
        ).map((r) => [r.cap_group, Number(r.potential)]);
      expect((await bet(p, [item(e, s.w, s.r)], String(fits))).status_code).toBe(6000);
      const afterFirst = await caps();
      expect(afterFirst.map(([g]) => g)).toEqual(expect.arrayContaining(['general', 'footballBasketball']));
      const over = await bet(p, [item(e, s.w, s.r)], String(fits));
      expect([over.status_code, over.message]).toEqual([6007, '已超过今日最高派彩限额']);
      // One statement adds to every group; the refused bet left none of them (the general group's far larger cap included) changed.
      expect(await caps()).toEqual(afterFirst);
    } finally {
      settings.usdCnyRate = rate;
    }
  });

  it('in play: pending (bettingData active) then accepted; a suspension meanwhile rejects it and refunds', async () => {
    const p = await player(h, 10_000);
    // Live events with an odd/even market offered (a match in its closing minute, or with a price out of band, has none).
    const live = clock.sim
      .list({ gameType: 'FT', showType: 'RB' })
      .events.filter((e) => !e.suspended && e.markets.some((m) => m.type === 'OE'));
    const [e1, e2] = [live[0]!, live[1]!];
    const a = await bet(p, [item(e1, selection(e1, 'OE').w, selection(e1, 'OE').r)], '10');
    expect(a.data).toMatchObject({ status: 'pending', bettingData: { active: true, ticket_id: a.data.ticket_id } });
    await new Promise((r) => setTimeout(r, 40));
    expect((await resource(h, p, 'ticket', { ticketId: a.data.ticket_id })).data).toMatchObject({
      status: 'accepted',
      bettingData: { active: false },
    });
    const b = await bet(p, [item(e2, selection(e2, 'OE').w, selection(e2, 'OE').r)], '10');
    const real = clock.sim.event.bind(clock.sim);
    const spy = vi.spyOn(clock.sim, 'event').mockImplementation((id) => ({ ...real(id)!, suspended: true }));
    await new Promise((r) => setTimeout(r, 40));
    const t = await resource(h, p, 'ticket', { ticketId: b.data.ticket_id });
    spy.mockRestore();
    expect(t.data).toMatchObject({ status: 'rejected', rejectReason: 'SPORT_SUSPENDED' });
    expect(await venueFen(h, p.userId)).toBe(9_000);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });
});

describe('the price band at placement (issue 14)', () => {
  it('a stale slip holding a selection the book now prices out of band is refused with the new state, zh-CN and zh-TW; nothing is held', async () => {
    const p = await player(h, 10_000);
    const e = prematch(clock.sim);
    const s = selection(e, '1X2');
    const real = clock.sim.event.bind(clock.sim);
    // The feed now prices the selection at 1.003 (0.00 HK): a price the book does not offer.
    const spy = vi.spyOn(clock.sim, 'event').mockImplementation((id) => {
      const ev = real(id)!;
      return {
        ...ev,
        markets: ev.markets.map((m) => ({ ...m, selections: m.selections.map((x) => (x.w === s.w ? { ...x, r: 1003 } : x)) })),
      };
    });
    try {
      const cn = await bet(p, [item(e, s.w, s.r)], '10', { acceptAnyOdds: 1 });
      expect([cn.status_code, cn.message, cn.data]).toEqual([
        6007,
        '该选项赔率超出可投注范围，已暂停投注，请重新选择',
        { gameId: e.gameId, w: s.w },
      ]);
      const tw = await h.call(
        '/game/api/v1/resource',
        {
          method: 'bet',
          enName: 'CRTY',
          Request: {
            timestamp: Date.now(),
            token: p.venueToken,
            langx: 'zh-tw',
            remoteip: '127.0.0.1',
            mode: 'single',
            items: [item(e, s.w, s.r)],
            stake: '10',
            acceptAnyOdds: 1,
            idempotencyKey: key(),
          },
        },
        { token: p.token, headers: { 'x-lang': 'zh-TW' } },
      );
      expect(tw.status_code).toBe(6007);
      expect(tw.message).toBe('該選項賠率超出可投注範圍，已暫停投注，請重新選擇');
    } finally {
      spy.mockRestore();
    }
    expect(await venueFen(h, p.userId)).toBe(10_000);
    // A selection the book no longer offers at all (suspended by the band in the simulator) is refused too.
    const gone = await bet(p, [item(e, 'AH:H:-7.5', 1010)], '10', { acceptAnyOdds: 1 });
    expect(gone.message).toBe('盘口已关闭，请重新选择');
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });
});
