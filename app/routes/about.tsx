import {
  AboutExpertiseAndApproach,
  AboutImpact,
  AboutIntro,
  AboutValues,
} from '../components/about/about-sections';
import { PageHero } from '../components/ui/page-hero';
import { aboutSeo } from '../content/about';
import { pages } from '../content/pages';
import { pageMeta } from '../lib/page-meta';
import { useSiteContent } from '../lib/site-content';

export const meta = () => pageMeta(pages.about, aboutSeo);

export default function AboutPage() {
  const { about } = useSiteContent();
  return (
    <>
      <PageHero {...about.hero} />
      <AboutIntro about={about} />
      <AboutValues about={about} />
      <AboutExpertiseAndApproach about={about} />
      <AboutImpact about={about} />
    </>
  );
}
