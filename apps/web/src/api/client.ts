/**
 * The typed request layer (spec §7, §8): every call is a contract endpoint; the answer is the
 * envelope {status_code, data, message}; 6000 resolves to `data`, anything else rejects with ApiError.
 *
 * Headers (contract HEADERS): x-client web, x-client-version, x-uuid (device id), token, x-request-id,
 * x-site-id, x-lang and x-ts-token (the site's client key seals "timestamp|ip", ip from preInfo).
 * Safe switch on: POST /s/<sealed path> with {d: sealed JSON}; the answer's data comes back sealed.
 */
import {
  HEADERS,
  LIMITS,
  NEW_DEVICE_CODES,
  StatusCode,
  makeTsToken,
  open,
  seal,
  sealPath,
  siteApi,
  userApi,
  type Endpoint,
  type RequestOf,
  type ResponseOf,
} from '@portal/contract';
import { bus } from '../app/events.ts';
import { i18n } from '../app/i18n.ts';
import { useUi } from '../stores/ui.ts';
import { clearDecrypted, clearSessionItems, deviceUuid, getToken, randomUuid } from '../storage/index.ts';
import { backoffMs, netTimings, retryStarted } from '../stores/network.ts';
import { ApiError, NETWORK_ERROR, NETWORK_MESSAGE, TIMEOUT_MESSAGE, isTransient } from './errors.ts';
import { askRegionWarning, regionAcknowledged } from './region.ts';
import { confirmedSite, currentSite, loadSite, setPreInfoFetcher, siteConfirmed, type PreInfo } from './site.ts';

export const CLIENT_VERSION = '1.0.0';
/** Spec §9: 30000 ms (browser tests shorten it: stores/network.ts netTimings). */
export const REQUEST_TIMEOUT_MS = LIMITS.REQUEST_TIMEOUT_MS;
/** A `retry` call is sent at most this many times: then its failure goes to the caller. */
export const RETRY_ATTEMPTS = 4;
/** Bounded request cache: entries are whole answers (navigation lists), a few dozen at most. */
const CACHE_MAX_ENTRIES = 100;
/** Concurrent 6001 answers (several calls in flight) produce one warning and one event. */
const EXPIRED_DEBOUNCE_MS = 1500;

export interface CallOptions {
  /** Reuse the answer of an identical earlier call (key: language + path + serialized payload), e.g. navigationList. */
  cached?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** For money-moving endpoints: a retry must reuse the key of the first attempt (call() fixes one per call). */
  idempotencyKey?: string;
  /**
   * Safe to ask again (a read): a timeout, a network error, HTTP 429 / 6011 or a 5xx is retried with backoff, up to
   * RETRY_ATTEMPTS sends, the header showing "网络不稳定，正在重试" meanwhile (stores/network.ts). A money call
   * marked so is repeated only with its first idempotency key.
   */
  retry?: boolean;
  /** Never sealed, even with the safe switch on: the image upload (its body is larger than a sealed call may be). */
  plain?: boolean;
}

const cache = new Map<string, Promise<unknown>>();

/** Drop every cached answer (language switch, login / logout). */
export function clearRequestCache(): void {
  cache.clear();
}

/**
 * The interface language as the server is told it (x-lang, the realtime socket's `lang`): the language in force —
 * the member's choice, else the brand's default once preInfo told it — and i18n's only before either is known.
 * i18n switches asynchronously (it loads the language's texts first): read first, it answered zh-CN to a zh-TW
 * page's first calls, and the header marquee stayed Simplified (the walk test, e2e/walk.e2e.ts).
 */
export function currentLang(): 'zh-CN' | 'zh-TW' {
  const l =
    useUi.getState().language ??
    currentSite()?.siteBaseConfig.flags.defaultLanguage ??
    i18n.resolvedLanguage ??
    i18n.language ??
    globalThis.document?.documentElement.lang ??
    '';
  return /^zh[-_](TW|HK|Hant)/i.test(l) ? 'zh-TW' : 'zh-CN';
}

/** Site id header: a build-time override, else the site preInfo answered (preInfo itself goes by host). */
function siteId(site: PreInfo | null): string | null {
  const env = (import.meta.env?.VITE_SITE_ID as string | undefined) ?? '';
  if (env) return env;
  return site ? String(site.siteBaseConfig.siteCode) : null;
}

async function buildHeaders(ep: Endpoint, site: PreInfo | null, opts: CallOptions): Promise<Record<string, string>> {
  const h: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    [HEADERS.CLIENT]: 'web',
    [HEADERS.VERSION]: CLIENT_VERSION,
    [HEADERS.UUID]: deviceUuid(),
    [HEADERS.REQUEST_ID]: randomUuid(),
    [HEADERS.LANG]: currentLang(),
  };
  const sid = siteId(site);
  if (sid) h[HEADERS.SITE_ID] = sid;
  const token = getToken();
  if (token) h[HEADERS.TOKEN] = token;
  if (site && !ep.noTsToken) h[HEADERS.TS_TOKEN] = await makeTsToken(site.siteBaseConfig.clientKey, site.ip);
  if (ep.idempotent) h[HEADERS.IDEMPOTENCY_KEY] = opts.idempotencyKey ?? randomUuid();
  if (regionAcknowledged()) h[HEADERS.REGION_ACK] = '1';
  return h;
}

interface Raw {
  httpStatus: number;
  envelope: { status_code: number; data: unknown; message: string } | null;
}

/** GET endpoints of the contract (spec §7: the bank-card lists) take no body; everything else is POST with JSON. */
async function send(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: CallOptions,
  method: 'GET' | 'POST' = 'POST',
): Promise<Raw> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    opts.timeoutMs ?? netTimings(REQUEST_TIMEOUT_MS).requestTimeoutMs,
  );
  const cancel = () => controller.abort();
  opts.signal?.addEventListener('abort', cancel, { once: true });
  if (opts.signal?.aborted) controller.abort();
  try {
    const init: RequestInit =
      method === 'GET'
        ? { method, headers: Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'content-type')) }
        : { method, headers, body };
    const res = await fetch(url, { ...init, signal: controller.signal, credentials: 'same-origin' });
    const parsed: unknown = await res.json().catch(() => null);
    const ok = typeof parsed === 'object' && parsed !== null && typeof (parsed as Raw['envelope'])!.status_code === 'number';
    return { httpStatus: res.status, envelope: ok ? (parsed as Raw['envelope']) : null };
  } catch (e) {
    if (opts.signal?.aborted) throw e; // the caller cancelled: its own AbortError
    throw new ApiError(NETWORK_ERROR, timedOut ? TIMEOUT_MESSAGE : NETWORK_MESSAGE, null, 0);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', cancel);
  }
}

/** What a call is built from differs between two preInfo answers. */
function siteChanged(a: PreInfo, b: PreInfo): boolean {
  const x = a.siteBaseConfig;
  const y = b.siteBaseConfig;
  return a.ip !== b.ip || x.clientKey !== y.clientKey || x.siteCode !== y.siteCode || x.safeSwitch !== y.safeSwitch;
}

let lastExpiredAt = 0;

/** Spec §4 login expired: warn if a token existed (notice), clear DD_ cache and user state, emit login_expired. */
export function handleLoginExpired(): void {
  const hadToken = getToken() !== null;
  clearSessionItems();
  clearDecrypted();
  clearRequestCache();
  const now = Date.now();
  if (now - lastExpiredAt < EXPIRED_DEBOUNCE_MS) return;
  lastExpiredAt = now;
  if (hadToken) bus.emit('notice', { kind: 'warning', text: '请重新登录' });
  bus.emit('login_expired');
}

/** Spec §8 client reactions; returns the rejection to throw. */
function react(ep: Endpoint, body: unknown, raw: Raw): ApiError {
  const env = raw.envelope;
  if (raw.httpStatus === 401 || env?.status_code === StatusCode.LOGIN_EXPIRED) {
    const err = new ApiError(StatusCode.LOGIN_EXPIRED, env?.message || '请重新登录', env?.data ?? null, raw.httpStatus);
    handleLoginExpired();
    err.handled = true;
    return err;
  }
  if (!env) return new ApiError(NETWORK_ERROR, NETWORK_MESSAGE, null, raw.httpStatus);
  const err = new ApiError(env.status_code, env.message, env.data, raw.httpStatus);
  if (env.status_code === StatusCode.BIND_REAL_NAME) {
    bus.emit('bind_real_name', { message: env.message });
    err.handled = true;
  } else if (env.status_code === StatusCode.SESSION_TIME_LIMIT) {
    bus.emit('session_time_limit', { message: env.message });
    err.handled = true;
  } else if (env.status_code === StatusCode.REGION_LIMITED || env.status_code === StatusCode.IP_RESTRICTED) {
    bus.emit('region_blocked', { message: env.message, code: env.status_code });
    err.handled = true;
  } else if (ep.path === userApi.login.path && (NEW_DEVICE_CODES as readonly number[]).includes(env.status_code)) {
    const b = body as { name?: string; password?: string };
    const phoneNumber = (env.data as { phoneNumber?: unknown } | null)?.phoneNumber;
    bus.emit('newDevice', {
      name: b.name ?? '',
      password: b.password ?? '',
      phoneNumber: typeof phoneNumber === 'string' ? phoneNumber : '',
      message: env.message,
      code: env.status_code,
    });
    err.handled = true;
  }
  return err;
}

async function request<E extends Endpoint>(
  ep: E,
  body: RequestOf<E>,
  opts: CallOptions,
  regionRetry = false,
  freshSite = false,
): Promise<ResponseOf<E>> {
  const isPreInfo = ep.path === siteApi.preInfo.path;
  const site = isPreInfo ? currentSite() : freshSite ? await confirmedSite() : await loadSite();
  // Built on the kept preInfo (site.ts), not yet confirmed by this page's fresh one: its address or key may be old.
  const keptSite = !isPreInfo && !freshSite && !siteConfirmed();
  const headers = await buildHeaders(ep, site, opts);
  const json = JSON.stringify(body ?? {});
  const safe = !isPreInfo && !opts.plain && site?.siteBaseConfig.safeSwitch === true;
  let url = ep.path;
  let payload = json;
  if (safe && site) {
    const key = site.siteBaseConfig.clientKey;
    url = await sealPath(key, ep.path);
    payload = JSON.stringify({ d: await seal(key, json) });
    headers[HEADERS.SAFE] = '1';
  }
  // Sealed calls all go by POST to /s/<sealed path>; in the clear a GET endpoint is a GET.
  const raw = await send(url, headers, payload, opts, !safe && ep.method === 'GET' ? 'GET' : 'POST');
  // Refused as an illegal request on the kept preInfo: again once on the fresh one if that tells another address,
  // client key, brand or safe switch (the server refused before doing anything; a money call keeps its key).
  if (keptSite && site && raw.envelope?.status_code === StatusCode.ILLEGAL_PARAMETER) {
    const fresh = await confirmedSite().catch(() => null);
    if (fresh && siteChanged(site, fresh)) return request(ep, body, opts, regionRetry, true);
  }
  if (raw.envelope?.status_code === StatusCode.REGION_WARNING && !regionRetry) {
    // Told once per session: the player goes on (the same call again, acknowledged) or stops here.
    if (await askRegionWarning(raw.envelope.message)) return request(ep, body, opts, true, freshSite);
    const err = new ApiError(StatusCode.REGION_WARNING, raw.envelope.message, null, raw.httpStatus);
    err.handled = true;
    throw err;
  }
  if (raw.envelope?.status_code !== StatusCode.SUCCESS || raw.httpStatus === 401) throw react(ep, body, raw);
  let data = raw.envelope.data;
  if (safe && site && typeof data === 'string') {
    const plain = await open(site.siteBaseConfig.clientKey, data);
    if (plain === null) throw new ApiError(StatusCode.ILLEGAL_PARAMETER, NETWORK_MESSAGE, null, raw.httpStatus);
    data = JSON.parse(plain) as unknown;
  }
  return data as ResponseOf<E>;
}

/**
 * Call an endpoint of the contract. Resolves to `data` on 6000; rejects with ApiError otherwise
 * (after the §8 reactions: login expired, 6449, new device on login).
 */
export function call<E extends Endpoint>(ep: E, body: RequestOf<E>, opts: CallOptions = {}): Promise<ResponseOf<E>> {
  // One key per call: every send of it (region acknowledgement, a kept preInfo refused, `retry`) carries the same one.
  if (ep.idempotent && !opts.idempotencyKey) opts = { ...opts, idempotencyKey: randomUuid() };
  if (!opts.cached) return sendCall(ep, body, opts);
  // The language is part of the key: an answer fetched while the language was still being resolved (zh-CN server
  // texts) must not be answered again to the zh-TW page (the walk test saw Simplified notices in zh-TW's marquee).
  const key = `${currentLang()}|${ep.path}|${JSON.stringify(body ?? {})}`;
  const hit = cache.get(key);
  if (hit) return hit as Promise<ResponseOf<E>>;
  const p = sendCall(ep, body, opts);
  cache.set(key, p);
  if (cache.size > CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  p.catch(() => cache.delete(key)); // only answers are cached, never failures
  return p;
}

const sendCall = <E extends Endpoint>(ep: E, body: RequestOf<E>, opts: CallOptions): Promise<ResponseOf<E>> =>
  opts.retry ? withRetry(() => request(ep, body, opts), opts.signal) : request(ep, body, opts);

/** Run `send` again after a transient failure (errors.ts isTransient), with backoff, at most RETRY_ATTEMPTS times. */
export async function withRetry<T>(send: () => Promise<T>, signal?: AbortSignal, attempts = RETRY_ATTEMPTS): Promise<T> {
  let retrying: (() => void) | null = null;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await send();
      } catch (e) {
        if (!isTransient(e) || attempt + 1 >= attempts || signal?.aborted) throw e;
        retrying ??= retryStarted();
        await pause(backoffMs(attempt, netTimings(REQUEST_TIMEOUT_MS)), signal);
      }
    }
  } finally {
    retrying?.();
  }
}

/** Wait `ms` (sooner when the browser comes back online); a cancelled caller stops waiting. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    globalThis.addEventListener?.('online', done);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** The kept preInfo's key: the brand (build-time site id, else the host) and the language. */
const preInfoKey = () => `${(import.meta.env?.VITE_SITE_ID as string | undefined) || globalThis.location?.host || '-'}|${currentLang()}`;
setPreInfoFetcher(() => withRetry(() => request(siteApi.preInfo, {}, {})), preInfoKey);
