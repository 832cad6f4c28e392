import { supportApi as api } from '@portal/contract';
import { route, type Route } from '../../http/pipeline.ts';
import type { SupportService } from './service.ts';

/** The built-in service desk: a member's or a visitor's conversation. */
export function supportRoutes(support: SupportService): Route[] {
  return [route(api.thread, (i, ctx) => support.thread(ctx, i)), route(api.send, (i, ctx) => support.send(ctx, i))];
}
