/** Fishing's calls (packages/contract api/fishing.ts): halls and seeds are public; the rest are the seated member's. */
import { fishingApi as api } from '@portal/contract';
import { memberRoute, route, type Route } from '../../http/pipeline.ts';
import type { FishingService } from './service.ts';

export function fishingRoutes(f: FishingService): Route[] {
  return [
    route(api.fishHalls, (_i, ctx) => f.halls(ctx)),
    memberRoute(api.fishJoin, (i, ctx) => f.join(ctx, i.hall)),
    memberRoute(api.fishState, (i, ctx) => f.state(ctx, i), { lean: true }),
    // Lean: a shot needs only the member's id, site and name.
    memberRoute(api.fishShoot, (i, ctx) => f.shoot(ctx, i), { lean: true }),
    memberRoute(api.fishLeave, (i, ctx) => f.leave(ctx, i.roomId)),
    route(api.fishSeeds, (i) => f.seeds(i.roomId)),
    memberRoute(api.fishShots, (i, ctx) => f.shots(ctx, i)),
  ];
}
