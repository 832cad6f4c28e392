import { SLOT_FIGURES, TITLES } from '@portal/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../ops/audit.ts';
import { expectFail, freshMember, ok, runOpsCommand } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { parseGamePatch } from './ops.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const G = '/game/api/v1/';
const TW = { headers: { 'x-lang': 'zh-TW' } };
const games = (body: Record<string, unknown>, o: Parameters<Harness['call']>[2] = {}) => h.call(`${G}gameList`, body, o);
const codes = (r: { data: { list: Array<{ gameCode: string }> } }) => r.data.list.map((g) => g.gameCode);
const ops = (...argv: string[]) => runOpsCommand(h, 'ops-amy', ...argv);

describe('getVenueInfoByCategory', () => {
  it('lists the venues of a category with status, sort, art and their listed games', async () => {
    const dz = ok(await h.call(`${G}getVenueInfoByCategory`, { category: 'DZ' })).data;
    expect(dz.category).toBe('DZ');
    expect(dz.list).toEqual([
      {
        channelCode: 'SBDZ',
        enName: 'sbdz',
        category: 'DZ',
        name: '幻彩电子',
        names: { 'zh-CN': '幻彩电子', 'zh-TW': '幻彩電子' },
        art: '/game-art/venue/SBDZ.svg',
        status: 'active',
        sort: 4,
        gameCount: 0,
      },
      {
        channelCode: 'CRDZ',
        enName: 'crdz',
        category: 'DZ',
        name: '自营电子',
        names: { 'zh-CN': '自营电子', 'zh-TW': '自營電子' },
        art: '/game-art/venue/CRDZ.svg',
        status: 'active',
        sort: 5,
        gameCount: 4,
      },
    ]);
    const tw = ok(await h.call(`${G}getVenueInfoByCategory`, { category: 'ZR' }, TW)).data.list;
    // The sandbox aggregator's venues are not listed outside development (config.ts: sandboxGamesListed).
    expect(tw.map((v: { channelCode: string; name: string }) => [v.channelCode, v.name])).toEqual([
      ['SBZR', '星辰真人'],
      ['CRZR', '自營娛樂場'],
    ]);
    expect(
      ok(await h.call(`${G}getVenueInfoByCategory`, { category: 'QP' })).data.list.map((v: { channelCode: string }) => v.channelCode),
    ).toEqual(['SBQP', 'CRQP']); // the sandbox venue and the house 百人 tables (docs/cards.md)
    expect(ok(await h.call(`${G}getVenueInfoByCategory`, { category: 'TY' }, TW)).data.list[0]).toMatchObject({
      channelCode: 'CRTY',
      name: '體育',
    });
    // The house fishing halls (modules/fishing, docs/fishing.md); no e-sports venue (e-sports are in the house book).
    expect(ok(await h.call(`${G}getVenueInfoByCategory`, { category: 'BY' })).data.list).toMatchObject([
      { channelCode: 'CRBY', category: 'BY', gameCount: 3, names: { 'zh-CN': '自营捕鱼', 'zh-TW': '自營捕魚' } },
    ]);
    expect(ok(await h.call(`${G}getVenueInfoByCategory`, { category: 'DJ' })).data.list).toEqual([]);
    // The house lottery's three draws (modules/tables).
    expect(ok(await h.call(`${G}getVenueInfoByCategory`, { category: 'CP' })).data.list).toMatchObject([
      { channelCode: 'CRCP', gameCount: 3 },
    ]);
  });

  it("the sandbox aggregator's games (seeded with sandbox providers) are neither listed, found, favourited nor launched outside development", async () => {
    expect(await h.s.handle.db.selectFrom('casino_games').select('code').where('code', 'like', 'SX%').execute()).not.toEqual([]);
    for (const category of ['ZR', 'QP', 'BY', 'CP', 'DJ'])
      expect(codes(ok(await games({ category, pageSize: 100 }))).filter((c) => c.startsWith('SX'))).toEqual([]);
    expect(ok(await games({ name: '竹韵' })).data.total).toBe(0);
    expect(ok(await games({ tags: ['hot'], pageSize: 100 })).data.list.map((g: { channelCode: string }) => g.channelCode)).not.toContain(
      'SXQP',
    );
    const m = await freshMember(h);
    expectFail(await h.call(`${G}addCollection`, { gameCode: 'SXQP01' }, { token: m.token }), 6004);
    expectFail(await h.call(`${G}launch`, { enName: 'sxqp', gameCode: 'SXQP01' }, { token: m.token }), 6004);
  });

  it('a venue in maintenance says so, and its games are listed as in maintenance', async () => {
    await h.s.handle.db.updateTable('venues').set({ status: 'maintenance' }).where('channel_code', '=', 'CRDZ').execute();
    try {
      const v = ok(await h.call(`${G}getVenueInfoByCategory`, { category: 'DZ' })).data.list.find(
        (x: { channelCode: string }) => x.channelCode === 'CRDZ',
      );
      expect(v.status).toBe('maintenance');
      const list = ok(await games({ channelCode: 'CRDZ' })).data.list as Array<{ status: string }>;
      expect(list.map((g) => g.status)).toEqual(['maintenance', 'maintenance', 'maintenance', 'maintenance']);
      await expect(h.s.catalogue.playable(7000, 'H5001')).rejects.toMatchObject({ code: 6415, detail: { key: 'VENUE_MAINTENANCE' } });
    } finally {
      await h.s.handle.db.updateTable('venues').set({ status: 'active' }).where('channel_code', '=', 'CRDZ').execute();
    }
  });

  it('bad input answers 6007 (unknown category, missing, extra fields)', async () => {
    expectFail(await h.call(`${G}getVenueInfoByCategory`, { category: 'XX' }), 6007);
    expectFail(await h.call(`${G}getVenueInfoByCategory`, {}), 6007);
    expectFail(await h.call(`${G}getVenueInfoByCategory`, { category: 'DZ', extra: 1 }), 6007);
  });
});

describe('gameList', () => {
  it("lists the brand's house slots with their declared figures, in sort order", async () => {
    const r = ok(await games({ category: 'DZ' })).data;
    expect(r).toMatchObject({ total: 4, pageNum: 1, pageSize: 30 });
    expect(codes({ data: r })).toEqual(['H5001', 'H5002', 'H5003', 'H5004']);
    for (const g of r.list as Array<Record<string, unknown>>) {
      const def = TITLES.find((t) => t.code === g.gameCode)!;
      expect(g).toMatchObject({
        channelCode: 'CRDZ',
        category: 'DZ',
        name: def.names['zh-CN'],
        names: def.names,
        art: `/game-art/${def.code}.svg`,
        // The exact RTP rounded down, never the declared round figure rounded up: H5002 95.49, not 95.50.
        rtp: (SLOT_FIGURES[def.code]!.rtpBp / 100).toFixed(2),
        volatility: def.volatility,
        minBet: (Math.min(...def.betLevelsFen) / 100).toFixed(2),
        maxBet: (Math.max(...def.betLevelsFen) / 100).toFixed(2),
        status: 'active',
        collected: false,
        poolCode: def.jackpot ? `JP_${def.code}` : null,
      });
    }
    const jackpot = (r.list as Array<{ gameCode: string; tags: string[] }>).find((g) => g.gameCode === 'H5003')!;
    expect(jackpot.tags).toEqual(['hot', 'jackpot']);
    // Sandbox venues list no games: they have none that can be played.
    expect(ok(await games({ channelCode: 'SBDZ' })).data.total).toBe(0);
    expect(ok(await games({ channelCode: 'SBZR' })).data.total).toBe(0);
  });

  it('searches names in zh-CN or zh-TW (and codes), literally; filters by tags (all given); pages', async () => {
    const def = TITLES[2]!;
    expect(codes(ok(await games({ name: def.names['zh-TW'].slice(0, 2) })))).toContain(def.code);
    expect(codes(ok(await games({ name: def.names['zh-CN'].slice(-2) })))).toContain(def.code);
    expect(codes(ok(await games({ name: 'h5004' })))).toEqual(['H5004']);
    expect(ok(await games({ name: '%' })).data.total).toBe(0);
    expect(ok(await games({ name: '_' })).data.total).toBe(0);
    expect(ok(await games({ name: '\\' })).data.total).toBe(0);
    expect(ok(await games({ name: '   ', category: 'DZ' })).data.total).toBe(4);
    expect(codes(ok(await games({ tags: ['jackpot'] })))).toEqual(['H5003']);
    expect(codes(ok(await games({ tags: ['hot'], category: 'DZ' })))).toEqual(['H5001', 'H5003']);
    expect(codes(ok(await games({ tags: ['hot', 'new'] })))).toEqual([]);
    const p2 = ok(await games({ category: 'DZ', pageNum: 2, pageSize: 3 })).data;
    expect(p2).toMatchObject({ total: 4, pageNum: 2, pageSize: 3 });
    expect(codes({ data: p2 })).toEqual(['H5004']);
    const tw = ok(await games({ channelCode: 'CRDZ', pageSize: 1 }, TW)).data.list[0];
    expect(tw.name).toBe(TITLES[0]!.names['zh-TW']);
  });

  it('bad input answers 6007 and writes nothing', async () => {
    for (const body of [
      { category: 'XX' },
      { tags: ['cold'] },
      { pageSize: 101 },
      { pageSize: 0 },
      { pageNum: 0 },
      { name: '字'.repeat(31) },
      { channelCode: 'a b' },
      { collected: 2 },
      { category: 'DZ', sortBy: 'rtp' },
    ]) {
      expectFail(await games(body), 6007);
    }
    const bad = await h.call(`${G}gameList`, undefined, { rawBody: '{"category":', contentType: 'application/json' });
    expectFail(bad, 6007);
  });
});

describe('favourites', () => {
  it('add and remove are idempotent; gameList marks them; collected 1 lists only them', async () => {
    const m = await freshMember(h);
    const add = (gameCode: string) => h.call(`${G}collection/addCollection`, { gameCode }, { token: m.token });
    const remove = (gameCode: string) => h.call(`${G}collection/removeCollection`, { gameCode }, { token: m.token });
    expect(ok(await add('H5002')).data).toBeNull();
    ok(await add('H5002'));
    ok(await add('H5004'));
    const list = ok(await games({ category: 'DZ' }, { token: m.token })).data.list as Array<{ gameCode: string; collected: boolean }>;
    expect(list.filter((g) => g.collected).map((g) => g.gameCode)).toEqual(['H5002', 'H5004']);
    expect(codes(ok(await games({ collected: 1 }, { token: m.token })))).toEqual(['H5002', 'H5004']);
    ok(await remove('H5002'));
    ok(await remove('H5002'));
    expect(codes(ok(await games({ collected: 1 }, { token: m.token })))).toEqual(['H5004']);
    // Anonymous: nothing is collected, and the favourites view needs a login.
    expect((ok(await games({ category: 'DZ' })).data.list as Array<{ collected: boolean }>).every((g) => !g.collected)).toBe(true);
    expectFail(await games({ collected: 1 }), 6001);
  });

  it("another member's favourites are untouchable: their remove and list change and show only their own", async () => {
    const a = await freshMember(h);
    const b = await freshMember(h);
    ok(await h.call(`${G}collection/addCollection`, { gameCode: 'H5001' }, { token: a.token }));
    ok(await h.call(`${G}collection/removeCollection`, { gameCode: 'H5001' }, { token: b.token }));
    expect(codes(ok(await games({ collected: 1 }, { token: a.token })))).toEqual(['H5001']);
    expect(codes(ok(await games({ collected: 1 }, { token: b.token })))).toEqual([]);
    const rows = await h.s.handle.db.selectFrom('game_favourites').selectAll().where('member_id', '=', a.userId).execute();
    expect(rows.map((r) => r.game_code)).toEqual(['H5001']);
  });

  it('an unknown or hidden game answers 6004 with the catalogue text; login required; bad input 6007', async () => {
    const m = await freshMember(h);
    expectFail(await h.call(`${G}collection/addCollection`, { gameCode: 'NOPE1' }, { token: m.token }), 6004, '游戏不存在或已下架');
    expectFail(
      await h.call(`${G}collection/removeCollection`, { gameCode: 'NOPE1' }, { token: m.token, ...TW }),
      6004,
      '遊戲不存在或已下架',
    );
    expectFail(await h.call(`${G}collection/addCollection`, { gameCode: 'H5001' }), 6001);
    expectFail(await h.call(`${G}collection/addCollection`, { gameCode: '' }, { token: m.token }), 6007);
    expectFail(await h.call(`${G}collection/addCollection`, { gameCode: 'H5001', x: 1 }, { token: m.token }), 6007);
    expectFail(await h.call(`${G}collection/addCollection`, {}, { token: m.token }), 6007);
    expect(await h.s.handle.db.selectFrom('game_favourites').selectAll().where('member_id', '=', m.userId).execute()).toEqual([]);
  });
});

describe('operators: game:list and game:set (site 7001)', () => {
  it('game:set changes status, sort and tags at one brand only, audited; maintenance → 6415, hidden → unlisted and 6004', async () => {
    const listed = await ops('game:list', '7001');
    expect(listed.code).toBe(0);
    const house = (listed.out[0] as Array<{ code: string; category: string }>).filter((g) => g.category === 'DZ');
    expect(house.map((g) => g.code)).toEqual(['H5001', 'H5002', 'H5003', 'H5004']);

    expect((await ops('game:set', '7001', 'H5004', 'status=maintenance', 'sort=0', 'tags=hot,new')).code).toBe(0);
    const [audit] = await listAudit(h.s.handle.db, { action: 'game:set' });
    expect(audit).toMatchObject({ actor: 'ops-amy', target: '7001/H5004', outcome: 'ok' });
    const s7001 = ok(await games({ category: 'DZ' }, { site: 7001 })).data.list as Array<{
      gameCode: string;
      status: string;
      tags: string[];
    }>;
    expect(s7001[0]).toMatchObject({ gameCode: 'H5004', status: 'maintenance', tags: ['hot', 'new'] });
    expect(codes(ok(await games({ category: 'DZ' })))).toEqual(['H5001', 'H5002', 'H5003', 'H5004']);
    await expect(h.s.catalogue.playable(7001, 'H5004')).rejects.toMatchObject({ code: 6415, detail: { key: 'GAME_MAINTENANCE' } });
    await expect(h.s.catalogue.playable(7000, 'H5004')).resolves.toMatchObject({ code: 'H5004', site_code: 7000 });

    expect((await ops('game:set', '7001', 'H5002', 'status=hidden')).code).toBe(0);
    expect(codes(ok(await games({ category: 'DZ' }, { site: 7001 })))).toEqual(['H5004', 'H5001', 'H5003']);
    const m = await freshMember(h, { site: 7001 });
    expectFail(await h.call(`${G}collection/addCollection`, { gameCode: 'H5002' }, { token: m.token, site: 7001 }), 6004);
    await expect(h.s.catalogue.playable(7001, 'H5002')).rejects.toMatchObject({ code: 6004 });
    const venues = ok(await h.call(`${G}getVenueInfoByCategory`, { category: 'DZ' }, { site: 7001 })).data.list;
    expect(venues.find((v: { channelCode: string }) => v.channelCode === 'CRDZ').gameCount).toBe(3);

    // Seeding again keeps the operator's choices.
    const { seed } = await import('../../seed.ts');
    await seed(h.s.handle.db);
    expect(codes(ok(await games({ category: 'DZ' }, { site: 7001 })))).toEqual(['H5004', 'H5001', 'H5003']);
    expect((await ops('game:set', '7001', 'H5002', 'status=active', 'tags=')).code).toBe(0);
    expect((ok(await games({ name: 'H5002' }, { site: 7001 })).data.list[0] as { tags: string[] }).tags).toEqual([]);
  });

  it('venue:set puts a venue into maintenance for every brand (its games too), and back; audited', async () => {
    expect((await ops('venue:list')).code).toBe(0);
    expect((await ops('venue:set', 'CRDZ', 'status=maintenance')).code).toBe(0);
    try {
      const [audit] = await listAudit(h.s.handle.db, { action: 'venue:set' });
      expect(audit).toMatchObject({ actor: 'ops-amy', target: 'CRDZ', outcome: 'ok' });
      for (const site of [7000, 7001]) {
        const v = ok(await h.call(`${G}getVenueInfoByCategory`, { category: 'DZ' }, { site })).data.list;
        expect(v.find((x: { channelCode: string }) => x.channelCode === 'CRDZ').status).toBe('maintenance');
      }
      expect((ok(await games({ name: 'H5001' })).data.list[0] as { status: string }).status).toBe('maintenance');
      const m = await freshMember(h);
      const tw = await h.call(
        '/game/api/v1/venue/transfer',
        { channelCode: 'CRDZ', amount: '1', ty: 1 },
        { token: m.token, headers: { 'idempotency-key': `k-${m.userId}` } },
      );
      expectFail(tw, 6415);
    } finally {
      expect((await ops('venue:set', 'CRDZ', 'status=active')).code).toBe(0);
    }
    expect((ok(await games({ name: 'H5001' })).data.list[0] as { status: string }).status).toBe('active');
    expect((await ops('venue:set', 'CRDZ', 'status=hidden')).code).not.toBe(0);
    expect((await ops('venue:set', 'CRDZ', 'tags=hot')).code).not.toBe(0);
    expect((await ops('venue:set', 'NOPE', 'sort=1')).code).not.toBe(0);
  });

  it('bad arguments fail with usage, change nothing and are audited as failed', async () => {
    expect((await ops('game:set', '7001', 'NOPE1', 'sort=1')).code).not.toBe(0);
    expect((await ops('game:set', '7001', 'H5001')).code).not.toBe(0);
    expect((await ops('game:list', 'x')).code).not.toBe(0);
    const [audit] = await listAudit(h.s.handle.db, { action: 'game:set' });
    expect(audit).toMatchObject({ outcome: 'failed' });
    expect(() => parseGamePatch(['status=closed'])).toThrow(/status/);
    expect(() => parseGamePatch(['sort=1.5'])).toThrow(/sort/);
    expect(() => parseGamePatch(['tags=cold'])).toThrow(/cold/);
    expect(() => parseGamePatch(['sort=1', 'sort=2'])).toThrow(/twice/);
    expect(() => parseGamePatch(['rtp=99'])).toThrow(/not a setting/);
    expect(parseGamePatch(['status=active', 'sort=-3', 'tags=new,hot'])).toEqual({ status: 'active', sort: -3, tags: ['new', 'hot'] });
  });
});

describe('art', () => {
  it('serves an SVG per house title and per venue; anything else is the 404 envelope', async () => {
    const title = await h.app.inject({ method: 'GET', url: '/game-art/H5003.svg' });
    expect(title.statusCode).toBe(200);
    expect(title.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(title.body).toContain(TITLES.find((t) => t.code === 'H5003')!.names['zh-CN']);
    const venue = await h.app.inject({ method: 'GET', url: '/game-art/venue/SBZR.svg' });
    expect(venue.statusCode).toBe(200);
    expect(venue.headers['content-type']).toMatch(/^image\/svg\+xml/);
    // The venue's art is a motif of its category: no code in front of players.
    expect(venue.body).not.toContain('SBZR');
    for (const url of ['/game-art/NOPE.svg', '/game-art/venue/NOPE.svg', '/game-art/H5001.png', '/game-art/venue/..%2fx.svg']) {
      const r = await h.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(404);
      expect(JSON.parse(r.body).status_code).toBe(6004);
    }
  });
});
