/**
 * zh-TW is Traditional everywhere: every player-facing endpoint that answers names or texts —
 * preInfo, notices and marquee, advertising, venues, game lists, the sportsbook's leagues, matches, markets and
 * outrights, promotions, VIP, balances — is fetched in zh-TW for both demo brands and must carry no simplified
 * character, by the same rule as the web's translations (@portal/rules simplifiedLeft over OpenCC cn → tw). The
 * zh-CN answers are the stored data, unchanged.
 */
import * as OpenCC from 'opencc-js';
import { HEADERS } from '@portal/contract';
import { businessDay, simplifiedLeft } from '@portal/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SITES } from '../modules/site/seed.ts';
import { loadZhTwForms, saveConverted, setOperatorForm } from '../modules/site/zhTwForms.ts';
import { ZH_TW_CONTENT } from './zhTW.ts';
import { nextIp, runOpsCommand } from '../test/flows.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import type { SportsbookSimulator } from '../venues/sportsbook/simulator.ts';

const toTaiwan = OpenCC.Converter({ from: 'cn', to: 'tw' });
const HAN = /[\u3400-\u9fff]/;

function* strings(o: unknown, path: string): Generator<[string, string]> {
  if (typeof o === 'string') yield [path, o];
  else if (Array.isArray(o)) for (const [i, v] of o.entries()) yield* strings(v, `${path}[${i}]`);
  else if (o && typeof o === 'object') for (const [k, v] of Object.entries(o)) if (k !== 'zh-CN') yield* strings(v, `${path}.${k}`); // a zh-CN form given alongside
}

/** An answer with its Chinese texts blanked. */
const shape = (data: unknown) =>
  JSON.stringify(data, (_k, v: unknown) => (typeof v === 'string' && HAN.test(v) ? '*' : v))
    .replace(/\?lang=zh-TW/g, '')
    // A banner's picture is drawn in the request's language (messages: `{locale}` in an ad's image address).
    .replace(/\.zh-(CN|TW)\.svg/g, '.svg');

type Call = [path: string, body: Record<string, unknown>, member?: boolean];
const G = '/game/api/v1/';
const CATEGORIES = ['TY', 'ZR', 'QP', 'DZ', 'BY', 'CP', 'DJ'];

/** Every content endpoint (http/zhTW.ts) with the bodies that make it answer names and texts. */
function calls(venueToken: string): Call[] {
  const res = (method: string, extra: Record<string, unknown> = {}): Call => [
    `${G}resource`,
    { method, enName: 'CRTY', Request: { timestamp: Date.now(), token: venueToken, langx: 'zh-cn', remoteip: '127.0.0.1', ...extra } },
    true,
  ];
  return [
    ['/site/api/v1/configuration/preInfo', {}],
    ['/site/api/v1/site/countryArea/queryCountryArea', {}],
    ['/site/api/v1/advertising/queryNoticeListByPage', { pageNum: 1, pageSize: 50 }],
    ['/site/api/v1/advertising/queryNoticeListByPage', { marquee: true, pageNum: 1, pageSize: 50 }],
    ['/site/api/v1/advertising/navigationList', {}],
    ['/site/api/v1/advertising/navigationList', { position: 'banner' }],
    ['/site/api/v1/advertising/sponsorContent', {}],
    ['/site/api/v1/site/letter/list', { pageNum: 1, pageSize: 50 }, true],
    ['/act/api/v1/promotion/config', {}],
    ['/act/api/v1/promotion/config', {}, true],
    ['/site/api/v1/advertising/getMyDiscountAd', {}, true],
    ['/site/api/v1/user/querySiteDepositRewardConfigList', {}, true],
    ...CATEGORIES.map((category): Call => [`${G}getVenueInfoByCategory`, { category }]),
    ...CATEGORIES.map((category): Call => [`${G}gameList`, { category, pageSize: 100 }]),
    [`${G}getBonusPools`, {}],
    [`${G}tableLobby`, { category: 'ZR' }],
    [`${G}tableLobby`, { category: 'CP' }],
    ['/site/api/v1/user/memberGradeConfigList', {}],
    ['/site/api/v1/user/memberGradeInfoByGrade', {}, true],
    ['/site/api/v1/user/getGameFanshuiHighLow', {}, true],
    ['/act/api/v1/vipWeek/VipWeekInfo', {}, true],
    ['/act/api/v1/vipWelfare/list', {}, true],
    ['/fd/api/v1/transfer/getBalance', {}, true],
    [`${G}venue/allBalance`, {}, true],
    ['/fd/api/v1/payment/types', {}, true],
    ['/fd/api/v1/transactions/queryDealRecord', {}, true],
    res('leagues'),
    ...['FT', 'BK', 'TN', 'VB', 'BS', 'TT', 'SK', 'OP', 'VF'].flatMap((gameType) =>
      ['FT', 'FU', 'RB'].map((showType) => res('games', { gameType, showType, pageSize: 100 })),
    ),
    res('champion'),
  ];
}

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  // The feed on a fixed clock: both languages see the same events at the same versions.
  const sim = h.s.sportFeed as SportsbookSimulator;
  const at = Date.parse(`${businessDay(Date.now())}T20:00:00+08:00`);
  sim.opts.now = () => at;
}, 60_000);
afterAll(() => h.close());

describe('zh-TW answers', () => {
  it('every content endpoint is covered here', () => {
    const covered = new Set(calls('t').map(([p]) => p));
    const needIds = ['verification', 'confirmInfo', 'exchangeRecord', 'venue/balance', 'rebateRecords', 'vCurrency', 'betRecordList'];
    const missing = [...ZH_TW_CONTENT].map((e) => e.path).filter((p) => !covered.has(p) && !needIds.some((n) => p.includes(n)));
    expect(missing).toEqual([]);
  });

  for (const site of DEMO_SITES.map((s) => s.siteCode)) {
    it(`brand ${site}: no simplified character in zh-TW; zh-CN as stored`, async () => {
      const ip = nextIp();
      const m = await h.member(undefined, undefined, { site, ip });
      const launch = await h.call(`${G}launch`, { enName: 'CRTY', gameCode: 'sport' }, { site, ip, token: m.token });
      expect(launch.status_code).toBe(6000);
      const found: string[] = [];
      let texts = 0;
      let sportNames = 0;
      for (const [path, body, member] of calls(launch.data.data.token)) {
        const ask = (lang: string) => h.call(path, body, { site, ip, token: member ? m.token : null, headers: { [HEADERS.LANG]: lang } });
        const [cn, tw] = [await ask('zh-CN'), await ask('zh-TW')];
        expect([path, cn.status_code, tw.status_code]).toEqual([path, 6000, 6000]);
        for (const [where, text] of strings(tw.data, path)) {
          if (!HAN.test(text)) continue;
          texts++;
          if (path.endsWith('resource')) sportNames++;
          const left = simplifiedLeft(text, toTaiwan, { names: true });
          if (left.length) found.push(`${where}: ${left.join(' ')} in "${text.slice(0, 40)}"`);
        }
        // The answers differ in their Chinese texts only (and zh-TW art): ids, amounts, odds and codes are the same.
        expect(shape(tw.data), path).toEqual(shape(cn.data));
      }
      expect(found).toEqual([]);
      expect(texts).toBeGreaterThan(300);
      expect(sportNames).toBeGreaterThan(100);
    }, 120_000);
  }

  it('forms are kept: a restarted node converts none it has seen; an operator’s own form wins', async () => {
    await h.call('/site/api/v1/site/countryArea/queryCountryArea', {}, { headers: { [HEADERS.LANG]: 'zh-TW' } });
    await new Promise((r) => setTimeout(r, 700)); // the write-behind
    const db = h.s.handle.db;
    const stored = await db.selectFrom('zh_tw_forms').select(['zh_cn', 'zh_tw', 'source']).execute();
    expect(stored.length).toBeGreaterThan(100);
    let loads = 0;
    const load = () => {
      loads++;
      return toTaiwan;
    };
    const restarted = await loadZhTwForms(db, { load });
    const areas = await h.call('/site/api/v1/site/countryArea/queryCountryArea', {}, { headers: { [HEADERS.LANG]: 'zh-CN' } });
    restarted.deep(areas.data);
    expect(loads).toBe(0);
    const title = DEMO_SITES[0]!.title;
    await setOperatorForm(db, restarted, title, '翡翠灣運動');
    expect(restarted.of(title)).toBe('翡翠灣運動');
    expect((await loadZhTwForms(db, { load })).of(title)).toBe('翡翠灣運動');
    await saveConverted(db, [[title, toTaiwan(title)]]); // a conversion never replaces it
    expect((await loadZhTwForms(db, { load })).of(title)).toBe('翡翠灣運動');
    expect(loads).toBe(0);
  });

  it('ops zh-tw:set gives a text the operator’s form; zh-tw:show tells which form is answered', async () => {
    const show = async (text: string) => (await runOpsCommand(h, 'op', 'zh-tw:show', text)).out[0];
    expect(await show('不存在的文字')).toMatchObject({ zhTW: null });
    expect((await runOpsCommand(h, 'op', 'zh-tw:set', '台钢雄鹰', '台鋼雄鷹')).code).toBe(0);
    expect(await show('台钢雄鹰')).toEqual({ zhCN: '台钢雄鹰', zhTW: '台鋼雄鷹', source: 'operator' });
    expect((await runOpsCommand(h, 'op', 'zh-tw:set', 'only one')).code).not.toBe(0);
    const audit = await h.s.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'zh-tw:set').execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('game art with the name drawn in comes in zh-TW', async () => {
    const list = await h.call(`${G}gameList`, { category: 'DZ', pageSize: 100 }, { headers: { [HEADERS.LANG]: 'zh-TW' } });
    const drawn = (list.data.list as Array<{ art: string; name: string }>).filter((g) => g.art.startsWith('/game-art/'));
    expect(drawn.length).toBeGreaterThan(3);
    let differ = 0;
    for (const g of drawn) {
      expect(g.art).toMatch(/\?lang=zh-TW$/);
      const svg = await h.app.inject({ method: 'GET', url: g.art });
      expect(svg.statusCode).toBe(200);
      const text = /<text[^>]*>([^<]*)<\/text>\s*<\/svg>$/.exec(svg.body)?.[1] ?? '';
      expect(HAN.test(text)).toBe(true);
      expect([g.art, simplifiedLeft(text, toTaiwan, { names: true })]).toEqual([g.art, []]);
      const cn = await h.app.inject({ method: 'GET', url: g.art.replace('?lang=zh-TW', '') });
      if (cn.body !== svg.body) differ++;
    }
    expect(differ).toBeGreaterThan(0);
  });

  it('zh-CN answers carry the stored texts', async () => {
    const pre = await h.call('/site/api/v1/configuration/preInfo', {}, { headers: { [HEADERS.LANG]: 'zh-CN' } });
    expect(pre.data.siteBaseConfig.title).toBe(DEMO_SITES[0]!.title);
    const leagues = await h.s.sportFeed!.leagues('FT');
    const tw = await h.call('/site/api/v1/configuration/preInfo', {}, { headers: { [HEADERS.LANG]: 'zh-TW' } });
    expect(tw.data.siteBaseConfig.title).toBe(toTaiwan(DEMO_SITES[0]!.title));
    expect(tw.data.siteBaseConfig.title).not.toBe(DEMO_SITES[0]!.title);
    // The name in both languages, whichever was asked for: the page switches language without asking again.
    const titles = { 'zh-CN': DEMO_SITES[0]!.title, 'zh-TW': toTaiwan(DEMO_SITES[0]!.title) };
    expect([pre.data.siteBaseConfig.titles, tw.data.siteBaseConfig.titles]).toEqual([titles, titles]);
    expect(leagues[0]!.name).toBe('欧洲冠军联赛');
  });
});
