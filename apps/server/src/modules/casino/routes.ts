import type { FastifyInstance } from 'fastify';
import { casinoApi as api, gameApi, tablesApi } from '@portal/contract';
import type { TableService } from '../tables/service.ts';
import { localeOf } from '../../http/context.ts';
import { notFoundEnvelope } from '../../http/envelopeHooks.ts';
import { memberRoute, route, type Route } from '../../http/pipeline.ts';
import { venueRepository } from '../wallet/repository.ts';
import type { Db } from '../../db/connect.ts';
import { artLocale, gameSvg, venueSvg } from './art.ts';
import type { CatalogueService } from './service.ts';
import type { GameEntry } from './entry.ts';

/** The lobby calls of spec §7 Game: venues per category, the game list, favourites, jackpot pools. */
export function casinoRoutes(c: CatalogueService, entry: GameEntry, tables: TableService): Route[] {
  return [
    // Lean (Route.lean): launching, betting and spinning need only the member's id, not the member row.
    memberRoute(gameApi.launch, (i, ctx) => entry.launch(ctx, i), { lean: true }),
    memberRoute(gameApi.resource, (i, ctx) => entry.resource(ctx, i), { lean: true }),
    route(api.getVenueInfoByCategory, (i, ctx) => c.venues(ctx, i.category)),
    route(api.gameList, (i, ctx) => c.games(ctx, i)),
    memberRoute(api.addCollection, (i, ctx) => c.addCollection(ctx, i.gameCode)),
    memberRoute(api.removeCollection, (i, ctx) => c.removeCollection(ctx, i.gameCode)),
    route(api.getBonusPools, (i, ctx) => c.bonusPools(ctx, i.gameCode)),
    // The house tables and lottery draws as they are now: guests watch.
    route(tablesApi.tableLobby, (i, ctx) => tables.lobby(ctx, i.category)),
  ];
}

/** Generated art, immutable for a given build: cached for a day; the same locked-down headers as the avatars. */
const ART_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'cache-control': 'public, max-age=86400',
  'content-disposition': 'inline',
};

/** GET /game-art/<gameCode>.svg (house titles) and /game-art/venue/<channelCode>.svg (every venue). */
export function registerGameArt(app: FastifyInstance, db: Db): void {
  app.get('/game-art/:name', async (req, reply) => {
    const m = /^([A-Za-z0-9_-]{1,32})\.svg$/.exec((req.params as { name: string }).name);
    const svg = m ? gameSvg(m[1]!, artLocale(req.query)) : null;
    if (!svg) return reply.status(404).send(notFoundEnvelope(localeOf(req)));
    return reply.headers(ART_HEADERS).type('image/svg+xml').send(svg);
  });
  app.get('/game-art/venue/:name', async (req, reply) => {
    const m = /^([A-Za-z0-9_]{2,32})\.svg$/.exec((req.params as { name: string }).name);
    const venue = m ? await venueRepository.current(db, m[1]!) : undefined;
    if (!venue) return reply.status(404).send(notFoundEnvelope(localeOf(req)));
    return reply.headers(ART_HEADERS).type('image/svg+xml').send(venueSvg(venue.category));
  });
}
