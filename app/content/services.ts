import type { ServiceContent } from '../../common/site-content/site-content';
import { serviceNames } from './service-names';

/** A service's section on /services (its id is the section's anchor) and its card on the home page. */
export type Service = ServiceContent;

export const services: Service[] = [
  {
    id: 'software-development',
    title: serviceNames['software-development'],
    quoteLabel: 'Ask for a software development quote',
    summary: 'Web applications, mobile apps and business software built to fit the way your company works.',
    description:
      'From a customer portal to the system that runs your back office, we design, build and maintain software that is secure, fast and easy to change. You get regular working releases, the source code and documentation your own team can follow.',
    bullets: [
      'Custom web applications with React, Node.js and TypeScript',
      'Android and iOS apps from one shared code base',
      'E-commerce stores, payment gateways and order management',
      'APIs and integrations with ERP, CRM and accounting tools',
      'Cloud hosting, automated testing and continuous deployment',
      'Maintenance, security updates and performance tuning',
    ],
    icon: 'code-xml',
  },
  {
    id: 'digital-marketing',
    title: serviceNames['digital-marketing'],
    quoteLabel: 'Ask for a digital marketing quote',
    summary: 'Search, social and paid campaigns that bring qualified enquiries, measured in real numbers.',
    description:
      'We plan campaigns around the customers you want and the budget you have, then report on leads and sales rather than likes. Every month you see what was spent, what it brought in and what we will change next.',
    bullets: [
      'Search engine optimisation and local SEO for Punjab and beyond',
      'Google Ads and social media advertising with conversion tracking',
      'Social media strategy, content calendars and community management',
      'Content marketing, blogs and email newsletters',
      'Analytics dashboards and monthly performance reports',
      'Online reputation and review management',
    ],
    icon: 'chart-line',
  },
  {
    id: 'ui-ux-design',
    title: serviceNames['ui-ux-design'],
    quoteLabel: 'Ask for a UI/UX design quote',
    summary: 'Clear, accessible interfaces based on research with your users, ready for developers to build.',
    description:
      'Good design makes a product easy to understand and pleasant to use. We start with your users and your goals, test early prototypes with real people, and hand over a design system that keeps every screen consistent.',
    bullets: [
      'User research, interviews and usability testing',
      'Information architecture, user journeys and wireframes',
      'Interactive prototypes for web and mobile',
      'Visual design, branding and design systems',
      'Accessibility reviews against WCAG 2.2 AA',
      'Redesigns of existing websites and applications',
    ],
    icon: 'palette',
  },
  {
    id: 'it-consulting',
    title: serviceNames['it-consulting'],
    quoteLabel: 'Ask for an IT consulting quote',
    summary: 'Independent advice on technology choices, cloud, security and digital transformation.',
    description:
      'Not every problem needs new software. We review what you have, explain the options in plain language and help you choose, plan and run the change, whether that is a move to the cloud, a security review or a new system for the whole company.',
    bullets: [
      'Technology strategy and digital transformation roadmaps',
      'Cloud migration and cost optimisation on AWS, Azure and Google Cloud',
      'Security audits, backups and disaster recovery planning',
      'Software selection and vendor evaluation',
      'Code and architecture reviews of existing systems',
      'Project rescue and delivery management',
    ],
    icon: 'compass',
  },
];
