import { createHash, randomBytes } from 'node:crypto';
import type { SiteFlags } from '@portal/contract';
import { siteRepository, type SiteRow } from '../modules/site/repository.ts';
import { venueRepository } from '../modules/wallet/repository.ts';
import type { DepositChannelTable, VenueTable } from './schema.ts';
import { depositRepository } from '../modules/deposit/repository.ts';
import { promotionRow } from '../modules/promotions/admin.ts';
import { demoPromotions } from '../modules/promotions/demo.ts';
import { promoRepository } from '../modules/promotions/repository.ts';
import { demoLadder } from '../modules/vip/ladder.ts';
import { ladderRepository } from '../modules/vip/repository.ts';
import { seedDemoLetters, seedMessages } from '../modules/messages/seed.ts';
import type { Db } from './connect.ts';

const baseFlags: SiteFlags = {
  hideRealNumber: false,
  hideNavIcon: false,
  hideAgent: false,
  showSponsor: true,
  foreverSite: false,
  defaultLanguage: 'zh-CN',
  innerGame: true,
  skipSport: false,
  vipNoSave: false,
  deposit: true,
  birthdayDescription: true,
  modeSwitch: true,
  register: true,
  helpCk: true,
  openInNewWindow: false,
};

/** Demo brands: 7000 is the spec's default site; 7001 shows a second white label in the same deployment. */
export const DEMO_SITES: Omit<SiteRow, 'clientKey'>[] = [
  {
    siteCode: 7000,
    title: '翡翠湾体育',
    h5DomainUrl: 'http://localhost:8080',
    domains: ['localhost', '127.0.0.1'],
    theme: { primaryColor: '#c9a45c', logoText: 'JADE BAY', mode: 'light' },
    flags: baseFlags,
    safeSwitch: false,
    loginCaptcha: 'always',
    registerOpen: true,
    ipCheck: false,
    csUrl: 'https://support.example.invalid/chat',
  },
  {
    siteCode: 7001,
    title: '蓝鲸娱乐',
    h5DomainUrl: 'http://bluewhale.localhost:8080',
    domains: ['bluewhale.localhost'],
    theme: { primaryColor: '#1f6feb', logoText: 'BLUE WHALE', mode: 'dark' },
    flags: { ...baseFlags, defaultLanguage: 'zh-TW', showSponsor: false, helpCk: false },
    safeSwitch: true,
    loginCaptcha: 'risk',
    registerOpen: true,
    ipCheck: true,
    csUrl: 'https://support.example.invalid/chat',
  },
];

/**
 * Venues of the deployment. CRTY is the embedded sports venue: the house sportsbook (issue 5), reached
 * through its venue adapter like a third party (a real one replaces it by changing the adapter).
 */
export const DEMO_VENUES: VenueTable[] = [
  { channel_code: 'CRTY', name: '体育', category: 'TY', adapter: 'house_sportsbook', currency: 'CNY', status: 'active', sort: 1 },
  { channel_code: 'SBZR', name: '沙盒真人', category: 'ZR', adapter: 'sandbox', currency: 'CNY', status: 'active', sort: 2 },
  { channel_code: 'SBQP', name: '沙盒棋牌', category: 'QP', adapter: 'sandbox', currency: 'CNY', status: 'active', sort: 3 },
  { channel_code: 'SBDZ', name: '沙盒电子', category: 'DZ', adapter: 'sandbox', currency: 'CNY', status: 'active', sort: 4 },
];

/** Generic deposit channels on the sandbox payment provider (no real provider is named or integrated). */
export const DEMO_DEPOSIT_CHANNELS: DepositChannelTable[] = [
  {
    id: 'bank',
    name: '银行卡转账',
    type: 'bank',
    provider: 'sandbox',
    min_fen: 10_000,
    max_fen: 5_000_000,
    presets: '100,500,1000,5000,10000',
    fee_bp: 0,
    networks: '',
    status: 'active',
    sort: 1,
  },
  {
    id: 'ewallet',
    name: '电子钱包',
    type: 'ewallet',
    provider: 'sandbox',
    min_fen: 5_000,
    max_fen: 2_000_000,
    presets: '50,100,300,500,1000',
    fee_bp: 0,
    networks: '',
    status: 'active',
    sort: 2,
  },
  {
    id: 'usdt',
    name: '虚拟币 USDT',
    type: 'usdt',
    provider: 'sandbox',
    min_fen: 10_000,
    max_fen: 50_000_000,
    presets: '700,1400,3500,7000',
    fee_bp: 0,
    networks: 'TRC20,ERC20',
    status: 'active',
    sort: 3,
  },
];

/** Idempotent: inserts missing brands and venues, refreshes demo settings, never rotates an existing client key. */
export async function seed(db: Db, now = Date.now()): Promise<void> {
  for (const s of DEMO_SITES) {
    await siteRepository.upsert(db, { ...s, clientKey: randomBytes(24).toString('base64url') }, now);
  }
  for (const v of DEMO_VENUES) await venueRepository.upsert(db, v);
  for (const c of DEMO_DEPOSIT_CHANNELS) await depositRepository.upsertChannel(db, c);
  // Demo promotions: missing ones are inserted; an existing one (ended, settled) is left as it is.
  for (const s of DEMO_SITES) for (const p of demoPromotions(s.siteCode)) await promoRepository.insert(db, promotionRow(p, now));
  await seedMessages(db, now);
  // VIP ladders: VIP0–VIP10 on 7000, a shorter VIP0–VIP8 on 7001 (missing grades only: operator edits stay).
  await ladderRepository.insertMissing(db, [...demoLadder(7000, 11, now), ...demoLadder(7001, 9, now)]);
}

/**
 * A demo member on brand 7000 for trying the portal by hand (never in production): demo01 / demo2026.
 * Created once; an existing account is left as it is.
 */
export const DEMO_MEMBER = { name: 'demo01', password: 'demo2026', siteCode: 7000 } as const;

export async function seedDemoMember(db: Db, hashMd5: (md5: string) => Promise<string>, now = Date.now()): Promise<boolean> {
  const exists = await db
    .selectFrom('members')
    .select('id')
    .where('site_code', '=', DEMO_MEMBER.siteCode)
    .where('name_lower', '=', DEMO_MEMBER.name)
    .executeTakeFirst();
  if (exists) return false;
  const md5 = createHash('md5').update(DEMO_MEMBER.password).digest('hex');
  const id = randomBytes(12).toString('base64url');
  await db
    .insertInto('members')
    .values({
      id,
      site_code: DEMO_MEMBER.siteCode,
      name: DEMO_MEMBER.name,
      name_lower: DEMO_MEMBER.name,
      password_hash: await hashMd5(md5),
      second_password_hash: null,
      phone: null,
      area_code: null,
      email: null,
      real_name: null,
      gender: null,
      birthday: null,
      profile_confirmed: 0,
      status: 'active',
      rcode: null,
      icode: null,
      register_ip: '127.0.0.1',
      register_domain: null,
      created_at: now,
      last_login_at: null,
      password_changed_at: now,
    })
    .execute();
  await seedDemoLetters(db, id, DEMO_MEMBER.siteCode, now);
  return true;
}
