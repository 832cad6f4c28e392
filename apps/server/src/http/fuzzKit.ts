/**
 * Shared kit of the fuzz and platform suites: raw calls with full control over body bytes, content type
 * and headers; envelope checks; row counts of every table (a failing call must write nothing).
 */
import { sql } from 'kysely';
import { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { ALL_STATUS_CODES, HEADERS, makeTsToken, type Endpoint } from '@portal/contract';
import type { Database } from '../db/schema.ts';
import { createHarness, usePostgres, type Harness } from '../test/harness.ts';

export const SEED = 0x5eed_2024;
/** fast-check values per field (and whole bodies per endpoint): bounded so the file stays well under 30 s. */
export const FC_RUNS_PER_FIELD = 6;
export const FC_RUNS_PER_BODY = 8;
/** Requests in flight at once (app.inject; lets PostgreSQL round trips overlap). */
export const CONCURRENCY = 8;

export let h: Harness;
export let token: string;
export let clientKey: string;

/** Each fuzz test file calls this once: a fresh harness (and member) for the file. */
export function useFuzzHarness(): void {
  beforeAll(async () => {
    h = await createHarness();
    clientKey = h.s.sites.get(7000)!.clientKey;
    token = (await h.member()).token;
  });
  afterAll(async () => {
    await h?.close();
  });
}

// ---------------------------------------------------------------------------------------------------
// Raw calls: full control over body bytes, content type and headers.

/** Every call gets its own loopback address, so the per-IP budgets (tested on their own below) stay out of the way. */
export let ipSeq = 1000;
export const nextIp = () => {
  const n = ipSeq++;
  return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export interface RawOptions {
  method?: 'POST' | 'GET';
  /** Raw body bytes; default '{}'. */
  payload?: string;
  /** null: no content-type header at all. */
  contentType?: string | null;
  token?: string | null;
  ip?: string;
  /** Header overrides; undefined deletes the header. */
  headers?: Record<string, string | undefined>;
  /** Make the ts token for this ip / time instead of the caller's. */
  tsIp?: string;
  tsAt?: number;
  noTs?: boolean;
  /** Names the case in failure messages. */
  label?: string;
}

export interface Answer {
  http: number;
  env: { status_code: number; data: unknown; message: string };
  res: LightMyRequestResponse;
}

export async function raw(url: string, o: RawOptions & { allow5xx?: boolean } = {}): Promise<Answer> {
  const ip = o.ip ?? nextIp();
  const headers: Record<string, string> = {
    [HEADERS.CLIENT]: 'web',
    [HEADERS.VERSION]: '1.0.0',
    [HEADERS.UUID]: h.uuid,
    [HEADERS.SITE_ID]: '7000',
  };
  if (o.contentType !== null) headers['content-type'] = o.contentType ?? 'application/json';
  if (o.token) headers[HEADERS.TOKEN] = o.token;
  if (!o.noTs) headers[HEADERS.TS_TOKEN] = await makeTsToken(clientKey, o.tsIp ?? ip, o.tsAt);
  for (const [k, v] of Object.entries(o.headers ?? {})) {
    if (v === undefined) delete headers[k];
    else headers[k] = v;
  }
  const res = await h.app.inject({
    method: o.method ?? 'POST',
    url,
    headers,
    remoteAddress: ip,
    ...((o.method ?? 'POST') === 'POST' ? { payload: o.payload ?? '{}' } : {}),
  });
  return { http: res.statusCode, env: parseEnvelope(res, o.label ? `${url} ${o.label}` : url, o.allow5xx), res };
}

/** The answer must be the envelope and nothing else: exactly three keys, a catalogue code, a message. */
export function parseEnvelope(res: LightMyRequestResponse, label: string, allow5xx = false): Answer['env'] {
  let body: unknown;
  try {
    body = JSON.parse(res.payload);
  } catch {
    throw new Error(`${label}: answer is not JSON (HTTP ${res.statusCode}): ${res.payload.slice(0, 200)}`);
  }
  const where = `${label} → HTTP ${res.statusCode} ${res.payload.slice(0, 300)}`;
  expect(body, where).toBeTypeOf('object');
  expect(body, where).not.toBeNull();
  expect(Array.isArray(body), where).toBe(false);
  expect(Object.keys(body as object).sort(), where).toEqual(['data', 'message', 'status_code']);
  const env = body as Answer['env'];
  expect(ALL_STATUS_CODES, where).toContain(env.status_code);
  expect(typeof env.message, where).toBe('string');
  expect(env.message.length, where).toBeGreaterThan(0);
  if (!allow5xx) expect(res.statusCode, where).toBeLessThan(500);
  return env;
}

// ---------------------------------------------------------------------------------------------------
// Row counts of every table (schema.ts Database, checked against what the database really holds).

export const TABLES = [
  'sites',
  'members',
  'sessions',
  'member_devices',
  'member_ips',
  'login_history',
  'verification_codes',
  'captchas',
  'device_challenges',
  'dev_outbox',
  'ledger_accounts',
  'ledger_journals',
  'ledger_postings',
  'ledger_holds',
  'idempotency_keys',
  'outbox',
  'venues',
  'venue_transfers',
  'member_prefs',
  'sandbox_venue_wallets',
  'sandbox_venue_transfers',
  'deposit_channels',
  'deposit_orders',
  'payment_notifications',
  'sandbox_payments',
  'sandbox_payouts',
  'bank_cards',
  'usdt_addresses',
  'withdraw_orders',
  'member_turnover',
  'audit_log',
  'bet_turnover_daily',
  'bet_turnover_refs',
  'vip_grades',
  'member_vip',
  'vip_rewards',
  'vip_rebates',
  'letters',
  'letter_recipients',
  'notices',
  'ads',
  'feedback',
  'upload_blobs',
  'uploads',
  'promotions',
  'promo_participations',
  'promo_rewards',
  'promo_deposit_events',
  'promo_draw_spins',
  'promo_invite_codes',
  'sport_bets',
  'sport_bet_legs',
  'sport_results',
  'sport_payout_caps',
  'sportsbook_transfers',
  'casino_venues',
  'casino_games',
  'game_favourites',
  'jackpot_pools',
  'seamless_tokens',
  'seamless_requests',
  'seamless_transactions',
  'seamless_rounds',
  'fair_seeds',
  'casino_rounds',
  'table_rounds',
  'table_bets',
  'table_chases',
  'table_leases',
  'table_round_cancels',
  'table_seed_chains',
  'support_threads',
  'support_messages',
  'protection_limits',
  'protection_exclusions',
  'protection_exclusion_keys',
  'protection_hourly',
  'protection_events',
  'kyc_submissions',
  'ticket_counters',
  'zh_tw_forms',
  'staff',
  'staff_sessions',
  'staff_challenges',
  'staff_recovery_codes',
  'staff_grants',
  'staff_cli_tokens',
  'member_notes',
  'member_risk_flags',
  'venue_maintenance',
  'report_daily',
  'report_daily_venue',
  'report_dirty_days',
  'job_leases',
  'fishing_seeds',
  'fishing_shots',
  'fishing_minutes',
  'fishing_seats',
  'live_rooms',
  'live_messages',
  'live_mutes',
  'live_shadow_bans',
  'live_blocks',
  'live_words',
  'live_gifts',
  'live_gift_prices',
  // PvP card tables (issue 31)
  'pvp_entries',
  'pvp_hands',
] as const satisfies readonly (keyof Database)[];
// Compile-time: a table added to Database but not listed here fails `npm run typecheck`.
export type Unlisted = Exclude<keyof Database, (typeof TABLES)[number]>;
export const everyTableListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyTableListed;
/** Captcha endpoints legitimately write challenges (and their answers to the sandbox outbox); any zh-TW answer may keep new zh-TW forms. */
export const MAY_WRITE = new Set<string>(['dev_outbox', 'captchas', 'zh_tw_forms']);
export const isCaptchaEndpoint = (ep: Endpoint) => /kaptcha|gee/i.test(ep.path);

export async function liveTables(): Promise<string[]> {
  const rows = usePostgres
    ? (
        await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
          h.s.handle.db,
        )
      ).rows
    : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(h.s.handle.db))
        .rows;
  return rows.map((r) => r.name).filter((n) => !n.startsWith('kysely_'));
}

export let allTables: string[] = [];
export async function snapshot(): Promise<Record<string, number>> {
  if (allTables.length === 0) allTables = await liveTables();
  const cols = allTables.map((t) => sql`(select count(*) from ${sql.table(t)}) as ${sql.ref(t)}`);
  const r = await sql<Record<string, number | string>>`select ${sql.join(cols)}`.execute(h.s.handle.db);
  const row = r.rows[0]!;
  return Object.fromEntries(allTables.filter((t) => !MAY_WRITE.has(t)).map((t) => [t, Number(row[t])]));
}

/** URLs the router itself refuses (broken %-escapes). */
export const BAD_URLS = ['/site/api/v1/%ZZ', '/s/%E0%A4%A', '/%', '/site/api/v1/user/login%'];
