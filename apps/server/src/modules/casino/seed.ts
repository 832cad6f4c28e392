import { catalogueEntry, SLOT_FIGURES, TITLES, type SlotDef } from '@portal/games';
import type { Db } from '../../db/connect.ts';
import type { CasinoGameTable } from '../../db/schema.ts';
import { venueRepository } from '../wallet/repository.ts';
import { HOUSE_CASINO } from '../../venues/sportsbook/venue.ts';
import { gameArtUrl, venueArtUrl } from './art.ts';
import { poolRepository } from './pools.ts';
import { catalogueRepository, storedTags } from './repository.ts';

/**
 * The house game venue: the house slots (packages/games) under DZ. Its channel code follows the house
 * sportsbook's CRTY: CR + the category. Its wallet adapter (house_casino) is the house
 * venue adapter (venues/registry.ts); its rounds are modules/casino/slots.ts.
 */
export const HOUSE_CASINO_DZ = 'CRDZ';
export const HOUSE_CASINO_ADAPTER = HOUSE_CASINO;

/** zh-TW names of the deployment's venues (their zh-CN name is the wallet's `venues.name`). */
const VENUE_NAMES_TW: Record<string, string> = {
  CRTY: '體育',
  SBZR: '星辰真人',
  SBQP: '錦繡棋牌',
  SBDZ: '幻彩電子',
  [HOUSE_CASINO_DZ]: '自營電子',
};

/** The lobby's first picks: tags and sort of each title at the demo brands (operators change them with game:set). */
const DEMO_LOBBY: Record<string, { tags: string[]; sort: number }> = {
  H5001: { tags: ['hot'], sort: 1 },
  H5002: { tags: ['new'], sort: 2 },
  H5003: { tags: ['hot', 'jackpot'], sort: 3 },
  H5004: { tags: ['new'], sort: 4 },
};

export const poolCodeOf = (gameCode: string) => `JP_${gameCode}`;

/** A title's catalogue row at a brand: every declared figure from the title's own catalogue entry (packages/games). */
export function titleRow(def: SlotDef, siteCode: number, now: number): CasinoGameTable {
  const t = catalogueEntry(def);
  const lobby = DEMO_LOBBY[t.code] ?? { tags: [], sort: 100 };
  return {
    site_code: siteCode,
    code: t.code,
    channel_code: HOUSE_CASINO_DZ,
    category: 'DZ',
    name_cn: t.names['zh-CN'],
    name_tw: t.names['zh-TW'],
    art: gameArtUrl(t.code),
    tags: storedTags(t.hasJackpot && !lobby.tags.includes('jackpot') ? [...lobby.tags, 'jackpot'] : lobby.tags),
    rtp_bp: SLOT_FIGURES[t.code]!.rtpBp, // the exact RTP rounded down, not the declared round figure
    volatility: t.volatility,
    min_bet: t.minBetFen,
    max_bet: t.maxBetFen,
    sort: lobby.sort,
    status: 'active',
    pool_code: t.hasJackpot ? poolCodeOf(t.code) : null,
    updated_at: now,
    updated_by: 'seed',
  };
}

/**
 * The catalogue of the demo brands: the house DZ venue and its four slot titles with their declared
 * figures, the jackpot pool of the jackpot title (funded once with its seed), and the lobby's face (zh-TW
 * name, art) of every venue. The sandbox venues are listed under their categories with no games: they
 * have none that can be played. Idempotent: the operator's sort, tags and status stay.
 */
export async function seedCatalogue(db: Db, siteCodes: readonly number[], now = Date.now()): Promise<void> {
  await venueRepository.upsert(db, {
    channel_code: HOUSE_CASINO_DZ,
    name: '自营电子',
    category: 'DZ',
    adapter: HOUSE_CASINO_ADAPTER,
    currency: 'CNY',
    status: 'active',
    sort: 5,
  });
  for (const v of await venueRepository.all(db)) {
    await catalogueRepository.seedVenueFace(db, {
      channel_code: v.channel_code,
      name_tw: VENUE_NAMES_TW[v.channel_code] ?? v.name,
      art: venueArtUrl(v.channel_code),
    });
  }
  for (const def of TITLES) {
    if (def.jackpot) {
      await poolRepository.ensure(db, {
        code: poolCodeOf(def.code),
        game_code: def.code,
        channel_code: HOUSE_CASINO_DZ,
        feed_bp: def.jackpot.feedBasisPoints,
        seed_fen: def.jackpot.seedFen,
        currency: 'CNY',
        created_at: now,
      });
    }
    for (const site of siteCodes) await catalogueRepository.seedGame(db, titleRow(def, site, now));
  }
}
