import { company } from '../../common/company';
import type { AboutContent } from '../../common/site-content/site-content';
import type { PageSeo } from '../lib/page-meta';

export const about: AboutContent = {
  hero: {
    eyebrow: 'About us',
    title: 'Technology partners for ambitious businesses',
    lead: `${company.name} helps companies in Punjab and around the world turn ideas into dependable software, measurable marketing and products people enjoy using.`,
  },
  intro: {
    eyebrow: 'Who we are',
    title: 'A small team with a broad skill set',
    paragraphs: [
      `Founded in Ludhiana, ${company.name} brings developers, designers, marketers and consultants together in one team. That means the people who plan your website also build it, launch it and help it find customers, without hand-offs between agencies.`,
      'We are deliberately small. You speak directly with the people doing the work, decisions are made quickly, and every client gets senior attention, whether the project is a first website or a platform used by thousands of customers.',
    ],
  },
  vision: {
    title: 'Our vision',
    text: 'To be the most trusted technology partner for growing businesses in India: the team they call first when they want to build something new, reach more customers or make their operations run better.',
  },
  values: {
    eyebrow: 'Our values',
    title: 'What guides our work',
    items: [
      {
        title: 'Innovation and Creativity',
        text: 'We look for better ways to solve problems, combining fresh ideas with proven practice so that every solution fits the client rather than a template.',
        icon: 'lightbulb',
      },
      {
        title: 'Technical Excellence',
        text: 'Clean code, careful testing, secure defaults and fast pages. We hold our work to the standards we would expect from any supplier of our own.',
        icon: 'award',
      },
      {
        title: 'Client Success',
        text: "We measure ourselves by our clients' results. Honest advice, clear communication and long-term relationships matter more to us than any single project.",
        icon: 'handshake',
      },
      {
        title: 'Continuous Learning',
        text: 'Technology changes every year and so do we. The team sets time aside to learn, share knowledge and bring new skills to client work.',
        icon: 'graduation-cap',
      },
    ],
  },
  mission: {
    title: 'Our mission',
    text: 'To deliver software, marketing and design that create real business value, on time and on budget, while treating every client as a long-term partner and every project as our own.',
  },
  expertise: {
    title: 'Our expertise',
    items: [
      'Custom web application development',
      'Android and iOS mobile apps',
      'E-commerce stores and payment integrations',
      'Search engine optimisation and paid advertising',
      'Social media marketing and content strategy',
      'UI/UX design, prototyping and design systems',
      'Cloud hosting, DevOps and security',
      'IT strategy and digital transformation',
    ],
  },
  approach: {
    title: 'Our approach',
    steps: [
      {
        title: 'Discover',
        text: 'We learn about your business, your customers and what success looks like.',
      },
      {
        title: 'Plan',
        text: 'A written scope, timeline and fixed estimate, so you know what you get and when.',
      },
      {
        title: 'Design',
        text: 'Wireframes and prototypes you can click through before any code is written.',
      },
      { title: 'Build', text: 'Development in short cycles with regular demos and your feedback built in.' },
      {
        title: 'Launch',
        text: 'Testing, training and a careful go-live, with analytics in place from day one.',
      },
      {
        title: 'Grow',
        text: 'Support, maintenance and improvements based on how the product is actually used.',
      },
    ],
  },
  impact: {
    eyebrow: 'Our impact',
    title: 'Results that speak for themselves',
    stats: [
      { value: '100+', label: 'Projects Delivered' },
      { value: '50+', label: 'Happy Clients' },
      { value: '24/7', label: 'Technical Support' },
    ],
  },
};

export const aboutSeo: PageSeo = {
  description: `Who we are: the vision, values, mission and approach of ${company.name}, an IT services company in Ludhiana with 100+ projects delivered for 50+ happy clients.`,
};
