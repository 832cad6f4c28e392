/**
 * The console's typed client: every call is `POST /console/api/<area>/<verb>` with a JSON body and
 * `Authorization: Bearer <token>`; the answer is the portal's envelope `{status_code, data, message}` — its data
 * on 6000, a thrown ConsoleError (code + the server's message) otherwise. A 6001 (session gone: idle, expired,
 * signed out elsewhere) clears the token and tells the app (onSessionEnd), which goes back to the sign-in page.
 */
import type { z } from 'zod';
import type { ConsoleEndpoint } from '@portal/contract/console';

export const SUCCESS = 6000;
export const LOGIN_EXPIRED = 6001;

export class ConsoleError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ConsoleError';
  }
}

export type In<E extends ConsoleEndpoint> = z.input<E['request']>;
export type Out<E extends ConsoleEndpoint> = z.output<E['response']>;

const TOKEN_KEY = 'console.token';
let token: string | null = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(TOKEN_KEY);
const sessionEndListeners = new Set<(message: string) => void>();

export const getToken = () => token;

export function setToken(next: string | null): void {
  token = next;
  if (typeof sessionStorage === 'undefined') return;
  if (next) sessionStorage.setItem(TOKEN_KEY, next);
  else sessionStorage.removeItem(TOKEN_KEY);
}

/** Called with the server's message when a call finds the session gone (6001). */
export function onSessionEnd(listener: (message: string) => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

/** POST a console action by its path under /console/api (e.g. 'staff/list'). Prefer `call(endpoint, body)`. */
export async function callPath<T = unknown>(path: string, body: unknown = {}, o: { signal?: AbortSignal } = {}): Promise<T> {
  const url = path.startsWith('/') ? path : `/console/api/${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body ?? {}),
      signal: o.signal ?? null,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ConsoleError(-1, '网络异常，请检查网络后重试');
  }
  let env: { status_code?: number; data?: unknown; message?: string };
  try {
    env = (await res.json()) as typeof env;
  } catch {
    throw new ConsoleError(-1, `服务器异常（HTTP ${res.status}），请稍后重试`);
  }
  if (env.status_code === SUCCESS) return env.data as T;
  const code = env.status_code ?? -1;
  const message = env.message || '操作失败，请稍后重试';
  if (code === LOGIN_EXPIRED && token) {
    setToken(null);
    for (const l of sessionEndListeners) l(message);
  }
  throw new ConsoleError(code, message);
}

/** Call an endpoint of the console contract, typed from its zod schemas. */
export function call<E extends ConsoleEndpoint>(endpoint: E, body: In<E>, o: { signal?: AbortSignal } = {}): Promise<Out<E>> {
  return callPath<Out<E>>(endpoint.path, body, o);
}

/** The action of an endpoint: its path without the /console/api/ prefix ('staff/list'). */
export const actionOf = (endpoint: ConsoleEndpoint) => endpoint.path.replace(/^\/console\/api\//, '');
