import { LegalDocumentView } from '../components/legal/legal-document-view';
import { terms, termsSeo } from '../content/terms';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta(termsSeo);

export default function TermsPage() {
  return <LegalDocumentView document={terms} />;
}
