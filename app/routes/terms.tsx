import { LegalDocumentView } from '../components/legal/legal-document-view';
import { terms, termsSeo } from '../content/terms';
import { pages } from '../content/pages';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta(pages.terms, termsSeo);

export default function TermsPage() {
  return <LegalDocumentView document={terms} />;
}
