import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CANNON_LEVELS_FEN, FISH_RTP_DEN, FISH_RTP_NUM, killDraw } from '@portal/games';
import { verifyLedger } from '../../ledger/verify.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { minuteGraceMs } from './config.ts';
import { closeMinutes, minuteRoundId } from './minutes.ts';
import { fishOnScreen, fishPlayer, fishWalletFen, roomState, shoot, shotKey, until } from './fishKit.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  await h.s.fishing.stop();
  await h?.close();
});

const db = () => h.s.handle.db;
const shotsOf = (userId: string) => db().selectFrom('fishing_shots').selectAll().where('member_id', '=', userId).execute();
const fishJournals = () => db().selectFrom('ledger_journals').select('id').where('kind', '=', 'casino.fishing').execute();

describe('a shot judged on the server', () => {
  it("two seats of a room see the same ocean; a shot at a live fish is staked and its kill draw is the seed's", async () => {
    const a = await fishPlayer(h, 100_000);
    const b = await fishPlayer(h, 100_000);
    expect(b.roomId).toBe(a.roomId);
    expect(b.seat).not.toBe(a.seat);
    const [sa, sb] = [await roomState(h, a), await roomState(h, b)];
    expect(sb.seedHash).toBe(sa.seedHash);
    const common = sa.fish.filter((f) => sb.fish.some((g) => g.id === f.id));
    expect(common.length).toBeGreaterThan(3);
    for (const f of common) expect(sb.fish.find((g) => g.id === f.id)).toEqual(f);
    expect(sb.seats.map((s) => s.seat).sort()).toEqual([a.seat, b.seat].sort());

    const target = fishOnScreen(sa)[0]!;
    const key = shotKey();
    const before = await fishWalletFen(h, a.userId);
    const r = await shoot(h, a, target.id, 0, key);
    expect(r.status_code).toBe(6000);
    const win = Math.round(Number(r.data.win) * 100);
    expect(await fishWalletFen(h, a.userId)).toBe(before - CANNON_LEVELS_FEN[0] + win);
    const seed = (await db().selectFrom('fishing_seeds').selectAll().where('id', '=', r.data.seedId).executeTakeFirstOrThrow()).seed;
    const draw = killDraw(seed, a.userId, key, r.data.value);
    expect(r.data).toMatchObject({ draw: draw.draw, killed: draw.killed, value: target.multiplier });
    expect(draw.draw).toBeLessThan(FISH_RTP_DEN * r.data.value);
    expect(r.data.killed).toBe(draw.draw < FISH_RTP_NUM);
    // The other seat sees the shot in its next state.
    await until(async () => (await roomState(h, b)).events.some((e) => e.fishId === target.id && e.seat === a.seat));
  });

  it('refuses forged hits at no cost: an unknown fish, one not yet in the water, a caught one, a wrong cannon; a replayed key answers the same', async () => {
    const p = await fishPlayer(h, 50_000);
    const s = await roomState(h, p);
    const before = await fishWalletFen(h, p.userId);
    const slot = Math.floor(s.oceanNow / 1000);
    for (const fishId of ['999.9.9', `${slot + 200}.0.0`, 'x', '0.0.0'])
      expect([6007, 6008]).toContain((await shoot(h, p, fishId)).status_code);
    expect((await shoot(h, p, `${slot + 200}.0.0`)).message).toBe('这条鱼已经游走了');
    expect((await shoot(h, p, fishOnScreen(s)[0]!.id, 7)).message).toBe('该炮台等级不可用');
    expect(await fishWalletFen(h, p.userId)).toBe(before);
    expect(await shotsOf(p.userId)).toEqual([]);

    // Kill a fish (each shot kills a 2× with probability 48.25%), then shoot it again: refused, nothing taken.
    let killed: string | null = null;
    const keys: string[] = [];
    for (let i = 0; i < 40 && !killed; i++) {
      const st = await roomState(h, p);
      const f = fishOnScreen(st, 3000)[0]!;
      const key = shotKey();
      keys.push(key);
      const r = await shoot(h, p, f.id, 0, key);
      if (r.status_code === 6011) {
        await until(() => true);
        continue;
      }
      expect(r.status_code).toBe(6000);
      if (r.data.killed) killed = f.id;
    }
    expect(killed).not.toBeNull();
    const mid = await fishWalletFen(h, p.userId);
    const again = await shoot(h, p, killed!);
    expect(again).toMatchObject({ status_code: 6007, message: '这条鱼已经游走了' });
    expect(await fishWalletFen(h, p.userId)).toBe(mid);
    // zh-TW
    const tw = await h.call(
      '/game/api/v1/fishing/shoot',
      { roomId: p.roomId, fishId: killed, level: 0, angle: 0 },
      { token: p.token, ip: p.ip, headers: { 'idempotency-key': shotKey(), 'x-lang': 'zh-TW' } },
    );
    expect(tw.message).toBe('這條魚已經游走了');
    // A replayed key: the same answer, nothing more taken.
    const first = (await shotsOf(p.userId)).find((x) => x.shot_key === keys[0])!;
    const replay = await shoot(h, p, 'anything.0.0', 0, keys[0]);
    expect(replay.status_code).toBe(6000);
    expect(replay.data).toMatchObject({ shotKey: keys[0], fishId: first.fish_id, draw: Number(first.draw) });
    expect(await fishWalletFen(h, p.userId)).toBe(mid);
  });

  it('refuses shots over the fire rate (a burst of 4, then 8 a second) without taking their stake', async () => {
    const p = await fishPlayer(h, 50_000);
    const s = await roomState(h, p);
    // The most valuable fish on screen: the burst's first shots rarely kill it (a dead fish refuses as 'gone' first).
    const target = fishOnScreen(s, 4000).at(-1)!;
    const before = await fishWalletFen(h, p.userId);
    // The burst arrives within one instant (the clock held still): on a loaded box ten requests were spread over more
    // than a second, the bucket refilled between them and none was refused.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const answers = await Promise.all(Array.from({ length: 10 }, () => shoot(h, p, target.id))).finally(() => clock.mockRestore());
    const okd = answers.filter((a) => a.status_code === 6000);
    const refused = answers.filter((a) => a.status_code === 6011);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.message).toBe('开炮太快了，请稍候');
    const won = okd.reduce((a, r) => a + Math.round(Number(r.data.win) * 100), 0);
    expect(await fishWalletFen(h, p.userId)).toBe(before - okd.length * CANNON_LEVELS_FEN[0] + won);
    expect((await shotsOf(p.userId)).length).toBe(okd.length);
  });

  it('takes no stake the wallet does not hold', async () => {
    const p = await fishPlayer(h, 25);
    const s = await roomState(h, p);
    const r = await shoot(h, p, fishOnScreen(s)[0]!.id, 2);
    expect(r).toMatchObject({ status_code: 6007, message: '余额不足' });
    expect(await fishWalletFen(h, p.userId)).toBe(25);
  });
});

describe('money', () => {
  it('batches a burst into one journal; a closed tab (nobody waits for the answers) still ends settled; minutes become rounds', async () => {
    const p = await fishPlayer(h, 100_000);
    const s = await roomState(h, p);
    const target = fishOnScreen(s, 4000).at(-1)!;
    const journalsBefore = (await fishJournals()).length;
    const before = await fishWalletFen(h, p.userId);
    // Four shots fired together, then the tab closes: no one reads the answers.
    for (let i = 0; i < 4; i++) void shoot(h, p, target.id, 2);
    await until(async () => (await shotsOf(p.userId)).length === 4);
    const rows = await shotsOf(p.userId);
    expect(new Set(rows.map((r) => r.batch_id)).size).toBe(1);
    expect((await fishJournals()).length - journalsBefore).toBe(1);
    const win = rows.reduce((a, r) => a + Number(r.win), 0);
    await until(async () => (await fishWalletFen(h, p.userId)) === before - 4 * CANNON_LEVELS_FEN[2] + win);
    // The minute becomes one casino round (bet record, turnover) once it is over.
    const minute = Math.floor(Number(rows[0]!.judged_at) / 60_000) * 60_000;
    expect(await closeMinutes(db(), minute + 60_000)).toBe(0);
    expect(await closeMinutes(db(), minute + 120_000)).toBeGreaterThan(0);
    const round = await db()
      .selectFrom('casino_rounds')
      .selectAll()
      .where('id', '=', minuteRoundId(p.userId, minute))
      .executeTakeFirstOrThrow();
    expect(round).toMatchObject({ category: 'BY', channel_code: 'CRBY', game_code: 'BY1' });
    expect(Number(round.bet)).toBe(4 * CANNON_LEVELS_FEN[2]);
    expect(Number(round.win)).toBe(win);
    expect(await closeMinutes(db(), minute + 120_000)).toBe(0);
    const turnover = await db().selectFrom('casino_rounds').select('valid').where('member_id', '=', p.userId).execute();
    expect(turnover.map((r) => Number(r.valid))).toEqual([4 * CANNON_LEVELS_FEN[2]]);
    // The member's bet record (捕鱼) lists the minute.
    const rec = await h.call('/game/api/v1/record/betRecordList', { category: 'BY', beginTime: minute - 1 }, { token: p.token, ip: p.ip });
    expect(rec.status_code).toBe(6000);
    expect(rec.data.list).toHaveLength(1);
    expect(rec.data.list[0]).toMatchObject({ category: 'BY' });
    expect(turnover).toBeDefined();
  });

  it('lists the halls with seated players and publishes the seed after its end', async () => {
    const p = await fishPlayer(h, 1_000, 'BY2');
    const halls = await h.call('/game/api/v1/fishing/halls', {});
    expect(halls.status_code).toBe(6000);
    const by2 = halls.data.list.find((x: { code: string }) => x.code === 'BY2');
    expect(by2).toMatchObject({ name: '珊瑚进阶厅', minBet: '0.50', rtp: '96.50' });
    expect(by2.rooms).toEqual(expect.arrayContaining([{ roomId: p.roomId, seated: 1 }]));
    const seeds = await h.call('/game/api/v1/fishing/seeds', { roomId: p.roomId });
    expect(seeds.data.list[0]).toMatchObject({ seed: null });
    expect(seeds.data.list[0].seedHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('FISHING_MINUTE_MS (tests only)', () => {
  it('production records one-minute rounds; a test may shorten them, its grace shortened with them', () => {
    expect(loadConfig({ DATA_DIR: ':memory:' }).fishingMinuteMs).toBe(60_000);
    expect(loadConfig({ DATA_DIR: ':memory:', FISHING_MINUTE_MS: '4000' }).fishingMinuteMs).toBe(4_000);
    expect(() => loadConfig({ DATA_DIR: ':memory:', FISHING_MINUTE_MS: '500' })).toThrow(ConfigError);
    const secrets = Object.fromEntries(['PASSWORD_PEPPER', 'CODE_PEPPER', 'JWT_SECRET', 'AUDIT_KEY'].map((k) => [k, 'k'.repeat(40)]));
    const prod = { NODE_ENV: 'production', PROVIDERS: 'live', DATA_DIR: ':memory:', ...secrets };
    expect(loadConfig({ ...prod, FISHING_MINUTE_MS: '60000' }).fishingMinuteMs).toBe(60_000);
    expect(() => loadConfig({ ...prod, FISHING_MINUTE_MS: '4000' })).toThrow(/FISHING_MINUTE_MS/);
    expect([minuteGraceMs(60_000), minuteGraceMs(4_000)]).toEqual([5_000, 2_000]);
  });
});
