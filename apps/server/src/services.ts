import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { DbHandle } from './db/connect.ts';
import { Limiters } from './http/rateLimit.ts';
import { CaptchaService } from './modules/captcha/service.ts';
import { SiteService } from './modules/site/service.ts';
import { AuthService } from './modules/user/authService.ts';
import { CodeService } from './modules/user/codes.ts';
import { PasswordHasher, isCommonPasswordMd5 } from './modules/user/passwords.ts';
import { ProfileService } from './modules/user/profileService.ts';
import { RecoveryService } from './modules/user/recoveryService.ts';
import { SessionService } from './modules/user/sessions.ts';
import { createSender, type MessageSender } from './providers/messaging.ts';
import { DevOutbox } from './providers/outbox.ts';
import { reconcileTransfers } from './jobs/reconciler.ts';
import { WalletService } from './modules/wallet/service.ts';
import { venueAdapters } from './venues/registry.ts';
import { DepositService } from './modules/deposit/service.ts';
import { WithdrawService } from './modules/withdraw/service.ts';
import { SandboxPaymentProvider, type PaymentProvider } from './providers/payment.ts';
import { hmacHex } from './lib/crypto.ts';

/** Everything a node runs, wired once from config + database (tests build the same with their own config). */
export interface Services {
  config: Config;
  handle: DbHandle;
  redis: Redis | null;
  sites: SiteService;
  sessions: SessionService;
  limiters: Limiters;
  outbox: DevOutbox;
  sender: MessageSender;
  captcha: CaptchaService;
  codes: CodeService;
  hasher: PasswordHasher;
  auth: AuthService;
  recovery: RecoveryService;
  profile: ProfileService;
  wallet: WalletService;
  deposits: DepositService;
  withdrawals: WithdrawService;
  payments: Map<string, PaymentProvider>;
  sandboxPayments: SandboxPaymentProvider | null;
  venues: ReturnType<typeof venueAdapters>;
  reconcile(graceMs?: number): ReturnType<typeof reconcileTransfers>;
  close(): Promise<void>;
}

export async function createServices(config: Config, handle: DbHandle, opts: { rateLimitPrefix?: string; sender?: MessageSender } = {}): Promise<Services> {
  const db = handle.db;
  const redis = config.redisUrl ? new Redis(config.redisUrl, { enableOfflineQueue: true, maxRetriesPerRequest: 2, lazyConnect: false }) : null;
  const sites = new SiteService(db);
  await sites.load();
  const sessions = new SessionService(db);
  const limiters = new Limiters(redis, opts.rateLimitPrefix ?? 'portal');
  const outbox = new DevOutbox(db);
  const sandbox = config.providers === 'sandbox';
  const sender = opts.sender ?? createSender(config, outbox);
  const captcha = new CaptchaService(db, config.codePepper, sandbox ? outbox : null);
  const codes = new CodeService(db, config.codePepper, sender);
  const hasher = new PasswordHasher(config.passwordPepper);
  isCommonPasswordMd5(''); // build the common-password set now, not on the first registration
  const auth = new AuthService({ db, hasher, sessions, codes, captcha, limiters });
  const recovery = new RecoveryService({ db, hasher, codes, captcha, limiters });
  const profile = new ProfileService({ db, hasher, codes, recovery, limiters, jwtSecret: config.jwtSecret });
  const venues = venueAdapters(config, db);
  const wallet = new WalletService(db, venues.adapterFor);
  const sandboxPayments = sandbox
    ? new SandboxPaymentProvider(hmacHex(config.codePepper, 'sandbox-payment'), { maxDelayMs: config.sandboxDelayMs * 50, duplicateRate: 0.2, outOfOrderRate: 0.1 })
    : null;
  const payments = new Map<string, PaymentProvider>(sandboxPayments ? [['sandbox', sandboxPayments]] : []);
  const deposits = new DepositService(db, payments);
  const withdrawals = new WithdrawService(db, profile);
  return {
    config, handle, redis, sites, sessions, limiters, outbox, sender, captcha, codes, hasher, auth, recovery, profile, wallet, venues, deposits, withdrawals, payments, sandboxPayments,
    reconcile: (graceMs = 10_000) => reconcileTransfers(db, wallet, venues.adapterFor, graceMs),
    async close() {
      sites.stop();
      await sandboxPayments?.settle();
      if (redis) await redis.quit().catch(() => undefined);
      await handle.close();
    },
  };
}
