/**
 * The endpoints whose answers carry data written in zh-CN — the brand, operator content (notices, marquee,
 * advertising, letters, promotions, VIP grades), venue and game names, the sportsbook's leagues, teams and
 * market labels: in zh-TW their texts are answered in their Traditional form (lib/zhTW.ts, converted once).
 *
 * Not listed: answers that carry what a member wrote (feedback, support threads) or their own data (the
 * profile, the real name a withdrawal is checked against) — those go back as they were written — and answers
 * whose texts are the message catalogue's own (already in the request's language).
 */
import {
  activityApi,
  casinoApi,
  depositApi,
  messagesApi,
  recordsApi,
  siteApi,
  gameApi,
  sportApi,
  tablesApi,
  vipApi,
  walletApi,
  type Endpoint,
} from '@portal/contract';

export const ZH_TW_CONTENT: ReadonlySet<Endpoint> = new Set<Endpoint>([
  siteApi.preInfo,
  siteApi.queryCountryArea,
  messagesApi.noticeList,
  messagesApi.navigationList,
  messagesApi.sponsorContent,
  messagesApi.letterList,
  activityApi.config,
  activityApi.verification,
  activityApi.confirmInfo,
  activityApi.exchangeRecord,
  activityApi.myDiscountAd,
  activityApi.depositRewardConfig,
  casinoApi.getVenueInfoByCategory,
  casinoApi.gameList,
  casinoApi.getBonusPools,
  tablesApi.tableLobby,
  vipApi.gradeConfigList,
  vipApi.gradeInfoByGrade,
  vipApi.fanshuiHighLow,
  vipApi.vipWeekInfo,
  vipApi.welfareList,
  vipApi.rebateRecords,
  walletApi.getBalance,
  walletApi.allBalance,
  walletApi.venueBalance,
  recordsApi.queryDealRecord,
  depositApi.types,
  depositApi.vCurrencyList,
  gameApi.resource,
  sportApi.betRecordList,
]);
