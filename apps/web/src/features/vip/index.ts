/** VIP and welfare pages under /mine (issue 6, item 2): grade and progress, ladder, welfare claims, rebate records. */
export { VipPage } from './VipPage.tsx';
export { VipDetailPage } from './VipDetailPage.tsx';
export { WelfarePage } from './WelfarePage.tsx';
