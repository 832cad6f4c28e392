import { protectionApi as api } from '@portal/contract';
import { memberRoute, type Route } from '../../http/pipeline.ts';
import type { KycService } from './kyc.ts';
import type { ProtectionService } from './service.ts';

/** The player's protection tools. KYC submissions go to the identity-verification service. */
export function protectionRoutes(p: ProtectionService, kyc: Pick<KycService, 'submit'>): Route[] {
  return [
    memberRoute(api.state, (_i, ctx) => p.state(ctx)),
    memberRoute(api.setLimit, (i, ctx) => p.setLimit(ctx, i)),
    memberRoute(api.setSessionLimit, (i, ctx) => p.setSessionLimit(ctx, i)),
    memberRoute(api.confirmLimit, (i, ctx) => p.confirmLimit(ctx, i)),
    memberRoute(api.cancelPending, (i, ctx) => p.cancelPending(ctx, i)),
    memberRoute(api.setRealityCheck, (i, ctx) => p.setRealityCheck(ctx, i)),
    memberRoute(api.realityCheck, (_i, ctx) => p.realityCheck(ctx)),
    memberRoute(api.realityAnswer, (i, ctx) => p.realityAnswer(ctx, i)),
    memberRoute(api.exclude, (i, ctx) => p.exclude(ctx, i)),
    memberRoute(api.history, (i, ctx) => p.history(ctx, i)),
    memberRoute(api.kycSubmit, async (i, ctx) => {
      await kyc.submit(ctx, i);
      return p.state(ctx);
    }),
  ];
}
