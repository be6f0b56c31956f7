import { HeroBanner } from '../components/home/hero-banner';
import { Island } from '../islands/island';
import { ServicesOverview } from '../components/home/services-overview';
import { WelcomeSection } from '../components/home/welcome-section';
import { WhyChooseUs } from '../components/home/why-choose-us';
import { QuoteSection } from '../components/quote/quote-section';
import { pageMeta } from '../lib/page-meta';
import { useSiteContent } from '../lib/site-content';
import { organizationData } from '../lib/structured-data';
import { homeSeo } from '../content/home';
import { pages } from '../content/pages';

export const meta = () => pageMeta(pages.home, homeSeo, [organizationData()]);

export default function HomePage() {
  const { home, services } = useSiteContent();
  return (
    <>
      <Island name="banner" component={HeroBanner} props={{ slides: home.slides }} />
      <WelcomeSection welcome={home.welcome} />
      <ServicesOverview overview={home.servicesOverview} services={services.services} />
      <WhyChooseUs whyChooseUs={home.whyChooseUs} />
      <Island name="quote-form" component={QuoteSection} props={{ callToAction: home.callToAction }} />
    </>
  );
}
