import { NewsletterStepPage } from '../components/newsletter/newsletter-step-page';
import { newsletterSteps } from '../content/newsletter';
import { pages } from '../content/pages';
import { noindexMeta } from '../lib/page-meta';

const step = newsletterSteps.unsubscribe;

export const meta = () => noindexMeta(pages.newsletterUnsubscribe, step.seo);

export default function NewsletterPage() {
  return <NewsletterStepPage step={step} />;
}
