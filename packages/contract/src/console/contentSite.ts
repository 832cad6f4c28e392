/**
 * Brand settings of the console: a brand's title, addresses, customer-service address,
 * sign-up and captcha switches, the public flags of spec §1 (preInfo) and the compliance settings (never sent
 * to a browser). Validated strictly: an unknown flag is refused (6007), so a typo never lands in flags_json.
 */
import { z } from 'zod';
import { siteComplianceFlags, siteFlags } from '../api/site.ts';
import { siteCode } from './common.ts';
import { consoleEndpoint } from './endpoint.ts';

const tag = 'Console brand settings';

/** A host name (no scheme, no port, no path), lower case when stored. */
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/);
/** Empty, or an absolute http(s) address. */
const address = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .max(300)
    .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/),
]);
/** The flags of spec §1 that may be unset (their default applies). */
export const OPTIONAL_FLAGS = ['regulatedPace', 'apiPerIpPerMin', 'validTurnoverMinOdds'] as const;

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const siteSettings = z.object({
  siteCode: z.number(),
  title: z.string(),
  domains: z.array(z.string()),
  h5DomainUrl: z.string(),
  /** Empty: the built-in desk (/support). */
  csUrl: z.string(),
  registerOpen: z.boolean(),
  loginCaptcha: z.enum(['always', 'risk']),
  safeSwitch: z.boolean(),
  ipCheck: z.boolean(),
  primaryColor: z.string(),
  flags: siteFlags,
  compliance: siteComplianceFlags,
});
export type SiteSettings = z.infer<typeof siteSettings>;

export const consoleSiteApi = {
  siteGet: consoleEndpoint({
    path: 'site/get',
    permission: 'site.read',
    tag,
    summary: "A brand's settings, flags and compliance settings.",
    request: z.strictObject({ siteCode }),
    response: siteSettings,
  }),
  siteUpdate: consoleEndpoint({
    path: 'site/update',
    permission: 'site.write',
    tag,
    summary:
      "Change a brand's settings: what is given replaces what is stored (flags key by key, the compliance settings as a whole). Every node has it within 30 s, this one at once.",
    request: z.strictObject({
      siteCode,
      title: z.string().trim().min(1).max(40).optional(),
      domains: z.array(domain).min(1).max(20).optional(),
      h5DomainUrl: address.optional(),
      csUrl: z.union([address, z.literal('/support')]).optional(),
      registerOpen: z.boolean().optional(),
      loginCaptcha: z.enum(['always', 'risk']).optional(),
      safeSwitch: z.boolean().optional(),
      ipCheck: z.boolean().optional(),
      primaryColor: hexColour.optional(),
      flags: siteFlags.partial().strict().optional(),
      /** Optional flags to remove (back to their default), e.g. apiPerIpPerMin. */
      clearFlags: z.array(z.enum(OPTIONAL_FLAGS)).max(OPTIONAL_FLAGS.length).optional(),
      /** Replaces the stored compliance settings as a whole (an absent key is off). */
      compliance: siteComplianceFlags.strict().optional(),
    }),
    response: siteSettings,
  }),
};
