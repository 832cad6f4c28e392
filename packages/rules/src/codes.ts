/**
 * Verification-code and captcha rules (spec §5 forgot password code, new device, image captcha).
 */
import { LIMITS } from '@portal/contract';
import { RULE_MESSAGES as M, isBlank, type ValidationResult } from './messages.ts';

/** Exactly 6 ASCII digits (spec §9 verification code 6 digits). */
const CODE_SHAPE = new RegExp(`^\\d{${LIMITS.VERIFICATION_CODE_LENGTH}}$`);

/** True when the value is a well-formed verification code. */
export function isVerificationCode(v: string): boolean {
  return CODE_SHAPE.test(v);
}

/** Forgot password step 2 code: required, then 6 digits (spec §5, §9). */
export function validateCode(v: string): ValidationResult {
  if (isBlank(v)) return M.CODE_REQUIRED;
  return isVerificationCode(v) ? null : M.CODE_INVALID;
}

/**
 * New-device code (spec §5): a code must have been requested first, then exactly 6 digits.
 * `requested` is true once an SMS or voice code was sent for this dialog.
 */
export function validateDeviceCode(v: string, requested: boolean): ValidationResult {
  if (!requested) return M.CODE_NOT_REQUESTED;
  return isVerificationCode(v) ? null : M.DEVICE_CODE_INVALID;
}

/** Image captcha code: required, at most 10 (spec §5, §9). */
export function validateImageCaptcha(v: string): ValidationResult {
  if (isBlank(v)) return M.CODE_REQUIRED;
  return v.length > LIMITS.IMAGE_CAPTCHA_CODE_MAX ? M.CODE_INVALID : null;
}
