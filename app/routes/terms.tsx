import { LegalDocumentView } from '../components/legal/legal-document-view';
import { termsSeo } from '../content/terms';
import { pages } from '../content/pages';
import { pageMeta } from '../lib/page-meta';
import { useSiteContent } from '../lib/site-content';

export const meta = () => pageMeta(pages.terms, termsSeo);

export default function TermsPage() {
  return <LegalDocumentView document={useSiteContent().terms} />;
}
