import type { Config } from '../../config.ts';
import { hmacHex } from '../../lib/crypto.ts';

/** The sandbox aggregator's id (modules/seamless/sandboxAggregator.ts): configured only with sandbox providers. */
export const SANDBOX_AGGREGATOR = 'SANDBOX';

/**
 * Aggregator id → HMAC secret: the configured ones (SEAMLESS_AGGREGATORS), and the sandbox aggregator only
 * when the providers are sandboxes — which production refuses (config.ts), so production never accepts it.
 */
export function seamlessAggregators(config: Config): Map<string, string> {
  const out = new Map(Object.entries(config.seamlessAggregators));
  if (config.providers === 'sandbox') out.set(SANDBOX_AGGREGATOR, hmacHex(config.codePepper, 'seamless-sandbox-aggregator'));
  return out;
}
