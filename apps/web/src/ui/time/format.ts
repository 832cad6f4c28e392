/**
 * The one way the web writes a date or a time (pages once wrote 2026/11/26 and 2026-11-26): ISO order
 * with dashes, 24-hour clock, in the member's local time. Pages never call toLocaleString, Intl.DateTimeFormat
 * or format dates themselves (a lint rule holds them to this module). The sportsbook's kick-offs and closing
 * times are written in the brands' business time (UTC+8, the book's own clock) with `zone: 'business'`.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { BUSINESS_UTC_OFFSET_MIN } from '@portal/rules';

type When = string | number | Date | Dayjs;

/** '2026-11-26' */
export const dateText = (when: When): string => dayjs(when).format('YYYY-MM-DD');
/** '2026-11-26 14:05' */
export const minuteText = (when: When): string => dayjs(when).format('YYYY-MM-DD HH:mm');
/** '2026-11-26 14:05:09' */
export const secondText = (when: When): string => dayjs(when).format('YYYY-MM-DD HH:mm:ss');

/** Where a short time is read: the member's clock, or the brands' business time (UTC+8) whatever the browser's zone. */
export type Zone = 'local' | 'business';

/** 'YYYY-MM-DDTHH:mm' of a time in a zone. */
function isoMinute(when: When, zone: Zone): string {
  if (zone === 'local') return dayjs(when).format('YYYY-MM-DDTHH:mm');
  return new Date(dayjs(when).valueOf() + BUSINESS_UTC_OFFSET_MIN * 60_000).toISOString().slice(0, 16);
}

/** '11-26' */
export const monthDayText = (when: When, zone: Zone = 'local'): string => isoMinute(when, zone).slice(5, 10);
/** '14:05' */
export const clockText = (when: When, zone: Zone = 'local'): string => isoMinute(when, zone).slice(11, 16);
/** '11-26 14:05' */
export const monthDayMinuteText = (when: When, zone: Zone = 'local'): string => {
  const iso = isoMinute(when, zone);
  return `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;
};
