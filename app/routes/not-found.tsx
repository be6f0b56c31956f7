import { Link } from 'react-router';
import { PageHero } from '../components/ui/page-hero';
import { pageSeo } from '../content/pages';
import { noindexMeta } from '../lib/page-meta';

export const meta = () => noindexMeta(pageSeo['/404']);

const destinations = [
  { to: '/', label: 'Home page', text: 'Start again from the beginning.' },
  { to: '/services', label: 'Our services', text: 'Software, marketing, design and consulting.' },
  { to: '/contact', label: 'Contact us', text: 'Our office, email and phone number.' },
  { to: '/FAQ', label: 'FAQ', text: 'Answers to common questions.' },
] as const;

/** Every unknown path: the server sends this page with status 404. */
export default function NotFoundPage() {
  return (
    <>
      <PageHero
        eyebrow="Error 404"
        title="Page not found"
        lead="Sorry, we could not find the page you were looking for. It may have moved, or the address may be mistyped."
      />
      <section aria-labelledby="not-found-links" className="container-page py-16">
        <h2 id="not-found-links" className="text-2xl font-bold">
          Where would you like to go?
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {destinations.map((item) => (
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
