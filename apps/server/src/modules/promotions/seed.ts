import type { Db } from '../../db/connect.ts';
import { promotionRow } from './admin.ts';
import { demoPromotions } from './demo.ts';
import { promoRepository } from './repository.ts';

/** Demo promotions of these brands: missing ones are inserted; an existing one (ended, settled) is left as it is. */
export async function seedPromotions(db: Db, siteCodes: readonly number[], now = Date.now()): Promise<void> {
  for (const siteCode of siteCodes) for (const p of demoPromotions(siteCode)) await promoRepository.insert(db, promotionRow(p, now));
}
