/** VIP and welfare pages under /mine: grade and progress, ladder, welfare claims, rebate records. */
export { VipPage } from './VipPage.tsx';
export { VipDetailPage } from './VipDetailPage.tsx';
export { WelfarePage } from './WelfarePage.tsx';
