/** The house sportsbook's web pages: the TY category page, the sportsbook itself, the bet record. */
export { SportPage } from './SportPage.tsx';
export { LocalSportPage } from './LocalSportPage.tsx';
export { BetRecordPage } from './BetRecordPage.tsx';
