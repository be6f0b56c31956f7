import * as z from 'zod/mini';

import { choice, CONTENT_LIMITS, contentMessages, listOf, paragraphs, plainText } from './content-fields.ts';

const { short, paragraph } = CONTENT_LIMITS;

/** The four services' anchors on /services, in the order the site lists them; they never change. */
const SERVICE_IDS = ['software-development', 'digital-marketing', 'ui-ux-design', 'it-consulting'] as const;

/** The icons an item can show (drawn by the pages: app/components/ui/content-icon.tsx). */
const CONTENT_ICONS = [
  'cpu',
  'trending-up',
  'clock',
  'users',
  'lightbulb',
  'award',
  'handshake',
  'graduation-cap',
  'code-xml',
  'chart-line',
  'palette',
  'compass',
] as const;
export type ContentIcon = (typeof CONTENT_ICONS)[number];

/** The banner's pictures (hashed by the build: app/assets/banner). */
const SLIDE_ARTS = ['software', 'marketing', 'design'] as const;

/** The head of a page: the small line above the title, the title, the lead under it. */
const heroSchema = z.object({
  eyebrow: plainText(),
  title: plainText(),
  lead: plainText(short),
});

const titledText = z.object({ title: plainText(), text: plainText(short) });
const iconItem = z.object({ title: plainText(), text: plainText(short), icon: choice(CONTENT_ICONS) });
const sectionHead = z.object({ eyebrow: plainText(), title: plainText(), lead: plainText(short) });

export const homeContentSchema = z.object({
  slides: listOf(
    z.object({
      eyebrow: plainText(),
      title: plainText(),
      text: plainText(short),
      cta: z.object({ label: plainText(), service: choice(SERVICE_IDS) }),
      art: choice(SLIDE_ARTS),
    }),
    1,
    6,
  ),
  welcome: z.object({ eyebrow: plainText(), title: plainText(), paragraphs: paragraphs() }),
  servicesOverview: z.extend(sectionHead, {
    /** The services shown as cards, by anchor. */
    cards: listOf(choice(SERVICE_IDS), 1, 4),
  }),
  whyChooseUs: z.extend(sectionHead, { reasons: listOf(iconItem, 1, 8) }),
  callToAction: z.object({
    eyebrow: plainText(),
    title: plainText(),
    text: plainText(short),
    openLabel: plainText(),
    closeLabel: plainText(),
  }),
});

export const aboutContentSchema = z.object({
  hero: heroSchema,
  intro: z.object({ eyebrow: plainText(), title: plainText(), paragraphs: paragraphs() }),
  vision: titledText,
  values: z.object({ eyebrow: plainText(), title: plainText(), items: listOf(iconItem, 1, 8) }),
  mission: titledText,
  expertise: z.object({ title: plainText(), items: listOf(plainText(), 1, 20) }),
  approach: z.object({ title: plainText(), steps: listOf(titledText, 1, 10) }),
  impact: z.object({
    eyebrow: plainText(),
    title: plainText(),
    stats: listOf(z.object({ value: plainText(20), label: plainText() }), 1, 6),
  }),
});

const serviceSchema = z.object({
  id: choice(SERVICE_IDS),
  title: plainText(),
  quoteLabel: plainText(),
  summary: plainText(short),
  description: plainText(paragraph, { multiline: true }),
  bullets: listOf(plainText(short), 1, 12),
  icon: choice(CONTENT_ICONS),
});

export const servicesContentSchema = z.object({ hero: heroSchema, services: z.array(serviceSchema) }).check(
  // The anchors stay the same: the four services, in their order (links point at them).
  z.refine((content) => content.services.map((service) => service.id).join() === SERVICE_IDS.join(), {
    message: 'The four services keep their places.',
    path: ['services'],
  }),
);

const personSchema = z.object({
  name: plainText(),
  role: plainText(),
  bio: paragraphs(),
  expertise: listOf(plainText(), 0, 12),
  /**
   * A stored photo (its id: common/site-content/photos.ts; letters, digits and dashes only, as it goes
   * into the photo's addresses); the description is its alt text.
   */
  photo: z.optional(
    z.object({
      id: plainText(64).check(z.regex(/^[a-z0-9-]+$/, contentMessages.photo)),
      description: plainText(short),
    }),
  ),
});

export const teamContentSchema = z.object({
  hero: heroSchema,
  leadershipTitle: plainText(),
  people: listOf(personSchema, 1, 50),
});

export const faqContentSchema = z.object({
  hero: heroSchema,
  items: listOf(z.object({ question: plainText(short), answer: paragraphs() }), 1, 50),
});

export const contactContentSchema = z.object({
  hero: heroSchema,
  officeTitle: plainText(),
  emailTitle: plainText(),
  phoneTitle: plainText(),
  emailNote: plainText(short),
  phoneNote: plainText(short),
  quote: z.object({ title: plainText(), text: plainText(short), link: plainText() }),
});

const legalBlockSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('paragraph'),
    text: plainText(paragraph, { multiline: true }),
    /** An anchor other pages link to (fixed). */
    id: z.optional(z.string()),
  }),
  z.object({ kind: z.literal('list'), items: listOf(plainText(paragraph), 1, 30) }),
  /** The company's contact details, from the company details. */
  z.object({ kind: z.literal('contact') }),
]);

export const legalDocumentSchema = z.object({
  eyebrow: plainText(),
  title: plainText(),
  lastUpdated: plainText(40),
  intro: plainText(paragraph, { multiline: true }),
  /** Numbered headings ("1. Acceptance of Terms") when true. */
  numbered: z.boolean(),
  sections: listOf(z.object({ title: plainText(), blocks: listOf(legalBlockSchema, 1, 30) }), 1, 40),
});
