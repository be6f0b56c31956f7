import type { ServicesContent } from '../../common/site-content/site-content';
import type { PageSeo } from '../lib/page-meta';

/** The services page around the four services of services.ts. */
export const servicesPage: Pick<ServicesContent, 'hero'> = {
  hero: {
    eyebrow: 'Our services',
    title: 'Everything you need to succeed online',
    lead: 'Four services, one team. Choose what you need today and add more as your business grows.',
  },
};

export const servicesSeo: PageSeo = {
  description:
    'Software development, digital marketing, UI/UX design and IT consulting: what each service includes and how we deliver it.',
};
