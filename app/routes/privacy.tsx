import { LegalDocumentView } from '../components/legal/legal-document-view';
import { privacySeo } from '../content/privacy';
import { pages } from '../content/pages';
import { pageMeta } from '../lib/page-meta';
import { useSiteContent } from '../lib/site-content';

export const meta = () => pageMeta(pages.privacy, privacySeo);

export default function PrivacyPage() {
  return <LegalDocumentView document={useSiteContent().privacy} />;
}
