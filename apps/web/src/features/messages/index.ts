/** Messages and feedback pages under /mine. */
export { MessagePage } from './MessagePage.tsx';
export { FeedbackPage } from './FeedbackPage.tsx';
export { FeedbackListPage } from './FeedbackListPage.tsx';
export { SupportPage } from './SupportPage.tsx';
