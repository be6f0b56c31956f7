import { ContactCards } from '../components/contact/contact-cards';
import { CtaBand } from '../components/ui/cta-band';
import { PageHero } from '../components/ui/page-hero';
import { contactSeo } from '../content/contact';
import { pages } from '../content/pages';
import { pageMeta } from '../lib/page-meta';
import { useSiteContent } from '../lib/site-content';
import { organizationData } from '../lib/structured-data';

export const meta = () => pageMeta(pages.contact, contactSeo, [organizationData()]);

export default function ContactPage() {
  const { contact, company } = useSiteContent();
  return (
    <>
      <PageHero {...contact.hero} />
      <div className="container-page grid gap-14 py-16 sm:py-20">
        <ContactCards company={company} contact={contact} />
        <CtaBand {...contact.quote} />
      </div>
    </>
  );
}
