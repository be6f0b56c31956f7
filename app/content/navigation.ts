import type { ServiceId } from './service-names';

export interface NavItem {
  readonly label: string;
  readonly to: string;
  /** Marked current only on an exact match of the path (the Home link). */
  readonly end?: boolean;
}

/** The navigation bar: Home, About, Services, Contact, Team (specification section 2). */
export const mainNavigation: readonly NavItem[] = [
  { label: 'Home', to: '/', end: true },
  { label: 'About', to: '/about' },
  { label: 'Services', to: '/services' },
  { label: 'Contact', to: '/contact' },
  { label: 'Team', to: '/our-team' },
];

/** The footer's quick links, in the specification's order. */
export const footerQuickLinks: readonly NavItem[] = [
  { label: 'Home', to: '/', end: true },
  { label: 'About Us', to: '/about' },
  { label: 'Contact Us', to: '/contact' },
  { label: 'Our Services', to: '/services' },
  { label: 'FAQ', to: '/FAQ' },
  { label: 'Terms & Conditions', to: '/termsandconditions' },
  { label: 'Privacy Policy', to: '/privacypolicy' },
];

/** Link to one section of the services page. */
export function serviceHref(id: ServiceId): string {
  return `/services#${id}`;
}

/** Where the home page's quote form lives; the form opens when this is the URL. */
export const QUOTE_FORM_ID = 'quote-form';
export const quoteHref = `/#${QUOTE_FORM_ID}`;
