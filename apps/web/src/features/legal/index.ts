export { LegalRoot } from './LegalRoot.tsx';
/** Full-page terms and privacy (routes /app/help/gztk and /app/help/ysgz use the same content). */
export { TermsPage, PrivacyPage, TermsContent, PrivacyContent, type LegalDocKind } from './LegalDocs.tsx';
