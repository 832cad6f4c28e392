/**
 * The demo data of a deployment, seeded through each module's own seeding function (the module owns its
 * rows and its repository; db/ knows no module). Idempotent: missing rows are inserted, operator edits stay.
 */
import type { Db } from './db/connect.ts';
import { seedDepositChannels } from './modules/deposit/seed.ts';
import { seedMessages } from './modules/messages/seed.ts';
import { seedPromotions } from './modules/promotions/seed.ts';
import { DEMO_SITES, seedSites } from './modules/site/seed.ts';
import { seedLadders } from './modules/vip/seed.ts';
import { seedVenues } from './modules/wallet/seed.ts';
import { seedCatalogue } from './modules/casino/seed.ts';
import { seedTables } from './modules/tables/seed.ts';
import { seedFishing } from './modules/fishing/seed.ts';
import { seedAggregatorCatalogue } from './modules/seamless/catalogue.ts';

export interface SeedOptions {
  /**
   * Sandbox providers (config.providers === 'sandbox'): the sandbox game aggregator's venues and games
   * (modules/seamless/catalogue.ts) are seeded too. Never in production, whose providers are live.
   */
  sandbox?: boolean;
}

/** Idempotent: inserts missing brands and venues; an existing brand keeps its operator's settings and its client key. */
export async function seed(db: Db, now = Date.now(), o: SeedOptions = {}): Promise<void> {
  await seedSites(db, now);
  await seedVenues(db);
  await seedCatalogue(
    db,
    DEMO_SITES.map((s) => s.siteCode),
    now,
  );
  await seedTables(
    db,
    DEMO_SITES.map((s) => s.siteCode),
    now,
  );
  await seedFishing(
    db,
    DEMO_SITES.map((s) => s.siteCode),
    now,
  );
  if (o.sandbox)
    await seedAggregatorCatalogue(
      db,
      DEMO_SITES.map((s) => s.siteCode),
      now,
    );
  await seedDepositChannels(db);
  await seedPromotions(
    db,
    DEMO_SITES.map((s) => s.siteCode),
    now,
  );
  await seedMessages(db, now);
  await seedLadders(db, now);
}
