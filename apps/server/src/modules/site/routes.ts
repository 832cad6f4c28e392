import { COUNTRY_AREAS, siteApi as api } from '@portal/contract';
import { route, type Route } from '../../http/pipeline.ts';
import { brandUrl, publicFlags, serviceUrl } from './repository.ts';

export function siteRoutes(): Route[] {
  return [
    route(api.preInfo, async (_i, ctx) => {
      const s = ctx.site;
      return {
        ip: ctx.ip,
        siteBaseConfig: {
          siteCode: s.siteCode,
          title: s.title,
          h5DomainUrl: brandUrl(ctx),
          theme: s.theme,
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
