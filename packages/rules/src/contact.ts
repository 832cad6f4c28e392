/**
 * E-mail and phone rules (spec §5 e-mail format, forgot password phone/email, new device).
 */
import { COUNTRY_AREAS, LIMITS } from '@portal/contract';
import { RULE_MESSAGES as M, isBlank, type ValidationResult } from './messages.ts';

/**
 * Spec §5 "no spaces, contains @ and a dot after it": one '@' with something before it, and a
 * dot after it with something on both sides. \s also covers the full-width space U+3000.
 */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Exactly 4 ASCII digits (spec §9 phone middle digits 4). */
const PHONE_MIDDLE_SHAPE = new RegExp(`^\\d{${LIMITS.PHONE_MIDDLE_DIGITS}}$`);

/** China mobile (spec §5 default): the first country area. */
const DEFAULT_PHONE_REGEX = COUNTRY_AREAS[0]?.regex ?? '^(\\+?86)?1\\d{10}$';

/** Compiled patterns by source, so a form re-validating on each keystroke does not recompile. */
const compiled = new Map<string, RegExp | null>();

function compile(source: string): RegExp | null {
  if (!compiled.has(source)) {
    let re: RegExp | null = null;
    try {
      re = new RegExp(source);
    } catch {
      re = null; // A broken pattern from the server rejects every number rather than crashing the form.
    }
    if (compiled.size > 256) compiled.clear(); // Bounded: patterns come from data.
    compiled.set(source, re);
  }
  return compiled.get(source) ?? null;
}

/** E-mail format only (spec §5); empty is not an e-mail either. Callers check "required" first. */
export function validateEmail(v: string): ValidationResult {
  return EMAIL_SHAPE.test(v) ? null : M.EMAIL_INVALID;
}

/** Forgot password e-mail: required, valid, at most 40 (spec §5, §9). */
export function validateForgotEmail(v: string): ValidationResult {
  if (isBlank(v)) return M.EMAIL_REQUIRED;
  if (v.length > LIMITS.EMAIL_MAX) return M.EMAIL_INVALID;
  return validateEmail(v);
}

/**
 * Phone number against the selected country's regex (default China), spec §5. The field takes
 * at most 11 characters (spec §9 phone max 11), so a longer value is rejected too.
 */
export function validatePhone(v: string, regexSource: string = DEFAULT_PHONE_REGEX): ValidationResult {
  if (isBlank(v) || v.length > LIMITS.PHONE_MAX) return M.PHONE_INVALID;
  const re = compile(regexSource);
  return re !== null && re.test(v) ? null : M.PHONE_INVALID;
}

/** New device: the 4 masked middle digits of the bound phone (spec §5, §9). */
export function validatePhoneMiddle(v: string): ValidationResult {
  return PHONE_MIDDLE_SHAPE.test(v) ? null : M.PHONE_MIDDLE_INVALID;
}
