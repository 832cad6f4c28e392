import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connect.ts';
import { siteRepository, type SiteRow } from './repository.ts';

const baseFlags: SiteRow['flags'] = {
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
  // Identity verification: before the deposit that takes the credited total past 50,000 yuan, and for a
  // single withdrawal above 20,000 yuan. No region rules: an operator sets them (docs/operator-guide.md).
  kycDepositThresholdFen: 5_000_000,
  kycWithdrawThresholdFen: 2_000_000,
};

/** Demo brands: 7000 is the spec's default site; 7001 shows a second white label in the same deployment. */
export const DEMO_SITES: Omit<SiteRow, 'clientKey'>[] = [
  {
    siteCode: 7000,
    title: '翡翠湾体育',
    // No configured address: links and QR codes use the address the player came to (site/repository.ts brandUrl).
    h5DomainUrl: '',
    domains: ['localhost', '127.0.0.1'],
    theme: { primaryColor: '#c9a45c', logoText: 'JADE BAY', mode: 'light' },
    flags: baseFlags,
    safeSwitch: false,
    loginCaptcha: 'always',
    registerOpen: true,
    ipCheck: false,
    // No external support address: the built-in desk (/support) answers.
    csUrl: '',
  },
  {
    siteCode: 7001,
    title: '蓝鲸娱乐',
    h5DomainUrl: '',
    domains: ['bluewhale.localhost'],
    theme: { primaryColor: '#1f6feb', logoText: 'BLUE WHALE', mode: 'dark' },
    flags: { ...baseFlags, defaultLanguage: 'zh-TW', showSponsor: false, helpCk: false },
    safeSwitch: true,
    loginCaptcha: 'risk',
    registerOpen: true,
    ipCheck: true,
    // No external support address: the built-in desk (/support) answers.
    csUrl: '',
  },
];

/**
 * Inserts a missing demo brand. An existing one keeps what its operator set (the console's 站点设置):
 * it only gains the flags it lacks (a default added since), and its client key is never rotated.
 */
export async function seedSites(db: Db, now = Date.now()): Promise<void> {
  const stored = new Map((await siteRepository.all(db)).map((s) => [s.siteCode, s]));
  for (const s of DEMO_SITES) {
    const have = stored.get(s.siteCode);
    if (!have) {
      await siteRepository.upsert(db, { ...s, clientKey: randomBytes(24).toString('base64url') }, now);
      continue;
    }
    const missing = Object.keys(s.flags).filter((k) => !(k in have.flags));
    if (missing.length > 0) await siteRepository.upsert(db, { ...have, flags: { ...s.flags, ...have.flags } }, now);
  }
}
