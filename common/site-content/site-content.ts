import * as z from 'zod/mini';

import { companyDetailsSchema } from './company-details.ts';
import {
  aboutContentSchema,
  contactContentSchema,
  faqContentSchema,
  homeContentSchema,
  legalDocumentSchema,
  servicesContentSchema,
  teamContentSchema,
} from './page-content.ts';

/**
 * The website's editable copy, page by page (the Website section's pages): what the public pages render
 * from. The build renders the default content (app/content/site-content.ts); a release renders its own
 * (docs/decisions/064-content-as-data-and-one-page-renderer.md).
 */
export const siteContentSchema = z.object({
  company: companyDetailsSchema,
  home: homeContentSchema,
  about: aboutContentSchema,
  services: servicesContentSchema,
  contact: contactContentSchema,
  team: teamContentSchema,
  faq: faqContentSchema,
  terms: legalDocumentSchema,
  privacy: legalDocumentSchema,
});

export type SiteContent = z.infer<typeof siteContentSchema>;
export type HomeContent = SiteContent['home'];
export type AboutContent = SiteContent['about'];
export type ServicesContent = SiteContent['services'];
export type ServiceContent = ServicesContent['services'][number];
export type ContactContent = SiteContent['contact'];
export type TeamContent = SiteContent['team'];
export type PersonContent = TeamContent['people'][number];
export type FaqContent = SiteContent['faq'];
export type FaqItemContent = FaqContent['items'][number];
export type LegalDocumentContent = SiteContent['terms'];
export type LegalBlockContent = LegalDocumentContent['sections'][number]['blocks'][number];
