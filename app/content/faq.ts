import { company } from '../../common/company';
import type { FaqContent, FaqItemContent } from '../../common/site-content/site-content';
import type { PageSeo } from '../lib/page-meta';

export type FaqItem = FaqItemContent;

export const faqHero: FaqContent['hero'] = {
  eyebrow: 'FAQ',
  title: 'Frequently asked questions',
  lead: 'Quick answers about how we work. If your question is not here, get in touch and we will be glad to help.',
};

/** Seven static questions and answers (docs/decisions/010-faq.md). */
export const faqItems: FaqItem[] = [
  {
    question: 'What services do you offer?',
    answer: [
      `${company.name} offers software development (web applications, mobile apps, e-commerce and integrations), digital marketing (SEO, paid advertising, social media and content), UI/UX design (research, prototypes and design systems) and IT consulting (technology strategy, cloud and security). You can use one service or combine them under one team.`,
    ],
  },
  {
    question: 'How do you approach digital marketing?',
    answer: [
      'We start with your business goals and your ideal customers, then choose the channels that reach them: search, social media, paid advertising, content or email. Every campaign has clear targets and conversion tracking, and you receive a monthly report showing spend, leads and results, with the changes we recommend next.',
    ],
  },
  {
    question: 'What is your development process?',
    answer: [
      'Our process has six stages: discovery, planning, design, development, launch and ongoing support. We work in short cycles with regular demos, so you see progress and can give feedback throughout. Code is reviewed and tested at every step, and you always have access to the latest working version.',
    ],
  },
  {
    question: 'How long does a typical project take?',
    answer: [
      'It depends on scope and complexity. Small and medium projects, such as a business website or a focused web application, typically take 2-3 months. Large projects, such as a complex platform or an enterprise system, usually take 6+ months. We give you a detailed timeline with milestones before work begins.',
    ],
  },
  {
    question: 'Do you provide support and maintenance after launch?',
    answer: [
      'Yes. Every project includes a 30-day warranty period for fixing defects after launch. After that, we offer support and maintenance plans covering security updates, backups, monitoring, performance tuning and new features, with 24/7 technical support for critical issues and a 99.9% uptime guarantee for solutions we host.',
    ],
  },
  {
    question: 'Which technologies do you use, and how do you ensure quality?',
    answer: [
      'We use modern, well-supported technologies chosen to fit each project: React, Next.js and TypeScript on the front end; Node.js, Python, PHP and Java on the back end; React Native and Flutter for mobile; and AWS, Azure and Google Cloud for hosting.',
      'Quality is built into every step: code reviews, automated and manual testing, accessibility and performance checks, security best practices and a staging environment where you approve each release before it goes live.',
    ],
  },
  {
    question: 'How do I get started?',
    answer: [
      'Click "Get a Quote" on our home page and tell us about your project, or contact us by email or phone. We will arrange a free consultation to understand your needs, then send you a proposal with the scope, timeline and cost. Once you approve it, we schedule a kick-off meeting and begin.',
    ],
  },
];

export const faqSeo: PageSeo = {
  description:
    'Answers about our services, marketing approach, development process, project timelines, support, technologies, quality and how to get started.',
};
