import * as z from 'zod/mini';

import { choice, contentEmail, contentPhoneE164, contentUrl, listOf, plainText } from './content-fields.ts';

/** The social networks the header and footer have an icon for. */
const SOCIAL_NETWORKS = ['facebook', 'linkedin', 'instagram'] as const;

/** The company's details: the header, the footer, the contact page and every page's head show them. */
export const companyDetailsSchema = z.object({
  name: plainText(),
  shortName: plainText(40),
  tagline: plainText(),
  email: contentEmail,
  /** Shown to people, e.g. "+91 00000 00000". */
  phoneDisplay: plainText(40),
  /** E.164, used in tel: links. */
  phoneE164: contentPhoneE164,
  address: z.object({
    street: plainText(),
    locality: plainText(),
    region: plainText(),
    postalCode: plainText(20),
    country: plainText(),
    countryCode: z.string().check(z.regex(/^[A-Z]{2}$/, 'Two capital letters, like IN.')),
  }),
  social: listOf(z.object({ network: choice(SOCIAL_NETWORKS), label: plainText(), url: contentUrl }), 0, 3),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;
