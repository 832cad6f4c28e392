import { StatusCode } from '@portal/contract';

/** The rejection of every API call: the envelope's code, message and data (spec §8 "reject with the response"). */
export class ApiError<D = unknown> extends Error {
  override readonly name = 'ApiError';
  /**
   * Set when the request layer already reacted (login expired, 6449 dialog, new-device dialog), so
   * callers do not show the message a second time.
   */
  handled = false;
  constructor(
    readonly status_code: number,
    message: string,
    readonly data: D = null as D,
    /** HTTP status, 0 when no answer came back. */
    readonly httpStatus = 0,
  ) {
    super(message);
  }
}

/** No envelope came back: network failure, timeout or a body that is not the envelope. */
export const NETWORK_ERROR = 0;
export const NETWORK_MESSAGE = '网络连接失败，请稍后再试';
export const TIMEOUT_MESSAGE = '请求超时，请稍后再试';

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/**
 * Answers that say nothing about the member or the request, only that the path or the server was unwell now:
 * no answer (timeout, network error), HTTP 429 or 5xx, "do not submit frequently" (6011), a server
 * error, a bad gateway, "system busy" or "system abnormal". A read may be asked again; none of them ends a session.
 */
const TRANSIENT_CODES: ReadonlySet<number> = new Set([
  NETWORK_ERROR,
  StatusCode.SERVER_ERROR,
  StatusCode.BAD_GATEWAY,
  StatusCode.FREQUENT_SUBMISSION,
  StatusCode.SYSTEM_BUSY,
  StatusCode.SYSTEM_ABNORMAL,
]);

export function isTransient(e: unknown): boolean {
  if (!(e instanceof ApiError) || e.handled) return false;
  return TRANSIENT_CODES.has(e.status_code) || e.httpStatus === 429 || e.httpStatus >= 500;
}

/** The text to show for any rejection. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) return e.message || NETWORK_MESSAGE;
  if (e instanceof Error && e.message) return e.message;
  return NETWORK_MESSAGE;
}
