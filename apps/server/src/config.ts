import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { LIMITS } from '@portal/contract';

export type Providers = 'sandbox' | 'live';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… switches to PostgreSQL; otherwise SQLite at `${dataDir}/portal.sqlite` (or ':memory:'). */
  databaseUrl: string;
  redisUrl: string | null;
  production: boolean;
  providers: Providers;
  /** HMAC key applied to the client's md5 before argon2 (kept out of the database). */
  passwordPepper: string;
  /** HMAC key for verification codes, captcha answers and slider pass tokens. */
  codePepper: string;
  jwtSecret: string;
  /** AUDIT_KEY: the HMAC key sealing every audit row; never stored in the database. */
  auditKey: string;
  /** AUDIT_ANCHOR_FILE: the append-only file the audit log's head is anchored in (null: ':memory:' data without one). */
  auditAnchorFile: string | null;
  /** AUDIT_ANCHOR_MS: how often a node anchors the head when it moved (default 60 s). */
  auditAnchorMs: number;
  /** METRICS_TOKEN: /metrics answers only with `Authorization: Bearer <token>` (finding 17); METRICS_PORT serves it apart. */
  metricsToken: string | null;
  metricsPort: number | null;
  logLevel: string;
  /**
   * TRUST_PROXY: false = the TCP peer is the client; a number = that many proxy hops in front of the server (the
   * client is the address the outermost trusted proxy appended to X-Forwarded-For); a list = the proxies' own
   * addresses or CIDR blocks (every hop from one of them is trusted). Never "trust every hop": the left-most
   * X-Forwarded-For entry is written by the client.
   */
  trustProxy: false | number | string[];
  /** GEOIP_DB: '' (unset) = the bundled DB-IP Lite country database; a path = that MaxMind-format country file; null ('off') = none. */
  geoipDb: string | null;
  webDist: string | null;
  /** The operator console's build (apps/console/dist), served at /console; CONSOLE_DIST overrides, null when not built. */
  consoleDist: string | null;
  /** Sandbox behaviour: chance (0–1) that a sandbox sender fails, and its delay range. */
  sandboxFailRate: number;
  sandboxDelayMs: number;
  /** Sandbox venues: chance that an answer is lost after the money moved (exercises the reconciler). */
  sandboxLostAnswerRate: number;
  /** House sportsbook: margin of the simulated feed, CNY per USD for the §9 payout caps, in-play confirmation delay. */
  sportMargin: number;
  sportUsdCnyRate: number;
  sportInPlayDelayMs: number;
  /** Seed of the simulated feed: nodes with the same seed show the same book. */
  sportFeedSeed: string;
  /** House tables and lottery: every timing divided by this (tests and benches; 1 in production). */
  tableSpeed: number;
  /** Fishing: the length of a recorded minute (FISHING_MINUTE_MS, tests only: 60000 in production). */
  fishingMinuteMs: number;
  /** Connections the kernel may hold for the node before it accepts them (LISTEN_BACKLOG; the kernel caps it at somaxconn). */
  listenBacklog: number;
  /** This node deals the house tables (one node of a cluster holds each table's lease; TABLES_DEAL=0 never deals). */
  tablesDeal: boolean;
  /** SIGTERM: readiness turns 503 this long before the listener closes, so the balancer stops sending first (DRAIN_DELAY_MS). */
  drainDelayMs: number;
  /** NODE_ID: this node's name in job and table leases and logs (default: a random one per start). */
  nodeId: string | null;
  /** SQLite: WAL checkpoints on a worker thread (db/checkpointer.ts) rather than inside request commits. */
  sqliteBackgroundCheckpoints: boolean;
  /** Seamless-wallet aggregators: id → HMAC secret (SEAMLESS_AGGREGATORS='ID=secret,ID2=secret'; modules/seamless). */
  seamlessAggregators: Record<string, string>;
  /**
   * Seamless-wallet aggregators' game launch urls: id → absolute https template with `{token}` and optionally
   * `{game}`, `{lang}`, `{player}` (SEAMLESS_LAUNCH_URLS='ID=https://…,ID2=https://…'; modules/seamless).
   */
  seamlessLaunchUrls: Record<string, string>;
  /**
   * The sandbox aggregator's games (modules/seamless/catalogue.ts) in the player lobbies: only in development
   * (NODE_ENV=development) or when SANDBOX_GAMES=1 asks for them; never in production.
   */
  sandboxGamesListed: boolean;
}

export class ConfigError extends Error {}

/** `ID=secret,ID2=secret` → { ID: secret, … }; ids of [A-Z0-9_]{2,32}, secrets of ≥ 32 characters. */
function seamlessAggregators(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (value ?? '').split(',').filter((p) => p.trim() !== '')) {
    const at = pair.indexOf('=');
    const id = pair.slice(0, at).trim();
    const key = pair.slice(at + 1).trim();
    if (at < 0 || !/^[A-Z0-9_]{2,32}$/.test(id) || key.length < 32)
      throw new ConfigError('SEAMLESS_AGGREGATORS: ID=secret pairs, ids of A-Z 0-9 _, secrets of at least 32 characters');
    // The sandbox aggregator's id is reserved: it exists only with sandbox providers (modules/seamless/aggregators.ts).
    if (id === 'SANDBOX') throw new ConfigError('SEAMLESS_AGGREGATORS: the id SANDBOX is reserved for the sandbox aggregator');
    out[id] = key;
  }
  return out;
}

/**
 * `ID=https://…{token}…,…` → { ID: template }: each id one of SEAMLESS_AGGREGATORS (not the reserved sandbox id),
 * each template an absolute https url (http only outside production) that carries `{token}`; no commas.
 */
function seamlessLaunchUrls(value: string | undefined, aggregators: Record<string, string>, production: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  const bad = (why: string) => new ConfigError(`SEAMLESS_LAUNCH_URLS: ${why}`);
  for (const pair of (value ?? '').split(',').filter((p) => p.trim() !== '')) {
    const at = pair.indexOf('=');
    const id = pair.slice(0, at).trim();
    const template = pair.slice(at + 1).trim();
    if (at < 0 || !Object.hasOwn(aggregators, id)) throw bad('ID=url pairs, each ID one of SEAMLESS_AGGREGATORS');
    let url: URL;
    try {
      url = new URL(template.replace(/\{(token|code|game|lang|player)\}/g, 'x'));
    } catch {
      throw bad(`${id}: not an absolute url`);
    }
    if (url.protocol !== 'https:' && (production || url.protocol !== 'http:')) throw bad(`${id}: https only`);
    if (!template.includes('{token}') && !template.includes('{code}')) throw bad(`${id}: the url must carry {code} (or {token})`);
    out[id] = template;
  }
  return out;
}

/**
 * The listen backlog: Node's default of 511 is less than one burst of tabs opening at once (a page
 * load opens several connections per tab); past it the kernel drops the handshake and the browser waits 1 s,
 * 3 s, 7 s… before it tries again. The kernel caps the value at net.core.somaxconn (4096 on current kernels).
 */
function listenBacklog(value: string | undefined): number {
  const n = Number(value ?? 4096);
  if (!Number.isInteger(n) || n < 64 || n > 65_535) throw new ConfigError('LISTEN_BACKLOG: a whole number from 64 to 65535');
  return n;
}

function tableSpeed(value: string | undefined, production: boolean): number {
  const n = Number(value ?? 1);
  if (!Number.isFinite(n) || n < 1 || n > 100) throw new ConfigError('TABLE_SPEED: a number from 1 to 100');
  if (production && n !== 1) throw new ConfigError('TABLE_SPEED is for tests and benches: NODE_ENV=production deals at 1');
  return n;
}

/** FISHING_MINUTE_MS: a shorter fishing minute so a test sees its round recorded without waiting a real minute. */
function fishingMinuteMs(value: string | undefined, production: boolean): number {
  const n = Number(value ?? 60_000);
  if (!Number.isInteger(n) || n < 1_000 || n > 60_000) throw new ConfigError('FISHING_MINUTE_MS: a whole number from 1000 to 60000');
  if (production && n !== 60_000) throw new ConfigError('FISHING_MINUTE_MS is for tests: NODE_ENV=production records one-minute rounds');
  return n;
}

/**
 * Secrets: in production they must come from the environment. Elsewhere, when absent, one is generated
 * once and kept in DATA_DIR/secrets.json so restarts keep sessions and password hashes valid.
 */
function secret(env: NodeJS.ProcessEnv, name: string, production: boolean, dataDir: string): string {
  const fromEnv = env[name];
  if (fromEnv) {
    if (fromEnv.length < 32) throw new ConfigError(`${name} must be at least 32 characters`);
    return fromEnv;
  }
  if (production) throw new ConfigError(`${name} is required when NODE_ENV=production`);
  if (dataDir === ':memory:') return `dev-${name}-not-secret-0123456789abcdef`;
  const file = join(dataDir, 'secrets.json');
  const stored: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (!stored[name]) {
    stored[name] = randomBytes(32).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return stored[name];
}

function metricsToken(value: string | undefined): string | null {
  if (!value) return null;
  if (value.length < 24) throw new ConfigError('METRICS_TOKEN must be at least 24 characters');
  return value;
}

/** TRUST_PROXY: unset/0/off → false; 1–10 → hop count; a comma list of addresses or CIDR blocks; anything else refused. */
export function trustProxy(value: string | undefined): false | number | string[] {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v === 'off' || v === 'false') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new ConfigError('TRUST_PROXY: at most 10 proxy hops');
    return hops;
  }
  if (v === 'true')
    throw new ConfigError(
      "TRUST_PROXY=true trusts any hop the client writes: give the number of proxy hops (1, 2 …) or the proxies' addresses",
    );
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (isIP(entry.split('/')[0]!) === 0) throw new ConfigError(`TRUST_PROXY: ${entry} is not an address or CIDR block`);
  }
  return list;
}

function geoipDb(value: string | undefined): string | null {
  if (!value) return '';
  if (value === 'off') return null;
  if (!existsSync(value)) throw new ConfigError(`GEOIP_DB: ${value} does not exist`);
  return resolve(value);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = env.DATA_DIR === ':memory:' ? ':memory:' : resolve(env.DATA_DIR ?? './var');
  const providers = (env.PROVIDERS ?? 'sandbox') as Providers;
  if (providers !== 'sandbox' && providers !== 'live') throw new ConfigError(`PROVIDERS must be sandbox or live`);
  if (production && providers === 'sandbox') {
    throw new ConfigError('NODE_ENV=production refuses sandbox providers: set PROVIDERS=live with real provider settings');
  }
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError('PORT must be 0–65535');
  const databaseUrl = env.DATABASE_URL ?? (dataDir === ':memory:' ? ':memory:' : join(dataDir, 'portal.sqlite'));
  const aggregators = seamlessAggregators(env.SEAMLESS_AGGREGATORS);
  const webDist = env.WEB_DIST ?? resolve(import.meta.dirname ?? '.', '../../web/dist');
  const consoleDist = env.CONSOLE_DIST ?? resolve(import.meta.dirname ?? '.', '../../console/dist');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    redisUrl: env.REDIS_URL || null,
    production,
    providers,
    passwordPepper: secret(env, 'PASSWORD_PEPPER', production, dataDir),
    codePepper: secret(env, 'CODE_PEPPER', production, dataDir),
    jwtSecret: secret(env, 'JWT_SECRET', production, dataDir),
    auditKey: secret(env, 'AUDIT_KEY', production, dataDir),
    auditAnchorFile: env.AUDIT_ANCHOR_FILE || (dataDir === ':memory:' ? null : join(dataDir, 'audit-anchors.log')),
    auditAnchorMs: Number(env.AUDIT_ANCHOR_MS ?? 60_000),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    metricsPort: env.METRICS_PORT ? Number(env.METRICS_PORT) : null,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    geoipDb: geoipDb(env.GEOIP_DB),
    webDist: existsSync(webDist) ? webDist : null,
    consoleDist: existsSync(consoleDist) ? consoleDist : null,
    sandboxFailRate: Number(env.SANDBOX_FAIL_RATE ?? 0),
    sandboxDelayMs: Number(env.SANDBOX_DELAY_MS ?? 20),
    sandboxLostAnswerRate: Number(env.SANDBOX_LOST_ANSWER_RATE ?? 0),
    sportMargin: Number(env.SPORT_MARGIN ?? LIMITS.SPORT_MARGIN),
    sportUsdCnyRate: Number(env.SPORT_USD_CNY_RATE ?? LIMITS.SPORT_USD_CNY_RATE),
    sportInPlayDelayMs: Number(env.SPORT_IN_PLAY_DELAY_MS ?? LIMITS.SPORT_IN_PLAY_DELAY_MS),
    sportFeedSeed: env.SPORT_FEED_SEED ?? 'portal-sportsbook',
    tableSpeed: tableSpeed(env.TABLE_SPEED, production),
    fishingMinuteMs: fishingMinuteMs(env.FISHING_MINUTE_MS, production),
    listenBacklog: listenBacklog(env.LISTEN_BACKLOG),
    tablesDeal: env.TABLES_DEAL !== '0',
    drainDelayMs: Number(env.DRAIN_DELAY_MS ?? (production ? 5_000 : 0)),
    nodeId: env.NODE_ID || null,
    sqliteBackgroundCheckpoints: env.SQLITE_BACKGROUND_CHECKPOINTS !== '0',
    seamlessAggregators: aggregators,
    seamlessLaunchUrls: seamlessLaunchUrls(env.SEAMLESS_LAUNCH_URLS, aggregators, production),
    sandboxGamesListed:
      !production && providers === 'sandbox' && (env.SANDBOX_GAMES ? env.SANDBOX_GAMES === '1' : env.NODE_ENV === 'development'),
  };
}
