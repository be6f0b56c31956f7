import { company as fixedDetails } from '../../common/company';
import type { FaqItem } from '../content/faq';
import type { Service } from '../content/services';
import { absoluteUrl } from './page-meta';
import { renderingContent } from './site-content';

const organizationId = () => `${absoluteUrl('/')}#organization`;

/** The company as a local business, with its Ludhiana address and contact points (schema.org). */
export function organizationData(): object {
  const { company } = renderingContent();
  const { address } = company;
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': organizationId(),
    name: company.name,
    description: company.tagline,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/apple-touch-icon.png'),
    image: absoluteUrl('/og-image.jpg'),
    email: company.email,
    telephone: company.phoneE164,
    foundingDate: String(fixedDetails.foundingYear),
    founder: { '@type': 'Person', name: fixedDetails.founder.name, jobTitle: fixedDetails.founder.role },
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.locality,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.countryCode,
    },
    areaServed: 'IN',
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'sales',
        email: company.email,
        telephone: company.phoneE164,
        areaServed: 'IN',
      },
      {
        '@type': 'ContactPoint',
        contactType: 'technical support',
        email: company.email,
        telephone: company.phoneE164,
        hoursAvailable: 'Mo-Su 00:00-23:59',
      },
    ],
    sameAs: company.social.map((link) => link.url),
  };
}

/** Each service the company offers, provided by the organisation above. */
export function servicesData(services: readonly Service[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: services.map((service, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'Service',
        '@id': absoluteUrl(`/services#${service.id}`),
        name: service.title,
        serviceType: service.title,
        description: service.description,
        url: absoluteUrl(`/services#${service.id}`),
        areaServed: 'IN',
        provider: { '@id': organizationId() },
      },
    })),
  };
}

/** The FAQ route's questions and answers as a schema.org FAQPage. */
export function faqData(items: readonly FaqItem[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer.join(' ') },
    })),
  };
}
