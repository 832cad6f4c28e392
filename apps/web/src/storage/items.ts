/**
 * Every client-stored item of spec §3 with its exact semantics, one accessor per item. Key names
 * are ours (the spec does not give them); 'token' and 'uuid' match the first landing page's client.
 */
import { LIMITS, open, seal } from '@portal/contract';
import { allKeys, readItem, writeItem } from './local.ts';

export const STORAGE_KEYS = {
  TOKEN: 'token',
  USER_ID: 'userId',
  JWT: 'jwt',
  ICODE: 'icode',
  RCODE: 'rcode',
  ORIGIN_URL: 'originUrl',
  HIDE_NO_BALANCE: 'hideNoBalance',
  REMEMBER_PASSWORD: 'rememberPassword',
  REMEMBERED_ACCOUNT: 'rememberedAccount',
  AOHSO: 'aohso',
  SAFE_SWITCH: 'safeSwitch',
  EDITION: 'edition',
  UUID: 'uuid',
  SUPPORT_KEY: 'supportKey',
} as const;

/** Spec §9 "Decrypted cache keys prefixed DD_". */
export const DECRYPTED_PREFIX = LIMITS.DECRYPTED_CACHE_PREFIX;

/**
 * The visitor's key of the built-in service desk (random, made here once): a visitor who cannot log in
 * still reads the desk's answers. The server keeps only its hash.
 */
export function supportVisitorKey(): string {
  const stored = readItem(STORAGE_KEYS.SUPPORT_KEY);
  if (stored && /^[A-Za-z0-9_-]{24,64}$/.test(stored)) return stored;
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const key = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  writeItem(STORAGE_KEYS.SUPPORT_KEY, key);
  return key;
}

// ---- session -------------------------------------------------------------------------------

/** Logged in means a token is stored (spec §4 Session). */
export const getToken = (): string | null => readItem(STORAGE_KEYS.TOKEN) || null;
export const setToken = (token: string | null): void => writeItem(STORAGE_KEYS.TOKEN, token);
export const getUserId = (): string | null => readItem(STORAGE_KEYS.USER_ID) || null;
export const setUserId = (id: string | null): void => writeItem(STORAGE_KEYS.USER_ID, id);
/** The chat service's separate JWT (member/jwt). */
export const getJwt = (): string | null => readItem(STORAGE_KEYS.JWT) || null;
export const setJwt = (jwt: string | null): void => writeItem(STORAGE_KEYS.JWT, jwt);
export const getAohso = (): string | null => readItem(STORAGE_KEYS.AOHSO);
export const setAohso = (v: string | null): void => writeItem(STORAGE_KEYS.AOHSO, v);

/** Forget the member on this browser: token, user id and jwt (referral codes and device id stay). */
export function clearSessionItems(): void {
  setToken(null);
  setUserId(null);
  setJwt(null);
}

// ---- device id -----------------------------------------------------------------------------

/** crypto.randomUUID exists only in secure contexts; a portal on plain http over an IP still needs ids. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) {
    try {
      return crypto.randomUUID();
    } catch {
      /* fall through */
    }
  }
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Stable per-browser device id (x-uuid): new-device verification keys on it. */
export function deviceUuid(): string {
  const existing = readItem(STORAGE_KEYS.UUID);
  if (existing && /^[A-Za-z0-9-]{8,64}$/.test(existing)) return existing;
  const created = randomUuid();
  writeItem(STORAGE_KEYS.UUID, created);
  return created;
}

// ---- referral (spec §2: rcode / icode read from the URL on start, stored with the page URL) -------

const RCODE_ALIASES = ['rcode', 'r_code', 'r_Code', 'rCode'] as const;
const ICODE_ALIASES = ['icode', 'i_code', 'i_Code', 'iCode'] as const;
/** Codes are short ids; anything longer is not one (the register call caps them at 32). */
const CODE_MAX = 32;

function pick(params: URLSearchParams, names: readonly string[]): string | null {
  for (const n of names) {
    const v = params.get(n)?.trim();
    if (v) return v.slice(0, CODE_MAX);
  }
  return null;
}

/**
 * Read the referral params from `href` (query, and the query part of a hash route) and store them
 * with the page URL. Answers what was found. Params absent from the URL leave stored ones alone.
 */
export function captureReferral(href: string = globalThis.location?.href ?? ''): { rcode: string | null; icode: string | null } {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { rcode: null, icode: null };
  }
  const params = new URLSearchParams(url.search);
  const hashQuery = url.hash.indexOf('?');
  if (hashQuery >= 0) new URLSearchParams(url.hash.slice(hashQuery + 1)).forEach((v, k) => params.has(k) || params.set(k, v));
  const rcode = pick(params, RCODE_ALIASES);
  const icode = pick(params, ICODE_ALIASES);
  if (rcode) writeItem(STORAGE_KEYS.RCODE, rcode);
  if (icode) writeItem(STORAGE_KEYS.ICODE, icode);
  if (rcode || icode) writeItem(STORAGE_KEYS.ORIGIN_URL, href);
  return { rcode, icode };
}

export const getRcode = (): string | null => readItem(STORAGE_KEYS.RCODE) || null;
export const getIcode = (): string | null => readItem(STORAGE_KEYS.ICODE) || null;
export const getOriginUrl = (): string | null => readItem(STORAGE_KEYS.ORIGIN_URL) || null;

/** Register payload `domain`: the page URL with icode and rcode added when present (spec §3). */
export function registerDomain(pageUrl: string = globalThis.location?.href ?? ''): string {
  const base = getOriginUrl() ?? pageUrl;
  try {
    const url = new URL(base);
    const icode = getIcode();
    const rcode = getRcode();
    if (icode && !ICODE_ALIASES.some((n) => url.searchParams.has(n))) url.searchParams.set('icode', icode);
    if (rcode && !RCODE_ALIASES.some((n) => url.searchParams.has(n))) url.searchParams.set('rcode', rcode);
    return url.toString().slice(0, 1024);
  } catch {
    return base.slice(0, 1024);
  }
}

// ---- preferences -----------------------------------------------------------------------------

/** Hide venues without balance: stored '1' or '0' (spec §3). */
export const getHideNoBalance = (): boolean => readItem(STORAGE_KEYS.HIDE_NO_BALANCE) === '1';
export const setHideNoBalance = (on: boolean): void => writeItem(STORAGE_KEYS.HIDE_NO_BALANCE, on ? '1' : '0');

export type Edition = 'classic' | 'professional';
/** Edition (classic or professional), default classic (spec §3, §9). */
export function getEdition(): Edition {
  return readItem(STORAGE_KEYS.EDITION) === 'professional' ? 'professional' : 'classic';
}
export const setEdition = (e: Edition): void => writeItem(STORAGE_KEYS.EDITION, e);

/** The site's safe switch as last seen in preInfo ('1' / '0'). */
export const getSafeSwitch = (): boolean => readItem(STORAGE_KEYS.SAFE_SWITCH) === '1';
export const setSafeSwitch = (on: boolean): void => writeItem(STORAGE_KEYS.SAFE_SWITCH, on ? '1' : '0');

// ---- remember password (spec §4: flag is a timestamp when on, empty when off) ------------------

/**
 * Fixed app key for the remembered credentials (spec §3 "stored encrypted with a fixed key"). It is
 * in the bundle, so this keeps the password out of plain sight in storage, not away from a local attacker.
 */
const REMEMBER_KEY = 'portal.remember.v1';

export interface RememberedAccount {
  name: string;
  password: string;
}

export const isRememberOn = (): boolean => /^\d+$/.test(readItem(STORAGE_KEYS.REMEMBER_PASSWORD) ?? '');

/** On: flag = now (ms) and the credentials sealed together. Off: flag empty, credentials removed. */
export async function saveRemembered(on: boolean, account?: RememberedAccount, nowMs: number = Date.now()): Promise<void> {
  if (!on || !account) {
    writeItem(STORAGE_KEYS.REMEMBER_PASSWORD, '');
    writeItem(STORAGE_KEYS.REMEMBERED_ACCOUNT, null);
    return;
  }
  const sealed = await seal(REMEMBER_KEY, JSON.stringify({ name: account.name, password: account.password }));
  writeItem(STORAGE_KEYS.REMEMBER_PASSWORD, String(nowMs));
  writeItem(STORAGE_KEYS.REMEMBERED_ACCOUNT, sealed);
}

/** The remembered credentials when the flag is on and they decrypt; else null. */
export async function loadRemembered(): Promise<RememberedAccount | null> {
  if (!isRememberOn()) return null;
  const sealed = readItem(STORAGE_KEYS.REMEMBERED_ACCOUNT);
  if (!sealed) return null;
  const plain = await open(REMEMBER_KEY, sealed);
  if (!plain) return null;
  try {
    const v = JSON.parse(plain) as Partial<RememberedAccount>;
    return typeof v.name === 'string' && typeof v.password === 'string' ? { name: v.name, password: v.password } : null;
  } catch {
    return null;
  }
}

// ---- DD_{key}: decrypted data cache {d, v} ------------------------------------------------------

export interface Decrypted<T = unknown> {
  /** the decrypted data */
  d: T;
  /** the version (or stamp) of the data it was decrypted from */
  v: string | number;
}

export function getDecrypted<T = unknown>(key: string): Decrypted<T> | null {
  const raw = readItem(DECRYPTED_PREFIX + key);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Decrypted<T>;
    return parsed && typeof parsed === 'object' && 'd' in parsed && 'v' in parsed ? parsed : null;
  } catch {
    return null;
  }
}

export function setDecrypted<T>(key: string, d: T, v: string | number): void {
  writeItem(DECRYPTED_PREFIX + key, JSON.stringify({ d, v } satisfies Decrypted<T>));
}

/** Clear every DD_ item (login expired, logout). */
export function clearDecrypted(): void {
  for (const k of allKeys()) if (k.startsWith(DECRYPTED_PREFIX)) writeItem(k, null);
}
