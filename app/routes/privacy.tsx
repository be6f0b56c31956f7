import { LegalDocumentView } from '../components/legal/legal-document-view';
import { pageSeo } from '../content/pages';
import { privacy } from '../content/privacy';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta(pageSeo['/privacypolicy']);

export default function PrivacyPage() {
  return <LegalDocumentView document={privacy} />;
}
