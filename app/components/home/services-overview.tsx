import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { serviceHref } from '../../content/navigation';
import type { HomeContent, ServiceContent } from '../../../common/site-content/site-content';
import { contentIcons } from '../ui/content-icon';
import { IconBadge } from '../ui/icon-badge';
import { SectionHeading } from '../ui/section-heading';

/** The three service cards of the home page. */
export function ServicesOverview({
  overview: { cards, ...heading },
  services,
}: {
  overview: HomeContent['servicesOverview'];
  services: readonly ServiceContent[];
}) {
  const shown = cards.flatMap((id) => services.filter((service) => service.id === id));
  return (
    <section aria-labelledby="services-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="container-page">
        <SectionHeading id="services-heading" align="center" {...heading} />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {shown.map((service) => (
            <li
              key={service.id}
              className="group relative flex flex-col rounded-2xl bg-white p-7 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-1 hover:shadow-lg"
            >
              <IconBadge icon={contentIcons[service.icon]} />
              <h3 className="mt-5 text-xl font-semibold">
                <Link to={serviceHref(service.id)} className="after:absolute after:inset-0 after:rounded-2xl">
                  {service.title}
                </Link>
              </h3>
              <p className="mt-3 flex-1 leading-7 text-slate-600">{service.summary}</p>
              <span
                aria-hidden="true"
                className="mt-5 inline-flex items-center gap-1 font-semibold text-brand-700"
              >
                Learn more <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" />
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
