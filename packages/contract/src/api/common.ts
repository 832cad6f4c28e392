import { z } from 'zod';
import { LIMITS } from '../limits.ts';

/** md5 hex as sent by the client for every password field (spec §3 register/login payloads). */
export const md5Hex = z.string().regex(/^[0-9a-fA-F]{32}$/);
/** Captcha kind: 0 slider, 1 image, 99 already verified (auto-login after register / device code). */
export const kaptchcate = z.union([z.literal(0), z.literal(1), z.literal(99), z.enum(['0', '1', '99'])]).transform(Number);
export const ktype = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.enum(['1', '2', '3', '4'])]).transform(Number);
export const codeId = z.string().min(1).max(64);
export const captchaCode = z.string().max(LIMITS.IMAGE_CAPTCHA_CODE_MAX);
export const smsCode = z.string().max(LIMITS.VERIFICATION_CODE_LENGTH);
export const username = z.string().max(64);
export const phone = z.string().max(20);
export const areaCode = z
  .string()
  .regex(/^\+\d{1,4}$/)
  .optional();
export const email = z.string().max(LIMITS.EMAIL_MAX);
export const empty = z.strictObject({});
export const ok = z.null();
export const sendCate = z.enum(['0', '1', '2']);
