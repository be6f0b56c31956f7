import { ServiceSection } from '../components/services/service-section';
import { PageHero } from '../components/ui/page-hero';
import { servicesPage, servicesSeo } from '../content/services-page';
import { services } from '../content/services';
import { pages } from '../content/pages';
import { pageMeta } from '../lib/page-meta';
import { servicesData } from '../lib/structured-data';

export const meta = () => pageMeta(pages.services, servicesSeo, [servicesData(services)]);

export default function ServicesPage() {
  return (
    <>
      <PageHero {...servicesPage.hero} />
      {services.map((service, index) => (
        <ServiceSection key={service.id} service={service} shaded={index % 2 === 1} />
      ))}
    </>
  );
}
