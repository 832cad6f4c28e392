/**
 * Profile rules: real name and birthday (spec §5 real name, profile; spec §9 minimum age 18).
 */
import { LIMITS } from '@portal/contract';
import { RULE_MESSAGES as M, isBlank, type ValidationResult } from './messages.ts';

/** Longest real name accepted (the brief's limit; the spec gives none). */
export const REAL_NAME_MAX = 30;

/** The only separator allowed in a name: U+00B7 MIDDLE DOT, as in '阿卜杜·热合曼'. */
export const NAME_DOT = '\u00B7';

const HAN = '\\p{Script=Han}';
/** Only letters, Chinese characters and middle dots (spec §5). */
const NAME_CHARSET = new RegExp(`^[A-Za-z${HAN}${NAME_DOT}]+$`, 'u');
/** Chinese at both ends (a one-character Chinese name is both ends at once). */
const HAN_BOTH_ENDS = new RegExp(`^${HAN}(?:.*${HAN})?$`, 'u');
/** Purely Latin letters with dots. */
const LATIN_WITH_DOTS = new RegExp(`^[A-Za-z${NAME_DOT}]+$`);

/**
 * Real name (spec §5): rejected with consecutive middle dots or a leading/trailing middle dot;
 * only letters, Chinese characters and middle dots; Chinese at both ends, or purely Latin
 * letters with dots. Spaces are not letters, so 'John Smith' must be written 'John·Smith'.
 */
export function validateRealName(v: string): ValidationResult {
  if (isBlank(v)) return M.REAL_NAME_REQUIRED;
  if (v.length > REAL_NAME_MAX) return M.REAL_NAME_INVALID;
  if (!NAME_CHARSET.test(v)) return M.REAL_NAME_INVALID;
  if (v.includes(NAME_DOT + NAME_DOT) || v.startsWith(NAME_DOT) || v.endsWith(NAME_DOT)) {
    return M.REAL_NAME_INVALID;
  }
  return HAN_BOTH_ENDS.test(v) || LATIN_WITH_DOTS.test(v) ? null : M.REAL_NAME_INVALID;
}

/** A calendar date as numbers; month 1-12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Earliest birth year accepted: anything before is a typo, not a member. */
const MIN_BIRTH_YEAR = 1900;

/** 'YYYY-MM-DD' to a real calendar date (no 02-30, 02-29 only in leap years), else null. */
export function parseIsoDate(v: string): CalendarDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Days in a month of the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Gregorian leap year: every 4th year, except centuries not divisible by 400. */
export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** Orders two calendar dates: negative when a is earlier, 0 when equal, positive when later. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * Completed years between birth and today, by calendar: one more year on each birthday.
 * A 29 February birthday counts as reached on 1 March in common years.
 */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const beforeBirthday = today.month < birth.month || (today.month === birth.month && today.day < birth.day);
  return today.year - birth.year - (beforeBirthday ? 1 : 0);
}

/**
 * Birthday (spec §5 "required and must be 18 or older"). `today` is read in local time (the
 * member's calendar day in the browser; the server's zone on the server).
 * Empty → required; malformed, impossible, before 1900 or in the future → invalid; under 18 → under age.
 */
export function validateBirthday(v: string, today: Date): ValidationResult {
  if (isBlank(v)) return M.BIRTHDAY_REQUIRED;
  const birth = parseIsoDate(v.trim());
  const now = { year: today.getFullYear(), month: today.getMonth() + 1, day: today.getDate() };
  if (!birth || birth.year < MIN_BIRTH_YEAR || compareDates(birth, now) > 0) return M.BIRTHDAY_INVALID;
  return ageOn(birth, now) >= LIMITS.MIN_AGE ? null : M.UNDER_AGE;
}
