import type { Config } from '../../config.ts';
import { hmacHex } from '../../lib/crypto.ts';
import { SEAMLESS_ADAPTER_PREFIX } from '../../venues/adapter.ts';

/** The sandbox aggregator's id (modules/seamless/sandboxAggregator.ts): configured only with sandbox providers. */
export const SANDBOX_AGGREGATOR = 'SANDBOX';

/** The adapter of an aggregator's venues in the wallet's `venues` (no venue wallet: venues/adapter.ts isSeamlessVenue). */
export const seamlessAdapter = (aggregatorId: string) => `${SEAMLESS_ADAPTER_PREFIX}${aggregatorId}`;

/**
 * The sandbox aggregator's hosted game page (dev only, modules/seamless/devRoutes.ts): RELATIVE to the
 * portal's origin (the web prefixes it), as a real aggregator's absolute url would not be.
 */
export const SANDBOX_LAUNCH_URL = '/dev/seamless/play?code={code}&game={game}&lang={lang}';

/**
 * Aggregator id → HMAC secret: the configured ones (SEAMLESS_AGGREGATORS), and the sandbox aggregator only
 * when the providers are sandboxes — which production refuses (config.ts), so production never accepts it.
 */
export function seamlessAggregators(config: Config): Map<string, string> {
  const out = new Map(Object.entries(config.seamlessAggregators));
  if (config.providers === 'sandbox') out.set(SANDBOX_AGGREGATOR, hmacHex(config.codePepper, 'seamless-sandbox-aggregator'));
  return out;
}

/**
 * Aggregator id → its game launch url template (`{token}` or `{code}`: the one-time launch code; `{game}`, `{lang}`, `{player}`): the configured
 * ones (SEAMLESS_LAUNCH_URLS, absolute), and the sandbox aggregator's relative page only with sandbox providers.
 */
export function seamlessLaunchUrls(config: Config): Map<string, string> {
  const out = new Map(Object.entries(config.seamlessLaunchUrls));
  if (config.providers === 'sandbox') out.set(SANDBOX_AGGREGATOR, SANDBOX_LAUNCH_URL);
  return out;
}
