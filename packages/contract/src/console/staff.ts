/** Staff accounts, brands and the audit log. */
import { z } from 'zod';
import { CONSOLE_LIMITS } from './auth.ts';
import { consoleSite, pageFields, pageOf, siteCode } from './common.ts';
import { consoleEndpoint } from './endpoint.ts';
import { ROLES } from './roles.ts';

const tag = 'Console staff';

export const staffRow = z.object({
  id: z.number(),
  username: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(ROLES)),
  sites: z.array(z.number()).nullable(),
  ipAllowList: z.array(z.string()),
  disabled: z.boolean(),
  totpEnabled: z.boolean(),
  lastLoginAt: z.number().nullable(),
  createdAt: z.number(),
});
export type StaffRow = z.infer<typeof staffRow>;

/** An IPv4/IPv6 address or CIDR block. */
const ipEntry = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f:.]+(\/\d{1,3})?$/);

export const auditRow = z.object({
  id: z.number(),
  at: z.number(),
  actor: z.string(),
  /** 'staff' (console) or 'ops' (command line). */
  actorKind: z.string(),
  siteCode: z.number().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  outcome: z.string(),
  hash: z.string(),
});

export const consoleStaffApi = {
  sites: consoleEndpoint({
    path: 'sites',
    permission: 'staff',
    tag,
    summary: 'The brands the signed-in staff member works on.',
    request: z.strictObject({}),
    response: z.array(consoleSite),
  }),
  list: consoleEndpoint({
    path: 'staff/list',
    permission: 'staff.read',
    tag,
    summary: 'Staff accounts (a brand-scoped reader sees the staff of their brands).',
    request: z.strictObject({ ...pageFields, keyword: z.string().trim().max(32).optional() }),
    response: pageOf(staffRow),
  }),
  create: consoleEndpoint({
    path: 'staff/create',
    permission: 'staff.write',
    tag,
    summary: 'A new staff account; they enrol their second factor at their first sign-in.',
    request: z.strictObject({
      username: z
        .string()
        .trim()
        .min(3)
        .max(32)
        .regex(/^[A-Za-z0-9_.-]+$/),
      displayName: z.string().trim().min(1).max(32),
      password: z.string().min(CONSOLE_LIMITS.PASSWORD_MIN).max(128),
      roles: z.array(z.enum(ROLES)).min(1),
      sites: z.array(siteCode).min(1).nullable(),
      ipAllowList: z.array(ipEntry).max(50).default([]),
    }),
    response: staffRow,
  }),
  update: consoleEndpoint({
    path: 'staff/update',
    permission: 'staff.write',
    tag,
    summary: "Change a staff member's roles, brands, IP allow-list or state (disabling ends their sessions).",
    request: z.strictObject({
      id: z.number().int(),
      displayName: z.string().trim().min(1).max(32).optional(),
      roles: z.array(z.enum(ROLES)).min(1).optional(),
      sites: z.array(siteCode).min(1).nullable().optional(),
      ipAllowList: z.array(ipEntry).max(50).optional(),
      disabled: z.boolean().optional(),
    }),
    response: staffRow,
  }),
  resetTotp: consoleEndpoint({
    path: 'staff/resetTotp',
    permission: 'staff.write',
    tag,
    summary: "Clear a staff member's second factor and recovery codes (they enrol again) and end their sessions.",
    request: z.strictObject({ id: z.number().int() }),
    response: z.null(),
  }),
  resetPassword: consoleEndpoint({
    path: 'staff/resetPassword',
    permission: 'staff.write',
    tag,
    summary: 'Set a new password for a staff member and end their sessions.',
    request: z.strictObject({ id: z.number().int(), password: z.string().min(CONSOLE_LIMITS.PASSWORD_MIN).max(128) }),
    response: z.null(),
  }),
  auditList: consoleEndpoint({
    path: 'audit/list',
    permission: 'audit.read',
    tag,
    summary: 'The audit log, newest first: every staff action and ops command (brand-scoped readers see their brands).',
    request: z.strictObject({
      ...pageFields,
      siteCode: siteCode.optional(),
      actor: z.string().trim().max(64).optional(),
      action: z.string().trim().max(64).optional(),
      from: z.number().int().optional(),
      to: z.number().int().optional(),
    }),
    response: pageOf(auditRow),
  }),
  auditVerify: consoleEndpoint({
    path: 'audit/verify',
    permission: 'audit.read',
    tag,
    summary: "Walk the audit log's hash chain: every row's hash and its link to the previous row.",
    request: z.strictObject({}),
    response: z.object({ ok: z.boolean(), rows: z.number(), brokenAt: z.number().nullable(), problem: z.string().nullable() }),
  }),
};
