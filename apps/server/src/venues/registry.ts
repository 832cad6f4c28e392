import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { VenueTable } from '../db/schema.ts';
import { VenueRefused, type VenueAdapter } from './adapter.ts';
import { SandboxVenue } from './sandbox.ts';
import { hmacHex } from '../lib/crypto.ts';
import { HOUSE_CASINO, HOUSE_SPORTSBOOK, HouseVenue } from './sportsbook/venue.ts';

/** A venue with no live integration configured: balances read 0 and every transfer is refused. */
class UnconfiguredVenue implements VenueAdapter {
  async balance() {
    return 0;
  }
  async transferIn(): Promise<void> {
    throw new VenueRefused('venue not configured');
  }
  async transferOut(): Promise<void> {
    throw new VenueRefused('venue not configured');
  }
  async queryTransfer() {
    return 'not_found' as const;
  }
}

/** Adapter per venue row: sandbox venues only with sandbox providers (refused in production by config). */
export function venueAdapters(config: Config, db: Db, sandboxOverrides: Partial<SandboxVenue['opts']> = {}) {
  const sandbox =
    config.providers === 'sandbox'
      ? new SandboxVenue(db, {
          delayMs: config.sandboxDelayMs,
          failRate: config.sandboxFailRate,
          lostAnswerRate: config.sandboxLostAnswerRate,
          ...sandboxOverrides,
        })
      : null;
  const unconfigured = new UnconfiguredVenue();
  // The house venues are ours, not sandboxes: they run in every mode (the sportsbook's odds feed is what may be a sandbox).
  // The house sportsbook and the house slots share one adapter: their books are our ledger (venue wallet accounts by channel).
  const house = new HouseVenue(db, hmacHex(config.codePepper, 'house-sportsbook-venue-token'));
  return {
    sandbox,
    house,
    adapterFor: (v: VenueTable): VenueAdapter =>
      v.adapter === HOUSE_SPORTSBOOK || v.adapter === HOUSE_CASINO ? house : v.adapter === 'sandbox' && sandbox ? sandbox : unconfigured,
  };
}
