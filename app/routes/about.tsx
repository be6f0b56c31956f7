import {
  AboutExpertiseAndApproach,
  AboutImpact,
  AboutIntro,
  AboutValues,
} from '../components/about/about-sections';
import { PageHero } from '../components/ui/page-hero';
import { about, aboutSeo } from '../content/about';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta(aboutSeo);

export default function AboutPage() {
  return (
    <>
      <PageHero {...about.hero} />
      <AboutIntro />
      <AboutValues />
      <AboutExpertiseAndApproach />
      <AboutImpact />
    </>
  );
}
