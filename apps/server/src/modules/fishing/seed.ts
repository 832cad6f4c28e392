/**
 * The fishing venue (CRBY, category BY, the house venue adapter: its wallet is our ledger) and one catalogue row per
 * hall at the demo brands. Idempotent: the operator's sort, tags and status stay.
 */
import { CANNON_LEVELS_FEN, FISH_HALLS, FISH_RTP_NUM } from '@portal/games';
import type { Db } from '../../db/connect.ts';
import { gameArtUrl, venueArtUrl } from '../casino/art.ts';
import { catalogueRepository, storedTags } from '../casino/repository.ts';
import { HOUSE_CASINO_ADAPTER } from '../casino/seed.ts';
import { venueRepository } from '../wallet/repository.ts';
import { FISHING_CATEGORY, FISHING_VENUE } from './config.ts';

const FISHING_VENUE_NAMES = { 'zh-CN': '自营捕鱼', 'zh-TW': '自營捕魚' };

export async function seedFishing(db: Db, siteCodes: readonly number[], now = Date.now()): Promise<void> {
  await venueRepository.upsert(db, {
    channel_code: FISHING_VENUE,
    name: FISHING_VENUE_NAMES['zh-CN'],
    category: FISHING_CATEGORY,
    adapter: HOUSE_CASINO_ADAPTER,
    currency: 'CNY',
    status: 'active',
    sort: 8,
  });
  await catalogueRepository.seedVenueFace(db, {
    channel_code: FISHING_VENUE,
    name_tw: FISHING_VENUE_NAMES['zh-TW'],
    art: venueArtUrl(FISHING_VENUE),
  });
  for (const [i, h] of FISH_HALLS.entries())
    for (const site of siteCodes)
      await catalogueRepository.seedGame(db, {
        site_code: site,
        code: h.code,
        channel_code: FISHING_VENUE,
        category: FISHING_CATEGORY,
        name_cn: h.names['zh-CN'],
        name_tw: h.names['zh-TW'],
        art: gameArtUrl(h.code),
        tags: storedTags(i === 0 ? ['hot'] : []),
        rtp_bp: FISH_RTP_NUM, // the RTP in basis points: exact (every shot returns 96.50%)
        volatility: 'high',
        min_bet: CANNON_LEVELS_FEN[h.minLevel]!,
        max_bet: CANNON_LEVELS_FEN[h.maxLevel]!,
        sort: i + 1,
        status: 'active',
        pool_code: null,
        updated_at: now,
        updated_by: 'seed',
      });
}
