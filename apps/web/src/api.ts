/**
 * Minimal typed API client (spec §7): every call is POST JSON and every answer is the envelope
 * {status_code, data, message}. The full client (safe-switch codec, timestamp token, error
 * reactions, request cache) arrives with the React app; this one only carries the fixed headers.
 *
 * Header names mirror packages/contract/src/headers.ts.
 */

/** The one response shape of every call. 6000 is success. */
export interface Envelope<T = unknown> {
  status_code: number;
  data: T;
  message: string;
}

export const STATUS_SUCCESS = 6000;

/** Spec §9: request timeout 30000 ms. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Spec §9: default site code. */
const SITE_ID = '7000';
const TIMEOUT_MESSAGE = `请求超时（${REQUEST_TIMEOUT_MS / 1000} 秒）`;
const CLIENT_MARKER = 'web';
const CLIENT_VERSION = '1.0.0';
const LANG = 'zh-CN';

const STORAGE_UUID = 'uuid';
const STORAGE_TOKEN = 'token';

/** Thrown when no envelope came back: network failure, timeout, or a body that is not an envelope. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    message: string,
    readonly httpStatus: number | null,
  ) {
    super(message);
  }
}

/**
 * crypto.randomUUID exists only in secure contexts (https or localhost); a portal reached over plain
 * http on an IP would lose it, so build a v4 uuid from getRandomValues, which is always available.
 */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** localStorage can throw (storage disabled, quota); the portal still works for the session. */
const memoryStore = new Map<string, string>();
function readStore(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return memoryStore.get(key) ?? null;
  }
}
function writeStore(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    if (value === null) memoryStore.delete(key);
    else memoryStore.set(key, value);
  }
}

/** Stable per-browser device id; the server's new-device verification keys on it. */
export function deviceUuid(): string {
  const existing = readStore(STORAGE_UUID);
  if (existing) return existing;
  const created = randomUuid();
  writeStore(STORAGE_UUID, created);
  return created;
}

export function getToken(): string | null {
  return readStore(STORAGE_TOKEN);
}

export function setToken(token: string | null): void {
  writeStore(STORAGE_TOKEN, token);
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.status_code === 'number' && typeof v.message === 'string' && 'data' in v;
}

/**
 * POST `body` as JSON to `path` and return the envelope, whatever its status_code (business errors
 * are envelopes too, often with HTTP 200, sometimes with 4xx/5xx). Throws TransportError only when
 * there is no envelope to return.
 */
export async function post<T = unknown>(path: string, body: object = {}, signal?: AbortSignal): Promise<Envelope<T>> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'x-client': CLIENT_MARKER,
    'x-client-version': CLIENT_VERSION,
    'x-uuid': deviceUuid(),
    'x-request-id': randomUuid(),
    'x-site-id': SITE_ID,
    'x-lang': LANG,
  };
  const token = getToken();
  if (token) headers.token = token;

  // One controller for both the caller's cancel and the timeout (AbortSignal.any is too new for
  // the browsers this market still sees).
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel, { once: true });
  if (signal?.aborted) controller.abort();

  let response: Response;
  let parsed: unknown;
  try {
    response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body), signal: controller.signal });
    parsed = await response.json().catch((error: unknown) => {
      if (controller.signal.aborted) throw error; // timed out or cancelled while reading the body
      throw new TransportError(`服务响应无法解析（HTTP ${response.status}）`, response.status);
    });
  } catch (error) {
    if (error instanceof TransportError || signal?.aborted) throw error; // the caller cancelled: not ours
    throw new TransportError(timedOut ? TIMEOUT_MESSAGE : '网络连接失败', null);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
  if (!isEnvelope(parsed)) throw new TransportError(`服务响应格式错误（HTTP ${response.status}）`, response.status);
  return parsed as Envelope<T>;
}
