import { FaqList } from '../components/faq/faq-list';
import { PageHero } from '../components/ui/page-hero';
import { faqHero, faqItems, faqSeo } from '../content/faq';
import { pages } from '../content/pages';
import { pageMeta } from '../lib/page-meta';
import { faqData } from '../lib/structured-data';

export const meta = () => pageMeta(pages.faq, faqSeo, [faqData(faqItems)]);

export default function FaqPage() {
  return (
    <>
      <PageHero {...faqHero} />
      <div className="bg-slate-50">
        <div className="container-page max-w-4xl py-16 sm:py-20">
          <FaqList />
        </div>
      </div>
    </>
  );
}
