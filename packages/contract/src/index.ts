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
export * from './api/wallet.ts';
export * from './api/deposit.ts';
export * from './api/withdraw.ts';
export * from './countryAreas.ts';
import { userApi } from './api/user.ts';
import { siteApi } from './api/site.ts';
import { recordsApi, walletApi } from './api/wallet.ts';
import { depositApi } from './api/deposit.ts';
import { withdrawApi } from './api/withdraw.ts';
import type { Endpoint } from './endpoint.ts';

/** Every endpoint of the contract, for route registration, the OpenAPI document and the fuzz suite. */
export const ALL_ENDPOINTS: readonly Endpoint[] = [...Object.values(siteApi), ...Object.values(userApi), ...Object.values(walletApi), ...Object.values(recordsApi), ...Object.values(depositApi), ...Object.values(withdrawApi)];
