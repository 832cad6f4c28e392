/**
 * Brand configuration from preInfo (spec §3 "Preinfo", §7). The shape mirrors
 * packages/contract/src/api/site.ts; only the fields this page reads are required here.
 */
import { post, STATUS_SUCCESS, TransportError } from './api.ts';

export const PRE_INFO_PATH = '/site/api/v1/configuration/preInfo';

export interface SiteTheme {
  primaryColor: string;
  logoText: string;
  mode: 'light' | 'dark';
}

export interface SiteBaseConfig {
  siteCode: number;
  title: string;
  h5DomainUrl: string;
  theme: SiteTheme;
  flags: Record<string, boolean | string>;
  clientKey: string;
  safeSwitch: boolean;
  loginCaptcha: 'always' | 'risk';
  registerOpen: boolean;
  customerServiceUrl: string;
}

export interface PreInfo {
  ip: string;
  siteBaseConfig: SiteBaseConfig;
}

/** A failed preInfo call, carrying the server's user-facing message when there was one. */
export class PreInfoError extends Error {
  override readonly name = 'PreInfoError';
  constructor(
    message: string,
    readonly statusCode: number | null,
  ) {
    super(message);
  }
}

export async function fetchPreInfo(signal?: AbortSignal): Promise<PreInfo> {
  try {
    const envelope = await post<PreInfo>(PRE_INFO_PATH, {}, signal);
    if (envelope.status_code !== STATUS_SUCCESS) throw new PreInfoError(envelope.message, envelope.status_code);
    return envelope.data;
  } catch (error) {
    if (error instanceof TransportError) throw new PreInfoError(error.message, null);
    throw error;
  }
}
