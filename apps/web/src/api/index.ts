export { call, clearRequestCache, handleLoginExpired, CLIENT_VERSION, REQUEST_TIMEOUT_MS, type CallOptions } from './client.ts';
export { ApiError, isApiError, errorMessage, NETWORK_ERROR, NETWORK_MESSAGE, TIMEOUT_MESSAGE } from './errors.ts';
export { loadSite, useSite, currentSite, subscribeSite, getSiteState, type PreInfo, type SiteBaseConfig, type SiteState } from './site.ts';
export { md5 } from './md5.ts';
export { userApi, siteApi, walletApi } from '@portal/contract';
