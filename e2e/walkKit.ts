/**
 * The browser walk's parts (e2e/walk.e2e.ts): the pages of the route table a visitor and a member open, a member
 * of each brand with some activity, and what a page must never show — read from the page itself.
 */
import { randomUUID } from 'node:crypto';
import * as OpenCC from 'opencc-js';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PROMOTION_PAGES } from '../packages/contract/src/index.ts';
import { englishLeft } from '../packages/rules/src/latinWords.ts';
import { simplifiedLeft } from '../packages/rules/src/traditional.ts';
import { HELP_CODES } from '../apps/web/src/routes/paths.ts';
import type { ApiClient } from './members.ts';

export type Lang = 'zh-CN' | 'zh-TW';

export interface Brand {
  site: '7000' | '7001';
  name: 'jade' | 'whale';
  /** The host the player reaches the brand at (the brand's configured domain; Chromium resolves *.localhost to this machine). */
  host: string;
}

export const BRANDS: Brand[] = [
  { site: '7000', name: 'jade', host: '127.0.0.1' },
  { site: '7001', name: 'whale', host: 'bluewhale.localhost' },
];

/** A page of the walk: its short name (the screenshot's) and its path. */
export type WalkPage = [name: string, path: string];

/** The game sections' lobbies, in the header's order. */
const LOBBIES: WalkPage[] = ['sport', 'realbet', 'chess', 'gaming', 'lottery', 'egame', 'fishing', 'venture'].map((s) => [
  `lobby-${s}`,
  `/game/${s}`,
]);

export interface Promotion {
  id: string;
  page: string;
}

/** The house game pages (slot, two tables, a draw): a member plays there, a visitor is asked to log in. */
const GAME_PAGES: WalkPage[] = [
  ['game-slot', '/dz/game?enName=CRDZ&gameCode=H5001'],
  ['game-baccarat', '/zr/table?enName=crzr&gameCode=BAC1'],
  ['game-roulette', '/zr/table?enName=crzr&gameCode=RL1'],
  ['game-lottery', '/cp/game?enName=crcp&gameCode=K3'],
];

/** Every page a visitor can open: home, lobbies, the info pages, promotions, help, the shell's own pages. */
export function visitorPages(brand: Brand, promotions: Promotion[]): WalkPage[] {
  const codes = HELP_CODES.filter((c) => c !== 'ck' || brand.site === '7000');
  return [
    ['home', '/'],
    ['login', '/login'],
    ...LOBBIES,
    ...GAME_PAGES,
    ...(brand.site === '7000' ? [['sponsor', '/sponsor'] as WalkPage] : []), // 7001 has showSponsor off
    ...memberViews(promotions),
    ['help', '/app/help'],
    ...codes.map((c): WalkPage => [`help-${c}`, `/app/help/${c}`]),
    ['loading', '/loading'],
    ['notfound', '/no-such-page'],
  ];
}

/** Public pages whose content depends on who reads them (balance, joined promotions, invite link, own thread). */
function memberViews(promotions: Promotion[]): WalkPage[] {
  return [
    ['agent', '/agent'],
    ['support', '/support'],
    ['download', '/download'],
    ['discount', '/activity/discount'],
    ...promotions.map((p): WalkPage => [`promo-${p.id}`, p.page]),
  ];
}

export interface MemberData {
  orderNo: string;
  cardId: string;
  /** What the member wrote or owns (name, order number, their messages): shown as written, in either language. */
  own: string[];
}

const FEEDBACK_TEXT = '昨天的存款什么时候能到账？请帮忙查一下。';
const SUPPORT_TEXT = '你好，请问提款一般多久到账？';

/**
 * Every page only a member opens — the sportsbook, the account, wallet, records, messages, VIP, protection — and the
 * public pages that show the member's own data. The help and lobby pages read the same for a member and a visitor:
 * the visitor's walk covers them.
 */
export function memberPages(m: MemberData, promotions: Promotion[]): WalkPage[] {
  const mine = [
    'userinfo',
    'auth',
    'protection',
    'wallet',
    'savemoney',
    'transfermoney',
    'takemoney',
    'addBankCard',
    'virtualCoinCard',
    'alipayManage',
    'introTutorial',
    'transRecord',
    'betRecord',
    'giftRecord',
    'message',
    'feedback',
    'feedback/list',
    'vip',
    'vip/detail',
    'welfare',
    'exchange',
  ].map((p): WalkPage => [`mine-${p.replace('/', '-')}`, `/mine/${p}`]);
  return [
    ['home', '/'],
    ...memberViews(promotions),
    ['sportsbook', '/game/sport/crty'],
    ...GAME_PAGES,
    ...mine,
    ['mine-accountManage', `/mine/accountManage/${m.cardId}`],
    ['wait-transfer', `/mine/transferWait?orderNo=${m.orderNo}`],
    ['wait-recharge', `/mine/rechargeWait?orderNo=${m.orderNo}`],
    ['wait-virtual', `/mine/virtualWait?orderNo=${m.orderNo}`],
    ['wait-huiwang', `/mine/huiwangWait?orderNo=${m.orderNo}`],
    ['wait-xnbsk', `/mine/xnbskWait?orderNo=${m.orderNo}`],
    ['redirect', '/redirect/mine/wallet'],
  ];
}

/** The brand's promotions and the page each opens (the discount centre's cards). */
export async function promotionsOf(api: ApiClient): Promise<Promotion[]> {
  const r = await api.call<{ list: { id: string; type: keyof typeof PROMOTION_PAGES }[] }>('/act/api/v1/promotion/config', {
    category: 'all',
  });
  expect(r.status_code, r.message).toBe(6000);
  return r.data.list.map((p) => ({
    id: p.id,
    page: p.type === 'friend_invite' ? PROMOTION_PAGES.friend_invite : `${PROMOTION_PAGES[p.type]}${p.id}`,
  }));
}

const key = () => ({ 'idempotency-key': `walk-${randomUUID()}` });

/**
 * A member of the brand with a history: phone, real name and fund password bound, a paid deposit of 300, 100 moved
 * into a venue, a bank card, a feedback and a message to the service desk.
 */
export async function activeMember(
  api: ApiClient,
  baseUrl: string,
  n: number,
): Promise<{ session: { token: string; userId: string; name: string }; data: MemberData }> {
  const session = await api.register(`walk${Date.now().toString(36).slice(-5)}${n}`, 'Wq7mZ2xp9');
  const { token } = session;
  await api.bindPhone(token, `137${String(Date.now() + n).slice(-8)}`);
  await api.bindRealName(token, '王小明');
  await api.setSecondPassword(token, 'Kd83nfa0s');
  const order = await api.call('/fd/api/v1/payment/pay', { channelId: 'bank', amount: '300' }, token, key());
  expect(order.status_code, order.message).toBe(6000);
  expect((await fetch(`${baseUrl}/sandbox/pay/${order.data.orderNo}/pay`, { method: 'POST' })).status).toBe(200);
  for (let i = 0; ; i++) {
    const status = (await api.call('/fd/api/v1/payment/getDepositOrderStatus', { orderNo: order.data.orderNo }, token)).data.status;
    if (status === 'paid') break;
    if (i >= 60) throw new Error(`deposit ${order.data.orderNo} still ${status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const moved = await api.call('/fd/api/v1/transfer/utcTransfer', { channelCode: 'CRDZ', amount: '100.00', ty: 1 }, token, key());
  expect(moved.status_code, moved.message).toBe(6000);
  // A slot round, so the bet record has a line to read.
  const launched = await api.call('/game/api/v1/launch', { enName: 'crdz', gameCode: 'H5001' }, token);
  expect(launched.status_code, launched.message).toBe(6000);
  const request = { timestamp: Date.now(), token: launched.data.data.token, langx: 'zh-cn', remoteip: '127.0.0.1' };
  const spun = await api.call(
    '/game/api/v1/resource',
    { method: 'spin', enName: 'crdz', Request: { ...request, gameCode: 'H5001', bet: '1.00', idempotencyKey: `walk-${randomUUID()}` } },
    token,
  );
  expect(spun.status_code, spun.message).toBe(6000);
  const card = await api.call(
    '/fd/api/v1/bankCard/add',
    { bankCode: 'CMB', cardNo: `62258801${String(Date.now()).slice(-8)}`, holderName: '王小明' },
    token,
  );
  expect(card.status_code, card.message).toBe(6000);
  const feedback = await api.call('/site/api/v1/user/feedback/addFeedBack', { type: 'deposit', content: FEEDBACK_TEXT }, token);
  expect(feedback.status_code, feedback.message).toBe(6000);
  const support = await api.call('/site/api/v1/support/send', { body: SUPPORT_TEXT }, token);
  expect(support.status_code, support.message).toBe(6000);
  return {
    session,
    data: {
      orderNo: order.data.orderNo,
      cardId: String(card.data.id),
      own: [session.name, order.data.orderNo, FEEDBACK_TEXT, SUPPORT_TEXT],
    },
  };
}

const toTaiwan = OpenCC.Converter({ from: 'cn', to: 'tw' });
/** An address of this machine or a reserved never-resolving one. */
const LOCAL_ADDRESS = /localhost|\.invalid\b|\/\/(127\.0\.0\.1|0\.0\.0\.0)\b/i;

interface Snapshot {
  text: string;
  /** Every attribute value that may carry an address (links, sources, QR payloads, labels), with its element and name. */
  attrs: string[];
  host: string;
}

/** What the player reads and what the page points at, right now. */
async function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    const attrs: string[] = [];
    for (const el of document.querySelectorAll('*')) {
      for (const a of el.attributes) {
        if (a.name === 'd' || a.name === 'style' || a.name === 'class' || el.tagName === 'SCRIPT') continue;
        attrs.push(`<${el.tagName.toLowerCase()} ${a.name}="${a.value.slice(0, 200)}">`);
      }
    }
    // Formulas (the fairness verification page's rules) name values as the round data does (nonce, seq, int…).
    let text = document.body.innerText;
    for (const el of document.querySelectorAll<HTMLElement>('[data-formula]')) text = text.replace(el.innerText, '');
    return { text, attrs, host: location.host };
  });
}

/** The page's faults: simplified characters in zh-TW, English words, addresses of this machine or `.invalid`. */
export async function pageFaults(page: Page, lang: Lang, own: string[]): Promise<string[]> {
  const s = await snapshot(page);
  const faults: string[] = [];
  // The address the player came to is where links rightly point (a brand reached at bluewhale.localhost links there).
  const foreign = (v: string) => v.replaceAll(s.host, '');
  for (const v of [s.text, ...s.attrs]) {
    const f = foreign(v);
    if (LOCAL_ADDRESS.test(f)) faults.push(`address: ${f.slice(0, 160)}`);
  }
  // What the member wrote or owns (name, order number, their own messages) is theirs, not the product's text.
  let text = s.text;
  // The member's invite code (their own, random: sometimes letters only), as the page's invite link carries it.
  const codes = [...s.text.matchAll(/[?&]icode=([A-Za-z0-9]+)/g)].map((m) => m[1]!);
  for (const o of [...own, ...codes]) text = text.replaceAll(o, '');
  // Masked member names (leaderboards, big wins: 'wa****0') are players' own names, not the product's text.
  text = text.replace(/[A-Za-z0-9]{1,4}\*{3,}[A-Za-z0-9]{0,4}/g, '');
  for (const line of text.split('\n')) {
    if (lang === 'zh-TW') {
      const left = simplifiedLeft(line, toTaiwan, { names: true });
      if (left.length) faults.push(`simplified ${left.join(' ')} in "${line.slice(0, 60)}"`);
    }
    const words = englishLeft(line);
    if (words.length) faults.push(`english ${words.join(' ')} in "${line.slice(0, 60)}"`);
  }
  return faults;
}

/** Watches a page: every 4xx/5xx answer, console error and uncaught error lands in `sink` (tagged by the current page). */
export function watch(page: Page, sink: string[], where: () => string): { inflight: () => number } {
  let inflight = 0;
  page.on('request', () => inflight++);
  page.on('requestfinished', () => inflight--);
  page.on('requestfailed', (r) => {
    inflight--;
    // An aborted request of a page left behind (a navigation) is not a fault; any other failure is.
    if (!/ERR_ABORTED/.test(r.failure()?.errorText ?? '')) sink.push(`${where()}: request failed ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) sink.push(`${where()}: ${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') sink.push(`${where()}: console ${m.text().slice(0, 200)}`);
  });
  page.on('pageerror', (e) => sink.push(`${where()}: pageerror ${e.message}`));
  return { inflight: () => inflight };
}

/** Until nothing has been in flight for a moment and no spinner turns (at most `maxMs`: a page that never settles is seen on its screenshot). */
export async function settle(page: Page, inflight: () => number, spinners = true, maxMs = 8_000): Promise<void> {
  const end = Date.now() + maxMs;
  let quietSince = Date.now();
  while (Date.now() < end) {
    await page.waitForTimeout(50);
    if (inflight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 150) {
      const busy = spinners ? await page.locator('.ant-spin-spinning, .page-loading').count() : 0;
      if (busy === 0) return;
      quietSince = Date.now();
    }
  }
}

/** In-app navigation (as the app's own links do: no reload), then waits for the page to settle. */
export async function openInApp(page: Page, path: string, inflight: () => number, spinners = true): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await settle(page, inflight, spinners);
}
