import { NewsletterStepPage } from '../components/newsletter/newsletter-step-page';
import { newsletterSteps } from '../content/newsletter';
import { noindexMeta } from '../lib/page-meta';

const step = newsletterSteps.confirm;

export const meta = () => noindexMeta(step.seo);

export default function NewsletterPage() {
  return <NewsletterStepPage step={step} />;
}
