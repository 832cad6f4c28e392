/**
 * The business day of the brands: UTC+8 (China Standard Time), the day the operator's reports, rebates
 * and daily limits use. A per-site zone is a later site setting; everything reads the day from here.
 */
export const BUSINESS_UTC_OFFSET_MIN = 480;

/** 'YYYY-MM-DD' of the business day containing `ms`. */
export function businessDay(ms: number, offsetMin = BUSINESS_UTC_OFFSET_MIN): string {
  return new Date(ms + offsetMin * 60_000).toISOString().slice(0, 10);
}
