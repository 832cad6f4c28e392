import type { Db } from '../../db/connect.ts';
import type { CasinoGameTable } from '../../db/schema.ts';
import { gameArtUrl, venueArtUrl } from '../casino/art.ts';
import { catalogueRepository, storedTags } from '../casino/repository.ts';
import { HOUSE_CASINO_ADAPTER } from '../casino/seed.ts';
import { venueRepository } from '../wallet/repository.ts';
import { tableFigures } from '@portal/games';
import { HOUSE_CARDS_QP, HOUSE_LOTTERY_CP, HOUSE_TABLES_ZR, TABLES, declaredRtpBp, type TableConfig } from './config.ts';

const VENUES = [
  { channel_code: HOUSE_TABLES_ZR, name: '自营娱乐场', name_tw: '自營娛樂場', category: 'ZR', sort: 6 },
  { channel_code: HOUSE_LOTTERY_CP, name: '自营彩票', name_tw: '自營彩票', category: 'CP', sort: 7 },
  { channel_code: HOUSE_CARDS_QP, name: '自营棋牌', name_tw: '自營棋牌', category: 'QP', sort: 8 },
];

/** A table's catalogue row at a brand: its lowest bet's exact RTP rounded down, its main bet's volatility, its limits' range. */
function tableRow(t: TableConfig, siteCode: number, rtpBp: number, now: number): CasinoGameTable {
  const limits = Object.values(t.limits);
  return {
    site_code: siteCode,
    code: t.code,
    channel_code: t.channelCode,
    category: t.category,
    name_cn: t.names['zh-CN'],
    name_tw: t.names['zh-TW'],
    art: gameArtUrl(t.code),
    tags: storedTags(t.sort === 1 ? ['hot'] : []),
    rtp_bp: rtpBp,
    volatility: tableFigures(t.kind, t.variant ?? 'commission').main.volatility,
    min_bet: Math.min(...limits.map((l) => l.min)),
    max_bet: Math.max(...limits.map((l) => l.max)),
    sort: t.sort,
    status: 'active',
    pool_code: null,
    updated_at: now,
    updated_by: 'seed',
  };
}

/**
 * The house tables (CRZR, ZR) and lottery draws (CRCP, CP) at the demo brands: their venues (the house venue
 * adapter: the venue wallet is our ledger) and one catalogue row per table. Idempotent: the operator's sort,
 * tags and status stay.
 */
export async function seedTables(db: Db, siteCodes: readonly number[], now = Date.now()): Promise<void> {
  for (const v of VENUES) {
    await venueRepository.upsert(db, {
      channel_code: v.channel_code,
      name: v.name,
      category: v.category,
      adapter: HOUSE_CASINO_ADAPTER,
      currency: 'CNY',
      status: 'active',
      sort: v.sort,
    });
    await catalogueRepository.seedVenueFace(db, { channel_code: v.channel_code, name_tw: v.name_tw, art: venueArtUrl(v.channel_code) });
  }
  for (const t of TABLES) {
    const rtp = declaredRtpBp(t);
    for (const site of siteCodes) await catalogueRepository.seedGame(db, tableRow(t, site, rtp, now));
  }
}
