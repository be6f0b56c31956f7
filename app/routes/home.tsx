import { HeroBanner } from '../components/home/hero-banner';
import { Island } from '../islands/island';
import { ServicesOverview } from '../components/home/services-overview';
import { WelcomeSection } from '../components/home/welcome-section';
import { WhyChooseUs } from '../components/home/why-choose-us';
import { QuoteSection } from '../components/quote/quote-section';
import { pageMeta } from '../lib/page-meta';
import { organizationData } from '../lib/structured-data';
import { homeSeo } from '../content/home';
import { pages } from '../content/pages';

export const meta = () => pageMeta(pages.home, homeSeo, [organizationData()]);

export default function HomePage() {
  return (
    <>
      <Island name="banner">
        <HeroBanner />
      </Island>
      <WelcomeSection />
      <ServicesOverview />
      <WhyChooseUs />
      <Island name="quote-form">
        <QuoteSection />
      </Island>
    </>
  );
}
