/**
 * Aggregator venues a player can launch and play: the
 * sandbox aggregator's catalogue, the wallet skipping seamless venues, launchUrl, the aggregator's hosted
 * game page and its rounds through our callbacks, and closed rounds in casino_rounds and turnover.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/errors.ts';
import { loadConfig, ConfigError } from '../../config.ts';
import { houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/ledger.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { expectFail, ok, runOpsCommand } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { catalogueRepository } from '../casino/repository.ts';
import { turnoverRepository } from '../turnover/repository.ts';
import { venueRepository } from '../wallet/repository.ts';
import { SANDBOX_AGGREGATOR, seamlessAdapter } from './aggregators.ts';
import { aggregatorGameRow, declaredRtpBp, SANDBOX_GAMES, SANDBOX_VENUES, type AggregatorGame } from './catalogue.ts';
import { casinoRoundId, recordRoundClosed } from './roundFeed.ts';
import { draw, exactRtp, multiplierOf, type SandboxGameKind } from './sandboxGames.ts';
import { SeamlessService } from './service.ts';
import { central, fundedPlayer, locked, sandboxAggregator } from './testKit.ts';

let h: Harness;
beforeAll(async () => {
  // The sandbox aggregator's games are listed only when asked (config.ts: sandboxGamesListed; outside development they are not).
  h = await createHarness({ SANDBOX_GAMES: '1' });
});
afterAll(async () => {
  await h?.close();
});

const G = '/game/api/v1/';
const F = '/fd/api/v1/';
const id = (p: string) => `${p}-${randomUUID()}`;
const db = () => h.s.handle.db;
const done = async (memberId: string) => (await turnoverRepository.get(db(), memberId)).done;
const roundRow = (aggregatorRoundId: string) =>
  db().selectFrom('casino_rounds').selectAll().where('id', '=', casinoRoundId(SANDBOX_AGGREGATOR, aggregatorRoundId)).execute();
const roundsOf = (memberId: string) => db().selectFrom('casino_rounds').selectAll().where('member_id', '=', memberId).execute();
/** The launch token a launch url's one-time code is exchanged for (by `authenticate`, as the aggregator's server does). */
async function exchange(url: string) {
  const code = new URL(url, 'http://portal.test').searchParams.get('code')!;
  const auth = await sandboxAggregator(h).call('authenticate', { token: code });
  return auth.token!;
}
/** A funded member and a launch of `game` (the relative url, and the token its code was exchanged for). */
async function launched(fen: number, game = 'SXBY01') {
  const p = await fundedPlayer(h, fen);
  const url = await h.s.seamless.launchUrl(p.userId, 7000, SANDBOX_AGGREGATOR, game, 'zh-CN');
  return { ...p, url, token: await exchange(url) };
}
const fund = (memberId: string, fen: number) =>
  db()
    .transaction()
    .execute((tx) =>
      post(tx, {
        kind: 'deposit',
        currency: 'CNY',
        refType: 'test',
        refId: memberId,
        memberId,
        lines: [
          { account: houseAccount('clearing', 'test'), amount: -fen },
          { account: memberAccount(memberId, 'central'), amount: fen },
        ],
      }),
    );
const play = (body: Record<string, unknown>) => h.app.inject({ method: 'POST', url: '/dev/seamless/play/round', payload: body });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: AppError) => e.code,
  );

describe('catalogue (sandbox providers)', () => {
  it('one seamless venue per category ZR QP BY CP DJ, each with games of declared RTP ≤ 98% and our own names', async () => {
    const venues = (await venueRepository.all(db())).filter((v) => v.adapter === seamlessAdapter(SANDBOX_AGGREGATOR));
    expect(venues.map((v) => [v.channel_code, v.category])).toEqual(SANDBOX_VENUES.map((v) => [v.channelCode, v.category]));
    expect(venues.map((v) => v.category).sort()).toEqual(['BY', 'CP', 'DJ', 'QP', 'ZR']);
    for (const v of SANDBOX_VENUES) {
      const listed = ok(await h.call(`${G}gameList`, { channelCode: v.channelCode })).data.list as Array<Record<string, string>>;
      expect(listed.length).toBeGreaterThanOrEqual(2);
      for (const g of listed) {
        const def = SANDBOX_GAMES.find((x) => x.code === g.gameCode)!;
        expect(g).toMatchObject({ category: v.category, names: def.names, art: `/game-art/agg/${def.code}.svg`, status: 'active' });
        expect(Number(g.rtp)).toBeLessThanOrEqual(98);
        expect(Number(g.rtp)).toBe(declaredRtpBp(def.kind) / 100);
      }
    }
    // Player-visible names are brand-like: no 沙盒 / sandbox / test.
    for (const text of [...SANDBOX_VENUES.flatMap((v) => Object.values(v.names)), ...SANDBOX_GAMES.flatMap((g) => Object.values(g.names))])
      expect(text).not.toMatch(/沙盒|sandbox|test|测试|測試/i);
  });

  it('declared RTPs are the exact enumeration, and the CSPRNG draws cover that space', () => {
    expect(exactRtp('card')).toBeCloseTo(165.1 / 169, 12);
    expect(exactRtp('dice')).toBeCloseTo((15 / 36) * 2.35, 12);
    expect(exactRtp('wheel')).toBeCloseTo(0.975, 12);
    for (const kind of ['card', 'dice', 'wheel'] as SandboxGameKind[]) {
      expect(declaredRtpBp(kind)).toBeLessThanOrEqual(9800);
      const n = 20_000;
      let sum = 0;
      for (let i = 0; i < n; i++) sum += multiplierOf(draw(kind)) / 100;
      // Within ~5 standard errors (σ ≤ 1.2 for every kind).
      expect(Math.abs(sum / n - exactRtp(kind))).toBeLessThan(0.045);
    }
  });

  it('serves each game its generated art; an unknown code is 404', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/game-art/agg/SXZR01.svg' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('image/svg+xml');
    expect(r.body).toContain('星澜比点');
    expect((await h.app.inject({ method: 'GET', url: '/game-art/agg/NOPE.svg' })).statusCode).toBe(404);
  });
});

describe('the wallet skips seamless venues (no venue wallet)', () => {
  it('allBalance omits them, balance and transfer answer 6004 and move nothing, recycle skips them', async () => {
    // The venues exist and are active in the lobby.
    const zr = ok(await h.call(`${G}getVenueInfoByCategory`, { category: 'ZR' })).data.list as Array<{ channelCode: string }>;
    expect(zr.map((v) => v.channelCode)).toContain('SXZR');
    const m = await h.member(undefined, undefined, { ip: '10.66.0.1' });
    const p = { userId: m.userId };
    await fund(m.userId, 10_000);
    const token = m.token;
    const all = ok(await h.call(`${G}venue/allBalance`, { category: 8 }, { token })).data;
    const listed = (all.list as Array<{ channelCode: string }>).map((v) => v.channelCode);
    expect(listed).toContain('SBZR');
    for (const v of SANDBOX_VENUES) expect(listed).not.toContain(v.channelCode);
    expect(all.totalMoney).toBe('100.00');
    expectFail(await h.call(`${G}venue/balance`, { channelCode: 'SXZR' }, { token }), 6004);
    for (const path of [`${F}transfer/utcTransfer`, `${G}venue/transfer`])
      expectFail(
        await h.call(path, { channelCode: 'SXQP', amount: '10', ty: 1 }, { token, headers: { 'idempotency-key': id('k') } }),
        6004,
      );
    const r = ok(await h.call(`${G}venue/recycle`, {}, { token, headers: { 'idempotency-key': id('k') } })).data;
    expect(r.failed).toEqual([]);
    expect(await central(h, p.userId)).toBe(10_000);
    expect(await h.s.handle.db.selectFrom('venue_transfers').select('id').where('member_id', '=', p.userId).execute()).toEqual([]);
    expect(await verifyLedger(db())).toEqual([]);
  });
});

describe('launchUrl', () => {
  it('answers the sandbox page as a RELATIVE url with a one-time code, exchanged once for a token bound to member, brand and game', async () => {
    const p = await fundedPlayer(h, 1_000);
    const url = await h.s.seamless.launchUrl(p.userId, 7000, SANDBOX_AGGREGATOR, 'SXZR01', 'zh-CN');
    expect(url).toMatch(/^\/dev\/seamless\/play\?code=[A-Za-z0-9_-]{40,}&game=SXZR01&lang=zh-CN$/);
    const code = new URL(url, 'http://portal.test').searchParams.get('code')!;
    const agg = sandboxAggregator(h);
    // The code is no token: a balance or a bet with it is refused; only authenticate spends it, once.
    expect((await agg.call('balance', { token: code, playerId: `7000_${p.userId}` })).status).toBe('INVALID_TOKEN');
    const first = await agg.call('authenticate', { token: code });
    expect(first).toMatchObject({ status: 'OK', playerId: `7000_${p.userId}`, balance: 1_000 });
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(first.token).not.toBe(code);
    expect((await agg.call('authenticate', { token: code })).status).toBe('INVALID_TOKEN');
    const auth = await agg.call('authenticate', { token: first.token! });
    expect(auth).toMatchObject({ status: 'OK', playerId: `7000_${p.userId}`, balance: 1_000 });
    expect(auth.token).toBeUndefined();
    const row = await h.s.handle.db.selectFrom('seamless_tokens').select(['game_code', 'member_id', 'site_code']).execute();
    expect(row).toContainEqual({ game_code: 'SXZR01', member_id: p.userId, site_code: 7000 });
    expect(await h.s.seamless.launchUrl(p.userId, 7000, SANDBOX_AGGREGATOR, 'SXCP02', 'zh-TW')).toMatch(/&game=SXCP02&lang=zh-TW$/);
  });

  it('6415 for a game or venue in maintenance, 6004 for an unknown or hidden game or another venue’s, and issues no token then', async () => {
    const p = await fundedPlayer(h, 0);
    const tokens = () => h.count('seamless_tokens');
    const before = await tokens();
    const launch = (game: string, site = 7000) => failure(h.s.seamless.launchUrl(p.userId, site, SANDBOX_AGGREGATOR, game, 'zh-CN'));
    expect((await runOpsCommand(h, 'ops-amy', 'game:set', '7000', 'SXQP02', 'status=maintenance')).code).toBe(0);
    expect(await launch('SXQP02')).toBe(6415);
    expect(await launch('SXQP01')).toBeNull();
    await h.s.handle.db.updateTable('venues').set({ status: 'maintenance' }).where('channel_code', '=', 'SXQP').execute();
    expect(await launch('SXQP01')).toBe(6415);
    await h.s.handle.db.updateTable('venues').set({ status: 'active' }).where('channel_code', '=', 'SXQP').execute();
    expect((await runOpsCommand(h, 'ops-amy', 'game:set', '7000', 'SXQP02', 'status=hidden')).code).toBe(0);
    expect(await launch('SXQP02')).toBe(6004);
    expect((await runOpsCommand(h, 'ops-amy', 'game:set', '7000', 'SXQP02', 'status=active')).code).toBe(0);
    expect(await launch('NOPE01')).toBe(6004);
    // A house slot is not this aggregator's game.
    expect(await launch('H5001')).toBe(6004);
    // An aggregator without a launch url (none configured) is closed.
    expect(await failure(h.s.seamless.launchUrl(p.userId, 7000, 'ACME', 'SXQP01', 'zh-CN'))).toBe(6415);
    expect(await tokens()).toBe(before + 1); // the one launch code
  });

  it('game/api/v1/launch of an aggregator venue answers the relative url, which opens the page and plays', async () => {
    const m = await h.member(undefined, undefined, { ip: '10.66.0.2' });
    await fund(m.userId, 2_000);
    const r = ok(await h.call(`${G}launch`, { enName: 'sxqp', gameCode: 'SXQP01' }, { token: m.token, headers: { 'x-lang': 'zh-TW' } }));
    expect(r.data.data).toBeNull();
    expect(r.data.url).toMatch(/^\/dev\/seamless\/play\?code=[A-Za-z0-9_-]{40,}&game=SXQP01&lang=zh-TW$/);
    expect(r.data.url).not.toMatch(/token=/);
    const page = await h.app.inject({ method: 'GET', url: r.data.url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('竹韻翻牌');
    // The page holds the token its code was exchanged for (its rounds post it); the address held only the spent code.
    const token = JSON.parse(/<script type="application\/json" id="cfg">(.*?)<\/script>/.exec(page.body)![1]!).token as string;
    expect((await h.app.inject({ method: 'GET', url: r.data.url })).json().status_code).toBe(6001);
    const round = (await play({ token, game: 'SXQP01', stake: 100 })).json();
    expect(round.status_code).toBe(6000);
    expect(await central(h, m.userId)).toBe(2_000 - 100 + round.data.win);
    // A game of another venue through this venue, and a game in maintenance.
    expectFail(await h.call(`${G}launch`, { enName: 'sxqp', gameCode: 'SXZR01' }, { token: m.token }), 6004);
    expect((await runOpsCommand(h, 'ops-amy', 'game:set', '7000', 'SXQP01', 'status=maintenance')).code).toBe(0);
    expectFail(await h.call(`${G}launch`, { enName: 'sxqp', gameCode: 'SXQP01' }, { token: m.token }), 6415);
    expect((await runOpsCommand(h, 'ops-amy', 'game:set', '7000', 'SXQP01', 'status=active')).code).toBe(0);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('the records read as sentences: 交易记录 names the venue and game and quotes the round; 投注记录 the round as the game showed it', async () => {
    const m = await h.member(undefined, undefined, { ip: '10.66.0.3' });
    await fund(m.userId, 2_000);
    const r = ok(await h.call(`${G}launch`, { enName: 'sxqp', gameCode: 'SXQP01' }, { token: m.token }));
    const page = await h.app.inject({ method: 'GET', url: r.data.url });
    const token = JSON.parse(/<script type="application\/json" id="cfg">(.*?)<\/script>/.exec(page.body)![1]!).token as string;
    const round = (await play({ token, game: 'SXQP01', stake: 100 })).json();
    expect(round.status_code).toBe(6000);
    const deals = ok(await h.call(`${F}transactions/queryDealRecord`, {}, { token: m.token })).data.list as Array<{
      kind: string;
      where: string;
      ref: string;
    }>;
    const bet = deals.find((d) => d.kind === 'hold.seamless')!;
    expect(bet).toMatchObject({ where: '竹韵棋牌 竹韵翻牌', ref: round.data.roundId });
    for (const d of deals) expect(d.ref).not.toMatch(/SANDBOX|:/);
    const bets = ok(await h.call(`${G}record/betRecordList`, { category: 'QP' }, { token: m.token })).data.list;
    expect(bets[0].round).toMatchObject({ venueName: '竹韵棋牌', gameName: '竹韵翻牌', roundNo: round.data.roundId });
  });

  it("a configured aggregator's absolute template is filled (values url-encoded) with a launch code of its own", async () => {
    const secret = 'a'.repeat(40);
    const acme = new SeamlessService(
      db(),
      new Map([['ACME', secret]]),
      new Map([['ACME', 'https://games.acme.example/launch?t={token}&g={game}&l={lang}&p={player}']]),
    );
    await venueRepository.upsert(db(), {
      channel_code: 'ACZR',
      name: '测试外部',
      category: 'ZR',
      adapter: seamlessAdapter('ACME'),
      currency: 'CNY',
      status: 'active',
      sort: 99,
    });
    const def: AggregatorGame = { ...SANDBOX_GAMES[0]!, code: 'AC_ZR1', channelCode: 'SXZR' };
    await catalogueRepository.seedGame(db(), { ...aggregatorGameRow(def, 7000, 99, Date.now()), channel_code: 'ACZR', status: 'active' });
    try {
      const p = await fundedPlayer(h, 0);
      const url = new URL(await acme.launchUrl(p.userId, 7000, 'ACME', 'AC_ZR1', 'zh-TW'));
      expect(url.origin + url.pathname).toBe('https://games.acme.example/launch');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ g: 'AC_ZR1', l: 'zh-TW', p: `7000_${p.userId}` });
      const t = await h.s.handle.db.selectFrom('seamless_tokens').select('aggregator_id').where('game_code', '=', 'AC_ZR1').execute();
      // The url's `t` is a one-time launch code of ACME's (filed under ACME#launch: no request can use it as a token).
      expect(t).toEqual([{ aggregator_id: 'ACME#launch' }]);
      // The sandbox aggregator cannot launch ACME's game.
      expect(await failure(h.s.seamless.launchUrl(p.userId, 7000, SANDBOX_AGGREGATOR, 'AC_ZR1', 'zh-CN'))).toBe(6004);
    } finally {
      await h.s.handle.db.deleteFrom('casino_games').where('code', '=', 'AC_ZR1').execute();
      await h.s.handle.db.deleteFrom('casino_venues').where('channel_code', '=', 'ACZR').execute();
      await h.s.handle.db.deleteFrom('venues').where('channel_code', '=', 'ACZR').execute();
      venueRepository.forget(db());
    }
  });
});

describe("the sandbox aggregator's game page", () => {
  it('GET /dev/seamless/play serves the labelled demo page in the asked language, with the central balance', async () => {
    const p = await fundedPlayer(h, 12_345);
    const launch = () => h.s.seamless.launchUrl(p.userId, 7000, SANDBOX_AGGREGATOR, 'SXDJ01', 'zh-CN');
    const r = await h.app.inject({ method: 'GET', url: (await launch()).replace('lang=zh-CN', 'lang=zh-TW') });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('演示遊戲');
    expect(r.body).toContain('極光對決');
    expect(r.body).toContain('¥ 123.45');
    expect(r.body).toContain('理論返還率 97.69%');
    const csp = String(r.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(r.body).toContain(`<script nonce="${nonce}">`);
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    const zhCN = await h.app.inject({ method: 'GET', url: await launch() });
    expect(zhCN.body).toContain('演示游戏');
    // A player reads no developer text: no sandbox, no "for development testing".
    expect(zhCN.body).not.toMatch(/沙盒|开发测试|無縫錢包回調|无缝钱包回调/);
    // Strict input; errors as JSON.
    const bad = async (url: string) => (await h.app.inject({ method: 'GET', url })).json().status_code;
    const code = () => launch().then((u) => new URL(u, 'http://portal.test').searchParams.get('code')!);
    expect(await bad(`/dev/seamless/play?code=${await code()}&game=SXDJ01&lang=en`)).toBe(6007);
    expect(await bad(`/dev/seamless/play?code=${await code()}&game=SXDJ01&x=1`)).toBe(6007);
    expect(await bad(`/dev/seamless/play?token=${p.token}&game=SXDJ01`)).toBe(6007);
    expect(await bad(`/dev/seamless/play?code=%3Cscript%3E${'a'.repeat(30)}&game=SXDJ01`)).toBe(6007);
    expect(await bad(`/dev/seamless/play?code=${await code()}&game=NOPE`)).toBe(6004);
    expect(await bad(`/dev/seamless/play?code=${'x'.repeat(43)}&game=SXDJ01`)).toBe(6001);
    // A launch token is no launch code: the page refuses it.
    expect(await bad(`/dev/seamless/play?code=${p.token}&game=SXDJ01`)).toBe(6001);
  });

  it('a round per category through our signed callbacks: money, casino_rounds (category, stake, win) and turnover', async () => {
    const p = await launched(100_000, 'SXZR01');
    let balance = 100_000;
    let turnover = await done(p.userId);
    for (const v of SANDBOX_VENUES) {
      const game = SANDBOX_GAMES.find((g) => g.channelCode === v.channelCode)!;
      const r = await play({ token: p.token, game: game.code, stake: 1_000 });
      expect(r.json().status_code).toBe(6000);
      const d = r.json().data as { roundId: string; win: number; balance: number; multiplier: number; draw: { kind: string } };
      expect(d.draw.kind).toBe(game.kind);
      expect(d.win).toBe(Math.floor((1_000 * d.multiplier) / 100));
      balance += d.win - 1_000;
      expect(d.balance).toBe(balance);
      expect(await central(h, p.userId)).toBe(balance);
      const [row] = await roundRow(d.roundId);
      expect(row).toMatchObject({
        member_id: p.userId,
        site_code: 7000,
        channel_code: v.channelCode,
        category: v.category,
        game_code: game.code,
        status: 'settled',
      });
      expect([Number(row!.bet), Number(row!.win), Number(row!.valid)]).toEqual([1_000, d.win, 1_000]);
      expect(JSON.parse(row!.outcome)).toMatchObject({ aggregator: SANDBOX_AGGREGATOR, game: game.code });
      expect(await done(p.userId)).toBe(turnover + 1_000);
      turnover += 1_000;
    }
    expect(await locked(h, p.userId)).toBe(0);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('refuses bad input (6007), a stake off the limits, an unknown game (6004), a dead token (6001), and too little money (nothing recorded)', async () => {
    const p = await launched(300, 'SXCP01');
    const code = async (body: Record<string, unknown>) => (await play(body)).json().status_code;
    expect(await code({ token: p.token, game: 'SXCP01', stake: 50 })).toBe(6007);
    expect(await code({ token: p.token, game: 'SXCP01', stake: 100_001 })).toBe(6007);
    expect(await code({ token: p.token, game: 'SXCP01', stake: 1.5 })).toBe(6007);
    expect(await code({ token: p.token, game: 'SXCP01', stake: 100, x: 1 })).toBe(6007);
    expect(await code({ token: p.token, game: 'NOPE', stake: 100 })).toBe(6004);
    expect(await code({ token: 'y'.repeat(43), game: 'SXCP01', stake: 100 })).toBe(6001);
    const poor = await play({ token: p.token, game: 'SXCP01', stake: 500 });
    expect(poor.json()).toMatchObject({ status_code: 6007, message: '余额不足' });
    expect(await roundsOf(p.userId)).toEqual([]);
    expect(await central(h, p.userId)).toBe(300);
    await h.s.seamless.revokeLaunchTokens(p.userId);
    expect(await code({ token: p.token, game: 'SXCP01', stake: 100 })).toBe(6001);
    expect(await verifyLedger(db())).toEqual([]);
  });
});

describe('closed rounds feed records and turnover', () => {
  it('a duplicated closing win (same request, and the same transaction under a new request id) records once', async () => {
    const p = await launched(10_000, 'SXCP01');
    const a = sandboxAggregator(h);
    const who = { token: p.token, playerId: p.playerId, roundId: id('R'), currency: 'CNY' };
    expect((await a.call('bet', { ...who, transactionId: id('B'), amount: 2_000, gameCode: 'SXCP01' })).status).toBe('OK');
    const win = { ...who, transactionId: id('W'), amount: 3_000, roundClosed: true };
    const requestId = id('q');
    const before = await done(p.userId);
    expect((await a.call('win', win, requestId)).status).toBe('OK');
    expect((await a.call('win', win, requestId)).status).toBe('OK');
    expect((await a.call('win', win)).status).toBe('DUPLICATE_TRANSACTION');
    expect((await a.call('win', { ...win, transactionId: id('W') })).status).toBe('ROUND_CLOSED');
    const rows = await roundRow(who.roundId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ category: 'CP', channel_code: 'SXCP', game_code: 'SXCP01' });
    expect([Number(rows[0]!.bet), Number(rows[0]!.win)]).toEqual([2_000, 3_000]);
    expect(await done(p.userId)).toBe(before + 2_000);
    // recordCasinoRound itself records a round id once.
    const again = await db()
      .transaction()
      .execute((tx) =>
        recordRoundClosed(
          tx,
          {
            aggregatorId: SANDBOX_AGGREGATOR,
            memberId: p.userId,
            siteCode: 7000,
            gameCode: 'SXCP01',
            roundId: who.roundId,
            now: Date.now(),
          },
          { gameCode: 'SXCP01', createdAt: Date.now() },
          [{ amount: 2_000 } as never],
        ),
      );
    expect(again).toBe(false);
    expect(await done(p.userId)).toBe(before + 2_000);
    expect(await central(h, p.userId)).toBe(11_000);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('stake excludes rolled-back bets; a refund after the close amends the record and turnover; a fully rolled-back round records nothing', async () => {
    const p = await launched(10_000, 'SXDJ02');
    const a = sandboxAggregator(h);
    const before = await done(p.userId);
    // Two bets, one rolled back before the close; the game from the launch token (the bets name none).
    const r1 = { token: p.token, playerId: p.playerId, roundId: id('R'), currency: 'CNY' };
    const [b1, b2] = [id('B'), id('B')];
    await a.call('bet', { ...r1, transactionId: b1, amount: 1_000 });
    await a.call('bet', { ...r1, transactionId: b2, amount: 500 });
    await a.call('rollback', { ...r1, transactionId: id('RB'), referenceTransactionId: b2 });
    await a.call('win', { ...r1, transactionId: id('W'), amount: 0, roundClosed: true });
    const [row] = await roundRow(r1.roundId);
    expect(row).toMatchObject({ category: 'DJ', channel_code: 'SXDJ', game_code: 'SXDJ02', status: 'settled' });
    expect([Number(row!.bet), Number(row!.win), Number(row!.valid)]).toEqual([1_000, 0, 1_000]);
    expect(await done(p.userId)).toBe(before + 1_000);
    // The remaining stake refunded after the close: the round becomes void, its turnover taken back.
    expect((await a.call('rollback', { ...r1, transactionId: id('RB'), referenceTransactionId: b1 })).status).toBe('OK');
    const [amended] = await roundRow(r1.roundId);
    expect([amended!.status, Number(amended!.bet), Number(amended!.valid)]).toEqual(['void', 0, 0]);
    expect(await done(p.userId)).toBe(before);
    // A round whose only bet was rolled back before its close: nothing recorded.
    const r2 = { ...r1, roundId: id('R') };
    const b3 = id('B');
    await a.call('bet', { ...r2, transactionId: b3, amount: 700, gameCode: 'SXDJ02' });
    await a.call('rollback', { ...r2, transactionId: id('RB'), referenceTransactionId: b3 });
    await a.call('win', { ...r2, transactionId: id('W'), amount: 0, roundClosed: true });
    expect(await roundRow(r2.roundId)).toEqual([]);
    expect(await done(p.userId)).toBe(before);
    expect(await central(h, p.userId)).toBe(10_000);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('a round naming no game is recorded under the aggregator’s first venue; a game of another venue does not move it', async () => {
    const p = await fundedPlayer(h, 5_000);
    const a = sandboxAggregator(h);
    const r = await a.playRound({ token: p.token, playerId: p.playerId, bets: [400], win: 0 });
    expect(await roundRow(r.roundId)).toMatchObject([{ channel_code: 'SXZR', category: 'ZR', game_code: '', bet: expect.anything() }]);
    const house = await a.playRound({ token: p.token, playerId: p.playerId, bets: [100], win: 0, gameCode: 'H5001' });
    expect(await roundRow(house.roundId)).toMatchObject([{ channel_code: 'SXZR', category: 'ZR', game_code: 'H5001' }]);
    expect(await verifyLedger(db())).toEqual([]);
  });
});

describe('production', () => {
  const secrets = { PASSWORD_PEPPER: 'p'.repeat(40), CODE_PEPPER: 'c'.repeat(40), JWT_SECRET: 'j'.repeat(40), AUDIT_KEY: 'a'.repeat(40) };

  it('refuses the dev routes and seeds no aggregator venue or game; the sandbox cannot be configured', async () => {
    const prod = await createHarness({
      NODE_ENV: 'production',
      PROVIDERS: 'live',
      ...secrets,
      SEAMLESS_AGGREGATORS: `ACME=${'s'.repeat(40)}`,
      SEAMLESS_LAUNCH_URLS: 'ACME=https://games.acme.example/launch?t={token}',
    });
    try {
      const seamlessVenues = await prod.s.handle.db
        .selectFrom('venues')
        .select('channel_code')
        .where('adapter', 'like', 'seamless:%')
        .execute();
      expect(seamlessVenues).toEqual([]);
      expect(await prod.s.handle.db.selectFrom('casino_games').select('code').where('code', 'like', 'SX%').execute()).toEqual([]);
      for (const [method, url] of [
        ['GET', '/dev/seamless/play?token=aaaaaaaaaaaaaaaaaaaaaaaaa&game=SXZR01'],
        ['POST', '/dev/seamless/play/round'],
        ['POST', '/dev/seamless/round'],
        ['GET', '/game-art/agg/SXZR01.svg'],
      ] as const)
        expect((await prod.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) })).statusCode).toBe(404);
      // The sandbox aggregator does not exist there: no launch url, no signed callback.
      expect(await failure(prod.s.seamless.launchUrl('m', 7000, SANDBOX_AGGREGATOR, 'SXZR01', 'zh-CN'))).toBe(6415);
    } finally {
      await prod.close();
    }
    const base = { NODE_ENV: 'production', PROVIDERS: 'live', DATA_DIR: ':memory:', ...secrets };
    const agg = `ACME=${'s'.repeat(40)}`;
    expect(() => loadConfig({ ...base, SEAMLESS_AGGREGATORS: `SANDBOX=${'s'.repeat(40)}` })).toThrow(/reserved/);
    expect(() => loadConfig({ ...base, SEAMLESS_AGGREGATORS: agg, SEAMLESS_LAUNCH_URLS: 'ACME=http://a.example/?t={token}' })).toThrow(
      /https/,
    );
    expect(() => loadConfig({ ...base, SEAMLESS_AGGREGATORS: agg, SEAMLESS_LAUNCH_URLS: 'ACME=https://a.example/play' })).toThrow(
      /\{token\}/,
    );
    expect(() => loadConfig({ ...base, SEAMLESS_AGGREGATORS: agg, SEAMLESS_LAUNCH_URLS: 'OTHER=https://a.example/?t={token}' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...base, SEAMLESS_AGGREGATORS: agg, SEAMLESS_LAUNCH_URLS: 'ACME=/relative?t={token}' })).toThrow(ConfigError);
    expect(
      loadConfig({ ...base, SEAMLESS_AGGREGATORS: agg, SEAMLESS_LAUNCH_URLS: 'ACME=https://a.example/?t={token}' }).seamlessLaunchUrls,
    ).toEqual({
      ACME: 'https://a.example/?t={token}',
    });
  });
});
