import { company } from '../../common/company';
import type { HomeContent } from '../../common/site-content/site-content';
import type { PageSeo } from '../lib/page-meta';

export type BannerSlide = HomeContent['slides'][number];
export type SlideArt = BannerSlide['art'];

/** The rotating banner: three slides. */
export const bannerSlides: BannerSlide[] = [
  {
    eyebrow: 'Software development',
    title: 'Software that grows with your business',
    text: 'Web platforms, mobile apps and integrations, engineered for speed, security and the years after launch.',
    cta: { label: 'Explore software development', service: 'software-development' },
    art: 'software',
  },
  {
    eyebrow: 'Digital marketing',
    title: 'Marketing you can measure',
    text: 'Search, social and paid campaigns planned around qualified leads, with monthly reports in plain numbers.',
    cta: { label: 'Explore digital marketing', service: 'digital-marketing' },
    art: 'marketing',
  },
  {
    eyebrow: 'UI/UX design',
    title: 'Design your customers enjoy using',
    text: 'Research-led interfaces, prototypes and design systems that make complex products feel simple.',
    cta: { label: 'Explore UI/UX design', service: 'ui-ux-design' },
    art: 'design',
  },
];

/** Banner timing (docs/decisions/008-banner-timing.md). */
export const bannerTiming = {
  startDelayMs: 100,
  intervalMs: 5000,
  wrap: true,
} as const;

export const welcome: HomeContent['welcome'] = {
  eyebrow: 'IT services from Ludhiana, Punjab',
  title: `Welcome to ${company.name}`,
  paragraphs: [
    `${company.name} is a technology partner for businesses that want to do more online. We bring software development, digital marketing, UI/UX design and IT consulting under one roof, so one team owns your project from the first conversation to the day it launches, and after.`,
    'We work with start-ups, manufacturers, retailers and service firms across India and abroad. Every engagement starts with your goals, ends with measurable results, and is run with clear estimates, regular demos and honest reporting.',
  ],
};

export const servicesOverview: HomeContent['servicesOverview'] = {
  eyebrow: 'What we do',
  title: 'Services built around your goals',
  lead: 'Three disciplines that work best together, delivered by one team that knows your business.',
  /** The three services the home page shows as cards. */
  cards: ['software-development', 'digital-marketing', 'ui-ux-design'],
};

/** The four 'why choose us' items. */
export const whyChooseUs: HomeContent['whyChooseUs'] = {
  eyebrow: 'Why choose us',
  title: 'A partner you can rely on',
  lead: 'What our clients tell us makes the difference.',
  reasons: [
    {
      title: 'Modern Technology',
      text: 'We build on proven, current tools such as React, Node.js and the major clouds, so your product is fast, secure and easy to hire for.',
      icon: 'cpu',
    },
    {
      title: 'Data-Driven',
      text: 'Decisions rest on analytics, user research and testing rather than guesswork, and every campaign and release is measured.',
      icon: 'trending-up',
    },
    {
      title: 'Timely Delivery',
      text: 'Clear milestones, regular demos and early warnings if anything changes keep projects on schedule and on budget.',
      icon: 'clock',
    },
    {
      title: 'Expert Team',
      text: 'Experienced developers, marketers and designers who take ownership of your project and explain their work in plain language.',
      icon: 'users',
    },
  ],
};

export const quoteCallToAction: HomeContent['callToAction'] = {
  eyebrow: 'Start your project',
  title: 'Tell us what you want to build',
  text: 'Share a few details about your project and we will get back to you with next steps and a free, no-obligation estimate.',
  openLabel: 'Get a Quote',
  closeLabel: 'Close Form',
};

export const homeSeo: PageSeo = {
  description:
    'Software development, digital marketing, UI/UX design and IT consulting for growing businesses, from our office in Ludhiana, Punjab. Ask for a free quote.',
};
