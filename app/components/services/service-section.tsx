import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { quoteHref } from '../../content/navigation';
import type { Service } from '../../content/services';
import { CheckList } from '../ui/check-list';
import { contentIcons } from '../ui/content-icon';
import { IconBadge } from '../ui/icon-badge';

/** One service on the services page; its id is the anchor the footer links to. */
export function ServiceSection({ service, shaded }: { service: Service; shaded: boolean }) {
  return (
    <section
      id={service.id}
      aria-labelledby={`${service.id}-heading`}
      className={shaded ? 'bg-slate-50' : 'bg-white'}
    >
      <div className="container-page grid gap-10 py-16 sm:py-20 lg:grid-cols-[1fr_1.1fr] lg:gap-16">
        <div>
          <IconBadge icon={contentIcons[service.icon]} />
          <h2 id={`${service.id}-heading`} className="mt-5 text-3xl font-bold tracking-tight sm:text-4xl">
            {service.title}
          </h2>
          <p className="mt-5 text-lg leading-8 text-slate-600">{service.description}</p>
          <Link
            to={quoteHref}
            className="mt-7 inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-900"
          >
            {service.quoteLabel}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <div className="rounded-2xl bg-white p-7 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h3 className="text-lg font-semibold">What we offer</h3>
          <CheckList items={service.bullets} className="mt-5 text-slate-700" />
        </div>
      </div>
    </section>
  );
}
