/**
 * Identity keys of a person across brands: sha-256 of what identifies them — the verified
 * phone, the e-mail, the verified identity document, and the real name with the date of birth. An all-brands
 * exclusion keeps its keys; a member (or a registration) with one of them is excluded too.
 */
import { sha256Hex } from '../../lib/crypto.ts';

/** Name + date of birth: spaces and the middle dot of transcribed names dropped, Latin letters lower-cased. */
export function nameDobKey(realName: string, birthday: string): string {
  const name = realName
    .normalize('NFKC')
    .replace(/[\s·•・.]/g, '')
    .toLowerCase();
  return sha256Hex(`namedob:${name}:${birthday.trim()}`);
}

export const phoneKey = (areaCode: string | null, phone: string) => sha256Hex(`phone:${areaCode ?? ''}:${phone}`);
export const emailKey = (email: string) => sha256Hex(`email:${email.toLowerCase()}`);
