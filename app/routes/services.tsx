import { ServiceSection } from '../components/services/service-section';
import { PageHero } from '../components/ui/page-hero';
import { servicesSeo } from '../content/services-page';
import { pages } from '../content/pages';
import { pageMeta } from '../lib/page-meta';
import { renderingContent, useSiteContent } from '../lib/site-content';
import { servicesData } from '../lib/structured-data';

export const meta = () =>
  pageMeta(pages.services, servicesSeo, [servicesData(renderingContent().services.services)]);

export default function ServicesPage() {
  const { hero, services } = useSiteContent().services;
  return (
    <>
      <PageHero {...hero} />
      {services.map((service, index) => (
        <ServiceSection key={service.id} service={service} shaded={index % 2 === 1} />
      ))}
    </>
  );
}
