/**
 * Masking of personal data for display (spec §3 risky-login phoneNumber "masked with asterisks";
 * spec §2 new-device dialog for "the 4 masked middle digits"; profile texts).
 */
import { LIMITS } from '@portal/contract';

const MIDDLE = LIMITS.PHONE_MIDDLE_DIGITS; // 4
const TAIL = 4; // digits left visible at the end ('138****5678')

/** [start, end) of the masked window: the 4 characters before the last 4 (clamped for short values). */
function middleWindow(length: number): [number, number] {
  if (length <= TAIL) return [0, length]; // too short to show anything safely
  const end = length - TAIL;
  return [Math.max(0, end - MIDDLE), end];
}

/** '13812345678' → '138****5678'. Keeps the length; a value of 4 or fewer characters is fully masked. */
export function maskPhone(phone: string): string {
  const [start, end] = middleWindow(phone.length);
  return phone.slice(0, start) + '*'.repeat(end - start) + phone.slice(end);
}

/** The characters maskPhone hides: '13812345678' → '1234' (what the new-device dialog asks for). */
export function phoneMiddle(phone: string): string {
  const [start, end] = middleWindow(phone.length);
  return phone.slice(start, end);
}

/**
 * 'abcdef@x.com' → 'ab****@x.com': the first 2 characters of the local part (1 when it has 2 or
 * fewer), then a fixed '****' so the length is not revealed; the domain stays visible.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at >= 0 ? email.slice(0, at) : email;
  const domain = at >= 0 ? email.slice(at) : '';
  const keep = [...local].slice(0, local.length > 2 ? 2 : 1).join('');
  return `${keep}****${domain}`;
}

/** '张三丰' → '张**': the first character, then one '*' per remaining character. */
export function maskRealName(name: string): string {
  const chars = [...name];
  if (chars.length === 0) return '';
  return chars[0] + '*'.repeat(chars.length - 1);
}
