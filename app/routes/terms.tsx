import { LegalDocumentView } from '../components/legal/legal-document-view';
import { pageSeo } from '../content/pages';
import { terms } from '../content/terms';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta(pageSeo['/termsandconditions']);

export default function TermsPage() {
  return <LegalDocumentView document={terms} />;
}
