import { company } from '../../common/company';
import type { PageSeo } from '../lib/page-meta';
import type { SitePath } from './site-map';

/** Title, description and canonical path of every page. */
export const pageSeo: Record<SitePath | '/thank-you' | '/404', PageSeo> = {
  '/': {
    title: 'Software, Marketing & UI/UX Design in Ludhiana',
    description:
      'Software development, digital marketing, UI/UX design and IT consulting for growing businesses, from our office in Ludhiana, Punjab. Ask for a free quote.',
    path: '/',
  },
  '/about': {
    title: 'About Us',
    description: `Who we are: the vision, values, mission and approach of ${company.name}, an IT services company in Ludhiana with 100+ projects delivered for 50+ happy clients.`,
    path: '/about',
  },
  '/services': {
    title: 'Our Services',
    description:
      'Software development, digital marketing, UI/UX design and IT consulting: what each service includes and how we deliver it.',
    path: '/services',
  },
  '/contact': {
    title: 'Contact Us',
    description: `How to reach ${company.name}: our office address in Ludhiana, Punjab 141015, our email and our phone number.`,
    path: '/contact',
  },
  '/our-team': {
    title: 'Our Team',
    description: `Meet ${company.founder.name}, chief executive and founder of ${company.name}, and the expertise that leads every project.`,
    path: '/our-team',
  },
  '/FAQ': {
    title: 'Frequently Asked Questions',
    description:
      'Answers about our services, marketing approach, development process, project timelines, support, technologies, quality and how to get started.',
    path: '/FAQ',
  },
  '/termsandconditions': {
    title: 'Terms & Conditions',
    description: `The terms and conditions that apply to the services of ${company.name}. Last updated May 2025.`,
    path: '/termsandconditions',
  },
  '/privacypolicy': {
    title: 'Privacy Policy',
    description: `How ${company.name} collects, uses and protects your personal information, and your rights. Last updated January 2024.`,
    path: '/privacypolicy',
  },
  '/thank-you': {
    title: 'Thank You',
    description: 'Your quote request has been sent. We will get back to you soon.',
    path: '/thank-you',
  },
  '/404': {
    title: 'Page Not Found',
    description: 'The page you asked for does not exist. Find your way back to our services, or contact us.',
    path: '/404',
  },
};
