import { ServiceSection } from '../components/services/service-section';
import { PageHero } from '../components/ui/page-hero';
import { pageSeo } from '../content/pages';
import { services } from '../content/services';
import { pageMeta } from '../lib/page-meta';
import { servicesData } from '../lib/structured-data';

export const meta = () => pageMeta(pageSeo['/services'], [servicesData(services)]);

export default function ServicesPage() {
  return (
    <>
      <PageHero
        eyebrow="Our services"
        title="Everything you need to succeed online"
        lead="Four services, one team. Choose what you need today and add more as your business grows."
      />
      {services.map((service, index) => (
        <ServiceSection key={service.id} service={service} shaded={index % 2 === 1} />
      ))}
    </>
  );
}
