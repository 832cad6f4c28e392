export * from './status.ts';
export * from './messages.ts';
export * from './limits.ts';
export * from './headers.ts';
export * from './envelope.ts';
export * from './endpoint.ts';
export * from './crypto.ts';
export * from './api/common.ts';
export * from './api/user.ts';
export * from './api/site.ts';
export * from './seamless.ts';
export * from './api/wallet.ts';
export * from './api/deposit.ts';
export * from './api/withdraw.ts';
export * from './api/vip.ts';
export * from './api/activity.ts';
export * from './api/sport.ts';
export * from './api/messages.ts';
export * from './api/casino.ts';
export * from './api/bigWins.ts';
export * from './api/slots.ts';
export * from './api/tables.ts';
export * from './api/sportAnswers.ts';
export * from './api/resource.ts';
export * from './resourceCall.ts';
export * from './api/support.ts';
export * from './api/protection.ts';
export * from './venue.ts';
export * from './countryAreas.ts';
export * from './realtime.ts';
export * from './api/fishing.ts';
export * from './liveChat.ts';
export * from './pvp.ts';
export * from './api/live.ts';
import { userApi } from './api/user.ts';
import { siteApi } from './api/site.ts';
import { recordsApi, walletApi } from './api/wallet.ts';
import { depositApi } from './api/deposit.ts';
import { withdrawApi } from './api/withdraw.ts';
import { vipApi } from './api/vip.ts';
import { activityApi } from './api/activity.ts';
import { gameApi, sportApi } from './api/sport.ts';
import { feedbackApi, messagesApi } from './api/messages.ts';
import { casinoApi } from './api/casino.ts';
import { bigWinsApi } from './api/bigWins.ts';
import { tablesApi } from './api/tables.ts';
import { supportApi } from './api/support.ts';
import { protectionApi } from './api/protection.ts';
import { fishingApi } from './api/fishing.ts';
import { liveApi } from './api/live.ts';
import type { Endpoint } from './endpoint.ts';

/** Every endpoint of the contract, for route registration, the OpenAPI document and the fuzz suite. */
export const ALL_ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(siteApi),
  ...Object.values(messagesApi),
  ...Object.values(feedbackApi),
  ...Object.values(userApi),
  ...Object.values(walletApi),
  ...Object.values(recordsApi),
  ...Object.values(depositApi),
  ...Object.values(withdrawApi),
  ...Object.values(vipApi),
  ...Object.values(activityApi),
  ...Object.values(gameApi),
  ...Object.values(sportApi),
  ...Object.values(casinoApi),
  ...Object.values(bigWinsApi),
  ...Object.values(tablesApi),
  ...Object.values(supportApi),
  ...Object.values(protectionApi),
  ...Object.values(fishingApi),
  ...Object.values(liveApi),
];
