import { LegalDocumentView } from '../components/legal/legal-document-view';
import { privacy, privacySeo } from '../content/privacy';
import { pages } from '../content/pages';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta(pages.privacy, privacySeo);

export default function PrivacyPage() {
  return <LegalDocumentView document={privacy} />;
}
