import { company } from '../../common/company';
import { contactDetails, list, paragraph, type LegalDocument } from './legal';
import type { PageSeo } from '../lib/page-meta';

/** Nine numbered sections, last updated May 2025. */
export const terms: LegalDocument = {
  eyebrow: 'Legal',
  title: 'Terms & Conditions',
  lastUpdated: 'May 2025',
  intro: `These terms and conditions govern your use of this website and the services provided by ${company.name} ("we", "us" or "our"). Please read them carefully before engaging our services.`,
  numbered: true,
  sections: [
    {
      title: 'Acceptance of Terms',
      blocks: [
        paragraph(
          'By using this website or engaging our services, you agree to these terms. If you do not agree with any part of them, please do not use our website or services. Specific projects may also be governed by a written proposal or agreement, which takes precedence where it differs from these terms.',
        ),
      ],
    },
    {
      title: 'Services',
      blocks: [
        paragraph(
          'We provide software development, digital marketing, UI/UX design and IT consulting services. The scope, deliverables, timeline and fees of each project are set out in a written proposal that both parties approve before work begins.',
        ),
        paragraph(
          'Changes to an agreed scope are estimated separately and carried out only once you approve them in writing.',
        ),
      ],
    },
    {
      title: 'Quotes and Payment',
      blocks: [
        paragraph('Quotes are valid for the period stated on them. Unless the proposal says otherwise:'),
        list(
          'projects start once the first milestone payment has been received;',
          'invoices are payable by the due date shown on them;',
          'fees are quoted in Indian rupees and are exclusive of applicable taxes such as GST;',
          'we may pause work while an invoice is overdue.',
        ),
      ],
    },
    {
      title: 'Client Responsibilities',
      blocks: [
        paragraph(
          'You agree to provide accurate information, content, access and feedback in good time. Delays in providing these may affect the timeline and cost of the project. You are responsible for making sure that any material you supply does not infringe the rights of others.',
        ),
      ],
    },
    {
      title: 'Intellectual Property',
      blocks: [
        paragraph(
          'Once all fees for a project have been paid in full, ownership of the custom work we create for you passes to you. We keep the rights to our pre-existing tools, libraries and know-how, and grant you a licence to use them as part of the delivered work. Third-party and open-source components remain subject to their own licences.',
        ),
      ],
    },
    {
      title: 'Confidentiality',
      blocks: [
        paragraph(
          'Both parties will keep confidential any non-public business, technical or personal information they receive from the other, and use it only for the purpose of the project. This obligation continues after the project ends.',
        ),
      ],
    },
    {
      title: 'Warranty, Support and Hosting',
      blocks: [
        paragraph(
          'We provide a 30-day warranty from the date of delivery, during which we fix defects in our work that prevent it from operating as specified, at no additional cost.',
        ),
        paragraph(
          'For hosted solutions we offer a 99.9% uptime guarantee, excluding scheduled maintenance announced in advance and events outside our reasonable control. Ongoing support and maintenance after the warranty period, including 24/7 technical support, is provided under a separate support plan.',
        ),
      ],
    },
    {
      title: 'Limitation of Liability and Termination',
      blocks: [
        paragraph(
          'To the extent permitted by law, our total liability for any claim arising from a project is limited to the fees paid for that project. We are not liable for indirect or consequential losses, such as loss of profit, revenue or data.',
        ),
        paragraph(
          'Either party may terminate a project by giving 30 days written notice. You will pay for the work completed up to the termination date, and we will hand over that work once payment has been received. These terms are governed by the laws of India, and the courts of Ludhiana, Punjab have jurisdiction.',
        ),
      ],
    },
    {
      title: 'Contact Information',
      blocks: [
        paragraph('If you have any questions about these terms and conditions, please contact us:'),
        contactDetails,
      ],
    },
  ],
};

export const termsSeo: PageSeo = {
  description: `The terms and conditions that apply to the services of ${company.name}. Last updated May 2025.`,
};
