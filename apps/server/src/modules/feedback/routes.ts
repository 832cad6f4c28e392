import { feedbackApi as api } from '@portal/contract';
import { memberRoute, type Route } from '../../http/pipeline.ts';
import type { FeedbackService } from './service.ts';

/** The member's own feedback only: another member's id answers 6004. */
export function feedbackRoutes(f: FeedbackService): Route[] {
  return [
    memberRoute(api.add, (i, ctx) => f.add(ctx, i)),
    memberRoute(api.unreadNum, async (_i, ctx) => ({ count: await f.unreadReplies(ctx.member.id) })),
    memberRoute(api.list, (i, ctx) => f.list(ctx.member.id, i.pageNum, i.pageSize)),
    memberRoute(api.info, (i, ctx) => f.info(ctx.member.id, i.id)),
    memberRoute(api.del, async (i, ctx) => {
      await f.remove(ctx.member.id, i.id);
      return null;
    }),
  ];
}
