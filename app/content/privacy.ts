import { company } from '../../common/company';
import { contactDetails, list, paragraph, type LegalDocument } from './legal';
import type { PageSeo } from '../lib/page-meta';

/** Last updated January 2024. */
export const privacy: LegalDocument = {
  eyebrow: 'Legal',
  title: 'Privacy Policy',
  lastUpdated: 'January 2024',
  intro: `${company.name} respects your privacy. This policy explains what personal information we collect through this website and our services, how we use and protect it, and the rights you have.`,
  numbered: false,
  sections: [
    {
      title: 'Information We Collect',
      blocks: [
        paragraph('We collect only the information we need:'),
        list(
          'details you give us when you ask for a quote or contact us: your name, email address, phone number (if you provide it) and your message;',
          'your email address, if you subscribe to our newsletter, with the date you subscribed and confirmed, the page you subscribed from and the consent text you agreed to;',
          'information you share with us during a project, such as business contacts and content for your website or app;',
          'basic technical data our servers record when you visit, such as the pages requested and the time of the request, used for security and to keep the site running.',
        ),
        paragraph('This website does not use advertising or tracking cookies.'),
        paragraph(
          'Pages are counted anonymously and in aggregate, without cookies, and nothing identifies a visitor.',
        ),
      ],
    },
    {
      title: 'How We Use Your Information',
      blocks: [
        list(
          'to reply to your enquiry and prepare quotes and proposals;',
          'to deliver, support and invoice the services you ask for;',
          'to keep our website and systems secure;',
          'to meet our legal and accounting obligations.',
        ),
        paragraph(
          'Newsletter: we send it only after you confirm your subscription with the link in our email (double opt-in), and only about once a month. Every newsletter has an unsubscribe link at the bottom: one click takes you off the list, and we send nothing more unless you subscribe again. You can also ask us to delete your address completely.',
          'newsletter',
        ),
        paragraph(
          'We do not sell or rent your personal information. We share it only with service providers who help us run our business, such as email and hosting providers, and only as far as they need it to provide their service to us.',
        ),
      ],
    },
    {
      title: 'Data Security',
      blocks: [
        paragraph(
          'We protect your information with appropriate technical and organisational measures, including encrypted connections, access controls and regular backups. We keep personal information only for as long as we need it for the purposes above or as the law requires, and then delete it.',
        ),
      ],
    },
    {
      title: 'Your Rights',
      blocks: [
        paragraph('You may at any time:'),
        list(
          'ask for a copy of the personal information we hold about you;',
          'ask us to correct information that is wrong or incomplete;',
          'ask us to delete your information, where we are not required to keep it;',
          'withdraw your consent to being contacted by us.',
        ),
        paragraph(
          'To use any of these rights, contact us using the details below. We will respond as quickly as we can, and always within the time the law allows.',
        ),
      ],
    },
    {
      title: 'Contact Us',
      blocks: [
        paragraph(
          'If you have any questions about this privacy policy or how we handle your information, please contact us:',
        ),
        contactDetails,
      ],
    },
  ],
};

export const privacySeo: PageSeo = {
  description: `How ${company.name} collects, uses and protects your personal information, and your rights. Last updated January 2024.`,
};
