import { Link } from 'react-router';
import { PageHero } from '../components/ui/page-hero';
import { notFound } from '../content/system-pages';
import { pages } from '../content/pages';
import { noindexMeta } from '../lib/page-meta';

export const meta = () => noindexMeta(pages.notFound, notFound.seo);

/** Every unknown path: the server sends this page with status 404. */
export default function NotFoundPage() {
  return (
    <>
      <PageHero {...notFound.hero} />
      <section aria-labelledby="not-found-links" className="container-page py-16">
        <h2 id="not-found-links" className="text-2xl font-bold">
          {notFound.linksTitle}
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {notFound.destinations.map((item) => (
            <li
              key={item.to}
              className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 hover:ring-brand-300"
            >
              <Link
                to={item.to}
                className="text-lg font-semibold text-brand-700 after:absolute after:inset-0"
              >
                {item.label}
              </Link>
              <p className="mt-2 text-slate-600">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
