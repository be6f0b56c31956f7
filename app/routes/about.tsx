import {
  AboutExpertiseAndApproach,
  AboutImpact,
  AboutIntro,
  AboutValues,
} from '../components/about/about-sections';
import { PageHero } from '../components/ui/page-hero';
import { about, aboutSeo } from '../content/about';
import { pages } from '../content/pages';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta(pages.about, aboutSeo);

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
