/**
 * Staff sign-in: password (argon2id) then a TOTP code (RFC 6238, 30 s, 6 digits) or a one-time
 * recovery code. A staff member without a second factor yet enrols at the second step: the answer of the first
 * carries the secret and its otpauth:// address, and the first good code turns it on and hands out the
 * recovery codes (shown once). Sessions end after CONSOLE_LIMITS.IDLE_MINUTES without a call, and after
 * SESSION_HOURS in any case. The console sends the token as `Authorization: Bearer <token>`.
 */
import { z } from 'zod';
import { consoleEndpoint } from './endpoint.ts';
import { PERMISSIONS, ROLES } from './roles.ts';

const tag = 'Console auth';

export const CONSOLE_LIMITS = {
  IDLE_MINUTES: 30,
  /** A command-line token (auth/cliToken) is good once, for this long. */
  CLI_TOKEN_MINUTES: 10,
  SESSION_HOURS: 12,
  /** A challenge (between password and code) lives this long. */
  CHALLENGE_MINUTES: 5,
  /** Wrong passwords or codes in a row before the account locks for LOCK_MINUTES. */
  MAX_FAILURES: 5,
  LOCK_MINUTES: 15,
  RECOVERY_CODES: 10,
  PASSWORD_MIN: 10,
  PAGE_SIZE_MAX: 200,
} as const;

export const staffWire = z.object({
  id: z.number(),
  username: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(ROLES)),
  /** The brands this staff member works on; null = every brand of the deployment. */
  sites: z.array(z.number()).nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
  totpEnabled: z.boolean(),
});
export type StaffWire = z.infer<typeof staffWire>;

const username = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9_.-]+$/);
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/);
const recoveryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{8,24}$/);

export const consoleAuthApi = {
  login: consoleEndpoint({
    path: 'auth/login',
    permission: 'none',
    tag,
    summary: 'Step 1: username and password. Answers a challenge for step 2 (and, before enrolment, the TOTP secret to enrol).',
    request: z.strictObject({ username, password: z.string().min(1).max(128) }),
    response: z.object({
      challenge: z.string(),
      enrol: z.object({ secret: z.string(), otpauthUrl: z.string() }).nullable(),
    }),
  }),
  verify: consoleEndpoint({
    path: 'auth/verify',
    permission: 'none',
    tag,
    summary: 'Step 2: a TOTP code (or a recovery code). A code is good once: a replay is refused (6036).',
    request: z.strictObject({ challenge: z.string().min(16).max(128), code: code.optional(), recoveryCode: recoveryCode.optional() }),
    response: z.object({
      token: z.string(),
      staff: staffWire,
      /** Only when this sign-in enrolled the second factor: shown once, stored hashed. */
      recoveryCodes: z.array(z.string()).nullable(),
    }),
  }),
  me: consoleEndpoint({
    path: 'auth/me',
    permission: 'staff',
    tag,
    summary: 'The signed-in staff member, roles, brands and permissions.',
    request: z.strictObject({}),
    response: staffWire,
  }),
  logout: consoleEndpoint({
    path: 'auth/logout',
    permission: 'staff',
    tag,
    summary: 'End this session.',
    request: z.strictObject({}),
    response: z.null(),
  }),
  changePassword: consoleEndpoint({
    path: 'auth/changePassword',
    permission: 'staff',
    mutates: true,
    tag,
    summary: "Change one's own password (the current one and a TOTP code).",
    request: z.strictObject({
      oldPassword: z.string().min(1).max(128),
      newPassword: z.string().min(CONSOLE_LIMITS.PASSWORD_MIN).max(128),
      code,
    }),
    response: z.null(),
  }),
  cliToken: consoleEndpoint({
    path: 'auth/cliToken',
    permission: 'staff',
    mutates: true,
    tag,
    summary:
      'A one-time token for one money command of the command line (STAFF_TOKEN=… npm run ops -- withdraw:approve …): it acts as this staff member, with their permissions, once, within CLI_TOKEN_MINUTES.',
    request: z.strictObject({}),
    response: z.object({ token: z.string(), expiresAt: z.number() }),
  }),
};
