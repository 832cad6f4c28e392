import { StatusCode } from '@portal/contract';

/** HTTP status per code: business answers are 200; the platform's own answers use the HTTP meaning. */
export function httpStatusFor(code: number, override?: number): number {
  if (override) return override;
  switch (code) {
    case StatusCode.LOGIN_EXPIRED:
      return 401;
    case StatusCode.SERVER_ERROR:
      return 500;
    default:
      return 200;
  }
}
