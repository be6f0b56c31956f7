import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
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
        <div className="mt-8 flex flex-wrap gap-4">
          <Link to="/services" className="btn-primary">
            Explore our services
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
          <Link to="/FAQ" className="btn border border-slate-300 text-ink hover:bg-slate-50">
            Read the FAQ
          </Link>
        </div>
      </section>
    </>
  );
}
