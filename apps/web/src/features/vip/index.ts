/** VIP and welfare pages under /mine (issue 6, item 2): grade and progress, ladder, welfare claims, rebate records, points exchange. */
export { VipPage } from './VipPage.tsx';
export { VipDetailPage } from './VipDetailPage.tsx';
export { WelfarePage, ExchangePage } from './WelfarePage.tsx';
