/** Terms and conditions and privacy policy (spec §9), as bare content and as full pages. */
import { ContentDoc } from '../help/content/ContentDoc.tsx';
import './legal.css';

export type LegalDocKind = 'terms' | 'privacy';

/** The document alone: used inside the help centre (/app/help/gztk, /app/help/ysgz). */
export function TermsContent() {
  return <ContentDoc ns="legal" docKey="terms" idPrefix="terms" />;
}

export function PrivacyContent() {
  return <ContentDoc ns="legal" docKey="privacy" idPrefix="privacy" />;
}

/** Full pages: the document in its own card. */
export function TermsPage() {
  return (
    <div className="legal-page">
      <TermsContent />
    </div>
  );
}

export function PrivacyPage() {
  return (
    <div className="legal-page">
      <PrivacyContent />
    </div>
  );
}
