export type { HelpPage, HelpGroup } from './pages.tsx';
export { HELP_PAGES, HELP_GROUPS } from './pages.tsx';
export { HelpLayout } from './HelpLayout.tsx';
export { SupportPage } from './SupportPage.tsx';
export { ContentArticle, ContentDoc, useContentDoc } from './content/ContentDoc.tsx';
export type { ContentDocData, ContentSection } from './content/types.ts';
