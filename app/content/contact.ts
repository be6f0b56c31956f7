import { company } from '../../common/company';
import type { ContactContent } from '../../common/site-content/site-content';
import type { PageSeo } from '../lib/page-meta';

export const contact: ContactContent = {
  hero: {
    eyebrow: 'Contact us',
    title: "Let's talk about your project",
    lead: 'Visit our office in Ludhiana, write to us or give us a call. We are happy to answer questions, big or small.',
  },
  officeTitle: 'Our office',
  emailTitle: 'Email',
  phoneTitle: 'Phone',
  emailNote: 'For project enquiries, quotes and general questions.',
  phoneNote: 'Call us to talk through your project with the team.',
  quote: {
    title: 'Prefer to send the details in writing?',
    text: 'Tell us about your goals, timeline and budget, and we will come back to you with next steps and a free estimate.',
    link: 'Request a quote',
  },
};

export const contactSeo: PageSeo = {
  description: `How to reach ${company.name}: our office address in Ludhiana, Punjab 141015, our email and our phone number.`,
};
