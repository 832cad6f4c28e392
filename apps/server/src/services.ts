import type { Redis } from 'ioredis';
import { createRequire } from 'node:module';
import type { Config } from './config.ts';
import type { DbHandle } from './db/connect.ts';
import { Limiters } from './lib/rateLimit.ts';
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
import { reconcileDeposits, type DepositReconcileOptions } from './jobs/depositReconciler.ts';
import { reconcileTransfers } from './jobs/reconciler.ts';
import { configureAudit } from './ops/audit.ts';
import { WalletService } from './modules/wallet/service.ts';
import { SANDBOX_AGGREGATOR, seamlessAdapter, seamlessAggregators, seamlessLaunchUrls } from './modules/seamless/aggregators.ts';
import { SeamlessService } from './modules/seamless/service.ts';
import { venueAdapters } from './venues/registry.ts';
import { DepositService } from './modules/deposit/service.ts';
import { depositRepository } from './modules/deposit/repository.ts';
import { EffectDispatcher } from './ledger/outbox.ts';
import { PromotionService } from './modules/promotions/service.ts';
import { WithdrawService } from './modules/withdraw/service.ts';
import { WithdrawReview } from './modules/withdraw/review.ts';
import { SandboxPayoutProvider } from './providers/payout.ts';
import { withdrawRepository } from './modules/withdraw/repository.ts';
import { VipService } from './modules/vip/service.ts';
import { MessageService } from './modules/messages/service.ts';
import { FeedbackService } from './modules/feedback/service.ts';
import { CatalogueService } from './modules/casino/service.ts';
import { SupportService } from './modules/support/service.ts';
import { SlotService } from './modules/casino/slots.ts';
import { GameEntry } from './modules/casino/entry.ts';
import { TableService } from './modules/tables/service.ts';
import { FishingService } from './modules/fishing/service.ts';
import { LiveService } from './modules/live/service.ts';
import { PVP_TIMING, PvpDesk } from './modules/cards/pvp/desk.ts';
import { MatchSource } from './modules/live/matchDetail.ts';
import { GiftService } from './modules/live/gifts.ts';
import { Eligibility } from './modules/compliance/eligibility.ts';
import { ProtectionService } from './modules/compliance/service.ts';
import { SandboxPaymentProvider, type PaymentProvider } from './providers/payment.ts';
import { hmacHex } from './lib/crypto.ts';
import { UploadService } from './modules/uploads/service.ts';
import type { OddsFeed } from './providers/oddsFeed.ts';
import { SportsbookSimulator } from './venues/sportsbook/simulator.ts';
import { Placement } from './modules/sport/placement.ts';
import { Settlement } from './modules/sport/settlement.ts';
import { SportService } from './modules/sport/service.ts';
import { loadZhTwForms } from './modules/site/zhTwForms.ts';
import type { ZhTwForms } from './lib/zhTW.ts';
import { createBus, type Bus } from './realtime/bus.ts';
import { syncSessions, type SessionSync } from './modules/user/sessionSync.ts';
import { publishWallets } from './realtime/members.ts';
import { WalletPushes } from './modules/wallet/pushes.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { MmdbGeoIp, type GeoIp } from './providers/geoip.ts';
import { RegionGuard } from './modules/compliance/regions.ts';
import { KycService } from './modules/compliance/kyc.ts';
import { IdentityGate } from './modules/compliance/identityGate.ts';
import { memberRepository } from './modules/user/repository.ts';

/** Everything a node runs, wired once from config + database (tests build the same with their own config). */
export interface Services {
  config: Config;
  handle: DbHandle;
  redis: Redis | null;
  sites: SiteService;
  /** zh-TW forms of the data content endpoints answer (lib/zhTW.ts; persisted by modules/site/zhTwForms.ts). */
  zhTW: ZhTwForms;
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
  uploads: UploadService;
  /** The client IP's country (GEOIP_DB; null when 'off'). */
  geoip: GeoIp | null;
  /** Blocked and warned regions and addresses per brand (modules/compliance/regions.ts). */
  regions: RegionGuard;
  /** Identity verification (modules/compliance/kyc.ts). */
  kyc: KycService;
  wallet: WalletService;
  /** The seamless-wallet callback API of third-party game aggregators (modules/seamless). */
  seamless: SeamlessService;
  deposits: DepositService;
  effects: EffectDispatcher;
  promotions: PromotionService;
  withdrawals: WithdrawService;
  /** The four-eyes withdrawal review (console and ops CLI). */
  withdrawReview: WithdrawReview;
  /** The sandbox payout provider (sandbox deployments; tests steer its outcome). */
  sandboxPayouts: SandboxPayoutProvider | null;
  vip: VipService;
  messages: MessageService;
  feedback: FeedbackService;
  /** The built-in service desk (modules/support). */
  support: SupportService;
  catalogue: CatalogueService;
  payments: Map<string, PaymentProvider>;
  /** The odds feed (the simulator with sandbox providers; none configured otherwise). main.ts starts it. */
  sportFeed: OddsFeed | null;
  sport: SportService;
  /** The house slot venue's launch and rounds (modules/casino/slots.ts). */
  slots: SlotService;
  /** The house tables and lottery draws: their calls (modules/tables/service.ts); the dealer runs in main.ts. */
  tables: TableService;
  /** Fishing rooms (modules/fishing): this node serves the rooms whose lease it holds; its ticker runs in main.ts. */
  fishing: FishingService;
  /** Live rooms (modules/live): rooms, chat history, moderation; the chat itself rides the realtime hub. */
  live: LiveService;
  /** PvP card tables (modules/cards/pvp): matchmaking, hands, the rake. */
  pvp: PvpDesk;
  liveMatches: MatchSource;
  /** Live-room gifts through the ledger (modules/live/gifts.ts). */
  liveGifts: GiftService;
  /** launch and resource for every venue, routed by adapter (modules/casino/entry.ts). */
  entry: GameEntry;
  /** The one eligibility check before money moves (modules/compliance/eligibility.ts). */
  eligibility: Eligibility;
  /** The player's protection tools (modules/compliance/service.ts). */
  protection: ProtectionService;
  /** Pub/sub (Redis when configured) and the websocket hub on it (registered by buildApp). */
  bus: Bus;
  /** PostgreSQL + Redis: the session cache kept fresh across nodes (modules/user/sessionSync.ts); null otherwise. */
  sessionSync: SessionSync | null;
  realtime: RealtimeHub;
  /** Settled rounds' and bets' results and new balances to their bettors (modules/wallet/pushes.ts). */
  walletPushes: WalletPushes;
  sandboxPayments: SandboxPaymentProvider | null;
  venues: ReturnType<typeof venueAdapters>;
  reconcile(graceMs?: number): ReturnType<typeof reconcileTransfers>;
  /** Asks the payment providers about unpaid deposit orders (jobs/depositReconciler.ts). */
  reconcileDeposits(opts?: DepositReconcileOptions): ReturnType<typeof reconcileDeposits>;
  /** Stops timers and connections; `keepHandle` leaves the database handle to its owner (the ops CLI). */
  close(opts?: { keepHandle?: boolean }): Promise<void>;
}

export async function createServices(
  config: Config,
  handle: DbHandle,
  opts: { rateLimitPrefix?: string; busPrefix?: string; sender?: MessageSender } = {},
): Promise<Services> {
  const db = handle.db;
  configureAudit(db, { key: config.auditKey, anchorFile: config.auditAnchorFile });
  const redis = config.redisUrl
    ? // Loaded only when configured: a node without Redis never holds the client (idle RSS).
      new (createRequire(import.meta.url)('ioredis') as { Redis: typeof Redis }).Redis(config.redisUrl, {
        enableOfflineQueue: true,
        maxRetriesPerRequest: 2,
        lazyConnect: false,
      })
    : null;
  const sites = new SiteService(db);
  await sites.load();
  const zhTW = await loadZhTwForms(db);
  const sessions = new SessionService(db);
  const limiters = new Limiters(redis, opts.rateLimitPrefix ?? 'portal');
  const outbox = new DevOutbox(db);
  const sandbox = config.providers === 'sandbox';
  const sender = opts.sender ?? createSender(config, outbox);
  const captcha = new CaptchaService(db, config.codePepper, sandbox ? outbox : null);
  const codes = new CodeService(db, config.codePepper, sender);
  const hasher = new PasswordHasher(config.passwordPepper);
  const eligibility = new Eligibility(db);
  const protection = new ProtectionService(db, eligibility, hasher);
  isCommonPasswordMd5(''); // build the common-password set now, not on the first registration
  const geoip = config.geoipDb === null ? null : new MmdbGeoIp(config.geoipDb || undefined);
  const regions = new RegionGuard(geoip);
  const identity = new IdentityGate(db);
  identity.onComplete = async (memberId, now) => {
    const m = await memberRepository.byId(db, memberId);
    if (m) await protection.onLogin(m, now);
  };
  eligibility.identity = identity;
  const auth = new AuthService({
    db,
    hasher,
    sessions,
    codes,
    captcha,
    limiters,
    regions,
    protection: {
      onLogin: (m, now) => protection.onLogin(m, now),
      excludedAtDoor: (name, birthday, now) => identity.excludedAtDoor(name, birthday, now),
      flagExcludedDevice: (id, site, uuid, now) => identity.flagExcludedDevice(id, site, uuid, now),
    },
  });
  const recovery = new RecoveryService({ db, hasher, codes, captcha, limiters });
  const profile = new ProfileService({ db, hasher, codes, recovery, limiters, jwtSecret: config.jwtSecret });
  const uploads = new UploadService({ db, limiters });
  const kyc = new KycService(db, uploads, config.passwordPepper);
  // The eligibility check's region rules and identity-verification thresholds; the protection page's KYC state.
  eligibility.regions = regions;
  eligibility.kyc = kyc;
  protection.kyc = kyc;
  kyc.onUnderage = (m, keys, now) => identity.blockUnderage(m, keys, now);
  const venues = venueAdapters(config, db);
  const wallet = new WalletService(db, venues.adapterFor, eligibility);
  const seamless = new SeamlessService(db, seamlessAggregators(config), seamlessLaunchUrls(config), eligibility);
  const sandboxPayments = sandbox
    ? new SandboxPaymentProvider(db, hmacHex(config.codePepper, 'sandbox-payment'), {
        maxDelayMs: config.sandboxDelayMs * 50,
        duplicateRate: 0.2,
        outOfOrderRate: 0.1,
      })
    : null;
  const payments = new Map<string, PaymentProvider>(sandboxPayments ? [['sandbox', sandboxPayments]] : []);
  const promotions = new PromotionService(db, (code) => sites.get(code), eligibility);
  // The effects of committed money steps (ledger/outbox.ts), right after their commit and from the effects job.
  const effects = new EffectDispatcher(db);
  const deposits = new DepositService(db, payments, promotions.depositHooks, effects, eligibility);
  const withdrawals = new WithdrawService(db, profile, kyc);
  const sandboxPayouts = sandbox ? new SandboxPayoutProvider(db) : null;
  const withdrawReview = new WithdrawReview(db, (code) => sites.get(code), sandboxPayouts, effects);
  const vip = new VipService(db, (siteCode) => sites.get(siteCode)?.flags.vipNoSave === true);
  const messages = new MessageService(db, sites);
  effects.handle({
    promoDeposit: (e) => promotions.processDepositEvent(e.orderNo),
    // A credited deposit may reach a VIP grade's thresholds.
    vipCheck: (e) => vip.checkMember(e.memberId),
    // Funds letters (box fd): keyed by order and event, so a duplicate payment callback (or a second dispatch) sends none.
    fundsLetter: async (e) => {
      if (e.event === 'deposit_credited') {
        const order = await depositRepository.order(db, e.orderNo);
        return order && messages.sendFundsLetter({ kind: e.event, order });
      }
      const order = await withdrawRepository.byNo(db, e.orderNo);
      return order && messages.sendFundsLetter({ kind: e.event, order });
    },
  });
  const feedback = new FeedbackService(db, uploads);
  const support = new SupportService(db, limiters);
  // The sandbox aggregator's games face players only in development (config.ts: sandboxGamesListed).
  const catalogue = new CatalogueService(db, Date.now, config.sandboxGamesListed ? [] : [seamlessAdapter(SANDBOX_AGGREGATOR)]);
  const sportFeed: OddsFeed | null = sandbox
    ? new SportsbookSimulator({ now: () => Date.now(), margin: config.sportMargin, seed: config.sportFeedSeed })
    : null;
  const bus = createBus(redis, `${opts.busPrefix ?? opts.rateLimitPrefix ?? 'portal'}:rt`);
  // PostgreSQL + Redis: the session cache on every node, forgotten across nodes on every change (docs/scale-out.md).
  const sessionSync = syncSessions(handle, bus);
  // Each settled round's or bet's bettor learns the result and new balance on their member channel.
  const walletPushes = new WalletPushes(db, (pushes) => publishWallets(bus, pushes));
  seamless.pushes = walletPushes;
  const placement = new Placement(
    db,
    () => sportFeed,
    {
      channelCode: 'CRTY',
      inPlayDelayMs: config.sportInPlayDelayMs,
      usdCnyRate: config.sportUsdCnyRate,
    },
    eligibility,
  );
  const sport = new SportService(
    db,
    venues.adapterFor,
    () => sportFeed,
    placement,
    new Settlement(db, () => sportFeed, placement, walletPushes),
  );
  const slots = new SlotService(db, catalogue, venues.house, eligibility, walletPushes);
  const tables = new TableService(db, handle.dialect, catalogue, venues.house, eligibility, config.tableSpeed);
  const entry = new GameEntry(db, wallet, catalogue, sport, slots, seamless, eligibility, tables);
  // Fishing rooms push their committed shots on the hub's tables channel (docs/fishing.md).
  const fishing = new FishingService(db, catalogue, eligibility, { bus, minuteMs: config.fishingMinuteMs });
  const live = new LiveService(db);
  // PvP card tables (issue 31): the desk's moves ride the hub; joining and leaving are CRQP resource calls.
  const pvp = new PvpDesk(db, eligibility);
  // TABLE_SPEED (tests and benches only) shortens the turn timer as it does the tables' windows.
  pvp.timing = {
    turnMs: PVP_TIMING.turnMs / config.tableSpeed,
    autoMs: PVP_TIMING.autoMs / config.tableSpeed,
    computerMs: PVP_TIMING.computerMs / config.tableSpeed,
  };
  tables.pvp = pvp;
  pvp.start();
  const liveMatches = new MatchSource(() => sportFeed);
  liveMatches.start();
  const liveGifts = new GiftService(db, live, eligibility);
  // The simulator is deterministic (seed + clock): every node publishes its own feed's changes to its own sockets.
  const realtime = new RealtimeHub({
    bus,
    sites,
    sessions,
    jwtSecret: config.jwtSecret,
    feed: () => sportFeed,
    feedScope: 'node',
    zhTW,
    tableSnapshot: (code) => tables.snapshot(code),
    live,
    pvp,
  });
  // A letter or a feedback reply reaching a member updates their unread badge at once (polling stays as the fallback).
  messages.delivered.push((memberIds) => realtime.notifyMembers(memberIds, 'letter'));
  feedback.replied.push((memberId) => realtime.notifyMembers([memberId], 'feedback'));
  return {
    bus,
    sessionSync,
    walletPushes,
    realtime,
    config,
    handle,
    redis,
    messages,
    feedback,
    support,
    catalogue,
    sites,
    zhTW,
    sessions,
    limiters,
    outbox,
    sender,
    captcha,
    codes,
    hasher,
    auth,
    recovery,
    profile,
    uploads,
    geoip,
    regions,
    kyc,
    wallet,
    seamless,
    venues,
    deposits,
    effects,
    promotions,
    withdrawals,
    withdrawReview,
    sandboxPayouts,
    vip,
    payments,
    sandboxPayments,
    sportFeed,
    sport,
    slots,
    tables,
    fishing,
    live,
    pvp,
    liveMatches,
    liveGifts,
    entry,
    eligibility,
    protection,
    reconcile: (graceMs = 10_000) => reconcileTransfers(db, wallet, venues.adapterFor, graceMs),
    reconcileDeposits: (o) => reconcileDeposits(db, deposits, payments, o),
    async close({ keepHandle = false } = {}) {
      sites.stop();
      zhTW.stop();
      sportFeed?.stop();
      liveMatches.stop();
      await realtime.close();
      await pvp.stop();
      sessionSync?.stop();
      await bus.close();
      await sandboxPayments?.settle();
      if (redis) await redis.quit().catch(() => undefined);
      if (!keepHandle) await handle.close();
    },
  };
}
