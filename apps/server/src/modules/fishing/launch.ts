/**
 * launch for the fishing venue (CRBY): a hall listed and open at the brand (6004 / 6415), or the venue's lobby. The
 * hall's page seats the player (fishing/join): no venue token is needed, the calls are the member's own.
 */
import { LIMITS } from '@portal/contract';
import type { VenueTable } from '../../db/schema.ts';
import type { CatalogueService } from '../casino/service.ts';
import type { MemberCaller } from '../user/caller.ts';

export async function fishingLaunch(catalogue: Pick<CatalogueService, 'playable'>, ctx: MemberCaller, v: VenueTable, gameCode: string) {
  if (gameCode !== LIMITS.VENUE_LOBBY_GAME_CODE) await catalogue.playable(ctx.site.siteCode, gameCode);
  return { url: '', data: { enName: v.channel_code, token: '', expiresAt: 0, gameCode } };
}
