import { ThankYouLinks } from '../components/quote/thank-you-links';
import { PageHero } from '../components/ui/page-hero';
import { thankYouFilesNotKept } from '../content/system-pages';
import { pages } from '../content/pages';
import { noindexMeta } from '../lib/page-meta';

export const meta = () => noindexMeta(pages.thankYouFilesNotKept, thankYouFilesNotKept.seo);

/**
 * Where a quote request sent without JavaScript lands when the server took it without its files:
 * the site had stored its limit of files for the day.
 */
export default function ThankYouFilesNotKeptPage() {
  return (
    <>
      <PageHero {...thankYouFilesNotKept.hero} />
      <section className="container-page py-16">
        <p
          role="status"
          className="max-w-2xl rounded-lg bg-amber-50 px-4 py-3 text-lg font-medium text-amber-900"
        >
          {thankYouFilesNotKept.notice}
        </p>
        <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-600">{thankYouFilesNotKept.text}</p>
        <ThankYouLinks />
      </section>
    </>
  );
}
