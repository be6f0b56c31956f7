import { LeaderCard } from '../components/team/leader-card';
import { PageHero } from '../components/ui/page-hero';
import { teamSeo } from '../content/team';
import { pages } from '../content/pages';
import { pageMeta } from '../lib/page-meta';
import { useSiteContent } from '../lib/site-content';

export const meta = () => pageMeta(pages.team, teamSeo);

export default function OurTeamPage() {
  const { team } = useSiteContent();
  return (
    <>
      <PageHero {...team.hero} />
      <section aria-labelledby="leadership-heading" className="container-page py-16 sm:py-20">
        <h2 id="leadership-heading" className="text-3xl font-bold tracking-tight">
          {team.leadershipTitle}
        </h2>
        <div className="mt-8">
          {team.people.map((person, index) => (
            <LeaderCard key={person.name} person={person} index={index} />
          ))}
        </div>
      </section>
    </>
  );
}
