export { LegalRoot } from './LegalRoot.tsx';
/** Full-page terms and privacy (routes /app/help/gztk and /app/help/ysgz use the same content). */
export function TermsPage() {
  return null;
}
export function PrivacyPage() {
  return null;
}
