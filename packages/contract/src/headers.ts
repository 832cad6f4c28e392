/**
 * Request / response header names (spec §7 lists the headers but not their names; these are ours).
 * All lower case as Node presents them.
 */
export const HEADERS = {
  /** Client marker: 'web' for this portal. */
  CLIENT: 'x-client',
  /** Client version string, e.g. '1.0.0'. */
  VERSION: 'x-client-version',
  /** Stable per-browser device id (uuid); new-device verification keys on it. */
  UUID: 'x-uuid',
  /** Session token from login. */
  TOKEN: 'token',
  /** Request id, echoed on the response (generated when absent). */
  REQUEST_ID: 'x-request-id',
  /** Brand / site id; defaults to the deployment's default site (7000). */
  SITE_ID: 'x-site-id',
  /** Encrypted timestamp-and-ip token (see tsToken.ts). */
  TS_TOKEN: 'x-ts-token',
  /** Language: zh-CN or zh-TW (Accept-Language is read when absent). */
  LANG: 'x-lang',
  /** Safe-switch marker: '1' when the payload and the url are encrypted. */
  SAFE: 'x-safe',
  /** Idempotency key on money-moving calls. */
  IDEMPOTENCY_KEY: 'idempotency-key',
  /** '1': the player saw the region warning (6032) this session and goes on (register, login). */
  REGION_ACK: 'x-region-ack',
} as const;

export const CLIENT_MARKERS = ['web', 'h5', 'ios', 'android'] as const;
export type ClientMarker = (typeof CLIENT_MARKERS)[number];
