import { ThankYouLinks } from '../components/quote/thank-you-links';
import { PageHero } from '../components/ui/page-hero';
import { thankYou } from '../content/system-pages';
import { pages } from '../content/pages';
import { noindexMeta } from '../lib/page-meta';

export const meta = () => noindexMeta(pages.thankYou, thankYou.seo);

/** Where a quote request sent without JavaScript lands after the server has stored it. */
export default function ThankYouPage() {
  return (
    <>
      <PageHero {...thankYou.hero} />
      <section className="container-page py-16">
        <p className="max-w-2xl text-lg leading-8 text-slate-600">{thankYou.text}</p>
        <ThankYouLinks />
      </section>
    </>
  );
}
