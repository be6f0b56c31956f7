import { LegalDocumentView } from '../components/legal/legal-document-view';
import { privacy, privacySeo } from '../content/privacy';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta(privacySeo);

export default function PrivacyPage() {
  return <LegalDocumentView document={privacy} />;
}
