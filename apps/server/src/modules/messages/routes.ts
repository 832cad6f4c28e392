import { messagesApi as api } from '@portal/contract';
import { memberRoute, route, type Route } from '../../http/pipeline.ts';
import type { MessageService } from './service.ts';

/** Letters (the member's own copies only), notices and advertising of the caller's brand. */
export function messageRoutes(m: MessageService): Route[] {
  return [
    memberRoute(api.unreadForType, (_i, ctx) => m.unread(ctx.member.id)),
    memberRoute(api.letterList, (i, ctx) => m.letters(ctx.member.id, i.type, i.pageNum, i.pageSize)),
    memberRoute(api.letterRead, (i, ctx) => m.read(ctx.member.id, i.id)),
    memberRoute(api.letterDelete, (i, ctx) => m.remove(ctx.member.id, i.ids)),
    memberRoute(api.letterReadAll, (i, ctx) => m.readAll(ctx.member.id, i.type)),
    route(api.noticeList, (i, ctx) => m.notices(ctx.site.siteCode, { category: i.category, marquee: i.marquee }, i.pageNum, i.pageSize)),
    route(api.navigationList, (i, ctx) => m.ads(ctx.site.siteCode, i.position ?? 'nav', ctx.locale)),
    route(api.sponsorContent, (_i, ctx) => m.ads(ctx.site.siteCode, 'sponsor', ctx.locale)),
  ];
}
