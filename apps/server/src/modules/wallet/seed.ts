import type { Db } from '../../db/connect.ts';
import type { VenueTable } from '../../db/schema.ts';
import { venueRepository } from './repository.ts';

/**
 * Venues of the deployment. CRTY is the embedded sports venue: the house sportsbook, reached
 * through its venue adapter like a third party (a real one replaces it by changing the adapter).
 */
export const DEMO_VENUES: VenueTable[] = [
  { channel_code: 'CRTY', name: '体育', category: 'TY', adapter: 'house_sportsbook', currency: 'CNY', status: 'active', sort: 1 },
  { channel_code: 'SBZR', name: '星辰真人', category: 'ZR', adapter: 'sandbox', currency: 'CNY', status: 'active', sort: 2 },
  { channel_code: 'SBQP', name: '锦绣棋牌', category: 'QP', adapter: 'sandbox', currency: 'CNY', status: 'active', sort: 3 },
  { channel_code: 'SBDZ', name: '幻彩电子', category: 'DZ', adapter: 'sandbox', currency: 'CNY', status: 'active', sort: 4 },
];

export async function seedVenues(db: Db): Promise<void> {
  for (const v of DEMO_VENUES) await venueRepository.upsert(db, v);
}
