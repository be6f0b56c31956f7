import { FaqList } from '../components/faq/faq-list';
import { PageHero } from '../components/ui/page-hero';
import { faqSeo } from '../content/faq';
import { pages } from '../content/pages';
import { pageMeta } from '../lib/page-meta';
import { renderingContent, useSiteContent } from '../lib/site-content';
import { faqData } from '../lib/structured-data';

export const meta = () => pageMeta(pages.faq, faqSeo, [faqData(renderingContent().faq.items)]);

export default function FaqPage() {
  const { faq } = useSiteContent();
  return (
    <>
      <PageHero {...faq.hero} />
      <div className="bg-slate-50">
        <div className="container-page max-w-4xl py-16 sm:py-20">
          <FaqList items={faq.items} />
        </div>
      </div>
    </>
  );
}
