import { company } from '../../common/company';
import type { CompanyDetails } from '../../common/site-content/company-details';
import type { SiteContent } from '../../common/site-content/site-content';
import { about } from './about';
import { contact } from './contact';
import { faqHero, faqItems } from './faq';
import { bannerSlides, quoteCallToAction, servicesOverview, welcome, whyChooseUs } from './home';
import { privacy } from './privacy';
import { services } from './services';
import { servicesPage } from './services-page';
import { team } from './team';
import { terms } from './terms';

/** The company details of the content: what the pages show of common/company.ts. */
function companyDetails(): CompanyDetails {
  const { name, shortName, tagline, email, phoneDisplay, phoneE164, address, social } = company;
  return {
    name,
    shortName,
    tagline,
    email,
    phoneDisplay,
    phoneE164,
    address: { ...address },
    social: social.map((link) => ({ ...link })),
  };
}

/**
 * The starting content: today's copy of the content files, word for word. The build renders it, and
 * a fresh database starts from it (docs/decisions/064-content-as-data-and-one-page-renderer.md).
 */
export const defaultSiteContent: SiteContent = {
  company: companyDetails(),
  home: {
    slides: bannerSlides,
    welcome,
    servicesOverview,
    whyChooseUs,
    callToAction: quoteCallToAction,
  },
  about,
  services: { hero: servicesPage.hero, services },
  contact,
  team,
  faq: { hero: faqHero, items: faqItems },
  terms,
  privacy,
};
