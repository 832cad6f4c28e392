/**
 * Username and password rules (spec §5): register, login and forgot-password forms.
 * Login enforces no format (spec §5 "Login does not enforce format rules").
 */
import { LIMITS } from '@portal/contract';
import { RULE_MESSAGES as M, isBlank, type ValidationResult } from './messages.ts';

/** The register username field accepts at most this many characters (spec §5 "input limited to 11"). */
export const USERNAME_INPUT_MAX = LIMITS.USERNAME_MAX;

/** The password fields accept at most this many characters (spec §9 password 8-12). */
export const PASSWORD_INPUT_MAX = LIMITS.PASSWORD_MAX;

/** First a letter, then letters or digits; 4-11 characters in all (spec §5, §9). */
const USERNAME_SHAPE = new RegExp(`^[A-Za-z][A-Za-z0-9]{${LIMITS.USERNAME_MIN - 1},${LIMITS.USERNAME_MAX - 1}}$`);

/** 8-12 letters and digits with at least one of each (spec §5, §9). */
const PASSWORD_SHAPE = new RegExp(`^(?=[^A-Za-z]*[A-Za-z])(?=\\D*\\d)[A-Za-z0-9]{${LIMITS.PASSWORD_MIN},${LIMITS.PASSWORD_MAX}}$`);

/** Spec §5 "whitespace stripped": removes every whitespace character, inside the name too. */
export function normalizeUsername(v: string): string {
  return v.replace(/\s+/g, '');
}

/** True when the name has the register shape; used by the validator and by server-side checks. */
export function isValidRegisterUsername(v: string): boolean {
  if (!USERNAME_SHAPE.test(v)) return false;
  const letters = v.replace(/[^A-Za-z]/g, '').length;
  const digits = v.length - letters;
  return letters >= 2 && digits >= 1; // "at least 2 letters and 1 digit"
}

/** True when the password has the register shape (8-12, letters and digits, at least one of each). */
export function isValidPassword(v: string): boolean {
  return PASSWORD_SHAPE.test(v);
}

/** Register username (spec §5). Validates the value as given; normalize with normalizeUsername first. */
export function validateRegisterUsername(v: string): ValidationResult {
  if (isBlank(v)) return M.USERNAME_REQUIRED;
  return isValidRegisterUsername(v) ? null : M.USERNAME_FORMAT;
}

/** Login username: required only (spec §5). */
export function validateLoginUsername(v: string): ValidationResult {
  return isBlank(v) ? M.USERNAME_REQUIRED : null;
}

/** Login password: required only (spec §5). */
export function validateLoginPassword(v: string): ValidationResult {
  return isBlank(v) ? M.PASSWORD_REQUIRED : null;
}

/** Register password (spec §5). */
export function validateRegisterPassword(v: string): ValidationResult {
  if (isBlank(v)) return M.PASSWORD_REQUIRED;
  return isValidPassword(v) ? null : M.PASSWORD_FORMAT;
}

/** Register repeat password: the same rule, then equal to the password (spec §5). */
export function validateRepeatPassword(password: string, repeat: string): ValidationResult {
  const shape = validateRegisterPassword(repeat);
  if (shape) return shape;
  return repeat === password ? null : M.PASSWORD_MISMATCH;
}

/** The terms-and-privacy checkbox must be ticked (spec §5). */
export function validateAgree(agreed: boolean): ValidationResult {
  return agreed === true ? null : M.AGREE_REQUIRED;
}

/** Forgot password step 1 username: required, at most 30 (spec §5; no other message exists). */
export function validateForgotUsername(v: string): ValidationResult {
  if (isBlank(v) || v.length > LIMITS.FORGOT_USERNAME_MAX) return M.FORGOT_USERNAME_REQUIRED;
  return null;
}

/** Forgot password step 3 new password: required, then the register rule (spec §5). */
export function validateNewPassword(v: string): ValidationResult {
  if (isBlank(v)) return M.NEW_PASSWORD_REQUIRED;
  return isValidPassword(v) ? null : M.PASSWORD_FORMAT;
}

/** Forgot password step 3 confirmation: equal to the new password (spec §5). */
export function validateConfirmNewPassword(password: string, confirm: string): ValidationResult {
  return confirm === password ? null : M.NEW_PASSWORD_MISMATCH;
}
