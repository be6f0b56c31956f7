import {
  AboutExpertiseAndApproach,
  AboutImpact,
  AboutIntro,
  AboutValues,
} from '../components/about/about-sections';
import { PageHero } from '../components/ui/page-hero';
import { about } from '../content/about';
import { pageSeo } from '../content/pages';
import { pageMeta } from '../lib/page-meta';

export const meta = () => pageMeta(pageSeo['/about']);

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
