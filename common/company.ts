/**
 * The company's identity: the one place to change when the site is handed to
 * its owner. Every value below is a placeholder (see "Making the site your
 * own" in the README); the email uses the reserved example.com domain and the
 * phone number is all zeros so that nobody is contacted by mistake.
 */
interface PostalAddress {
  readonly street: string;
  readonly locality: string;
  readonly region: string;
  readonly postalCode: string;
  readonly country: string;
  readonly countryCode: string;
}

export interface SocialLink {
  readonly network: 'facebook' | 'linkedin' | 'instagram';
  readonly label: string;
  readonly url: string;
}

export interface Company {
  readonly name: string;
  readonly shortName: string;
  readonly tagline: string;
  readonly email: string;
  /** Shown to people, e.g. "+91 00000 00000". */
  readonly phoneDisplay: string;
  /** E.164, used in tel: links. */
  readonly phoneE164: string;
  readonly address: PostalAddress;
  readonly founder: { readonly name: string; readonly role: string };
  readonly social: readonly SocialLink[];
  /** Public origin of the site, no trailing slash. Overridden by SITE_URL. */
  readonly siteUrl: string;
  readonly foundingYear: number;
}

export const company: Company = {
  name: 'Acme Tech Solutions',
  shortName: 'Acme Tech',
  tagline: 'Software, marketing and design for growing businesses',
  email: 'hello@example.com',
  phoneDisplay: '+91 00000 00000',
  phoneE164: '+910000000000',
  address: {
    street: 'Office 000, Example Business Centre, Ferozepur Road',
    locality: 'Ludhiana',
    region: 'Punjab',
    postalCode: '141015',
    country: 'India',
    countryCode: 'IN',
  },
  founder: { name: 'Arjun Mehta', role: 'Chief Executive Officer & Founder' },
  social: [
    { network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/example' },
    { network: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/company/example' },
    { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/example' },
  ],
  siteUrl: 'https://www.example.com',
  foundingYear: 2020,
};
