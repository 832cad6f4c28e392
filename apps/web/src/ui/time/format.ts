/**
 * The one way the web writes a date or a time (issue 13: pages wrote 2026/11/26 and 2026-11-26): ISO order
 * with dashes, 24-hour clock, in the member's local time. Pages never call toLocaleString or format dates
 * themselves (a lint rule holds them to this module).
 */
import dayjs, { type Dayjs } from 'dayjs';

type When = string | number | Date | Dayjs;

/** '2026-11-26' */
export const dateText = (when: When): string => dayjs(when).format('YYYY-MM-DD');
/** '2026-11-26 14:05' */
export const minuteText = (when: When): string => dayjs(when).format('YYYY-MM-DD HH:mm');
/** '2026-11-26 14:05:09' */
export const secondText = (when: When): string => dayjs(when).format('YYYY-MM-DD HH:mm:ss');
