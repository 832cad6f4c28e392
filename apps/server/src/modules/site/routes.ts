import type { FastifyInstance } from 'fastify';
import { COUNTRY_AREAS, siteApi as api } from '@portal/contract';
import { localeOf } from '../../http/context.ts';
import { notFoundEnvelope } from '../../http/envelopeHooks.ts';
import { route, type Route } from '../../http/pipeline.ts';
import { brandArt } from './art.ts';
import { appleTouchIcon, ART_HEADERS, brandArtFile, manifestOf } from './brandArt.ts';
import type { ZhTwForms } from '../../lib/zhTW.ts';
import { brandUrl, publicFlags, serviceUrl } from './repository.ts';
import type { SiteService } from './service.ts';

export function siteRoutes(zhTW: ZhTwForms): Route[] {
  return [
    route(api.preInfo, async (_i, ctx) => {
      const s = ctx.site;
      return {
        ip: ctx.ip,
        siteBaseConfig: {
          siteCode: s.siteCode,
          title: s.title,
          titles: { 'zh-CN': s.title, 'zh-TW': await zhTW.deepAsync(s.title) },
          h5DomainUrl: brandUrl(ctx),
          theme: { ...s.theme, logoUrl: s.theme.logoUrl || brandArt.logo(s.siteCode) },
          flags: publicFlags(s.flags),
          clientKey: s.clientKey,
          safeSwitch: s.safeSwitch,
          loginCaptcha: s.loginCaptcha,
          registerOpen: s.registerOpen,
          customerServiceUrl: serviceUrl(s),
        },
      };
    }),
    route(api.queryCountryArea, async (i) => {
      const q = i.area?.trim();
      return COUNTRY_AREAS.filter((a) => !q || a.areaName.includes(q) || a.areaCode.includes(q)).map(({ areaName, areaCode, regex }) => ({
        areaName,
        areaCode,
        regex,
      }));
    }),
    route(api.onlineCustomService, async (_i, ctx) => ({ url: serviceUrl(ctx.site) })),
  ];
}

/** The brand's installable web app and art (brandArt.ts): the manifest and the apple-touch-icon of the Host's brand, /brand-art/<site>/<file>. */
export function registerBrandArt(app: FastifyInstance, sites: SiteService): void {
  const hostSite = (host: string | undefined) => {
    try {
      return sites.resolve(undefined, host);
    } catch {
      return null;
    }
  };
  app.get('/manifest.webmanifest', async (req, reply) => {
    const site = hostSite(req.headers.host);
    if (!site) return reply.status(404).send(notFoundEnvelope(localeOf(req)));
    return reply
      .header('cache-control', 'no-cache')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(manifestOf(site)));
  });
  app.get('/brand-art/apple-touch-icon.png', async (req, reply) => {
    const site = hostSite(req.headers.host);
    if (!site) return reply.status(404).send(notFoundEnvelope(localeOf(req)));
    return reply
      .headers({ ...ART_HEADERS, 'cache-control': 'no-cache' })
      .type('image/png')
      .send(appleTouchIcon(site));
  });
  app.get('/brand-art/:site/:file', async (req, reply) => {
    const { site: code, file } = req.params as { site: string; file: string };
    const site = /^\d{1,9}$/.test(code) ? sites.get(Number(code)) : undefined;
    const art = site ? brandArtFile(site, file) : null;
    if (!art) return reply.status(404).send(notFoundEnvelope(localeOf(req)));
    return reply.headers(ART_HEADERS).type(art.type).send(art.body);
  });
}
