import { bigWinsApi } from '@portal/contract';
import { route, type Route } from '../../http/pipeline.ts';
import type { BigWinsService } from './bigWins.ts';

/** The lobby's recent big wins (guests see them too: names are masked). */
export function bigWinsRoutes(service: BigWinsService): Route[] {
  return [route(bigWinsApi.recentBigWins, (i, ctx) => service.recent(ctx.site.siteCode, ctx.locale, i.category))];
}
