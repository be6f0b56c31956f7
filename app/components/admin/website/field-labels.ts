/**
 * The words the editor shows for the content's fields: a label per key, a few by their place where a
 * key means something else on another page, and the name of one item of each list ("Add question").
 * A key left out is shown as its words ("phoneDisplay": "Phone display").
 */

/** Labels by key. */
const LABELS: Readonly<Record<string, string>> = {
  eyebrow: 'Line above the title',
  title: 'Title',
  lead: 'Text under the title',
  text: 'Text',
  paragraphs: 'Text',
  hero: 'Top of the page',
  slides: 'Banner slides',
  cta: 'Button',
  label: 'Label',
  service: 'Service it links to',
  art: 'Picture',
  welcome: 'Welcome',
  servicesOverview: 'Services overview',
  cards: 'Service cards',
  whyChooseUs: 'Why choose us',
  reasons: 'Reasons',
  icon: 'Icon',
  callToAction: 'Call to action',
  openLabel: 'Button label',
  closeLabel: 'Button label while the form is open',
  intro: 'Introduction',
  vision: 'Vision',
  values: 'Values',
  mission: 'Mission',
  expertise: 'Expertise',
  approach: 'Approach',
  steps: 'Steps',
  impact: 'Impact',
  stats: 'Figures',
  value: 'Figure',
  services: 'Services',
  quoteLabel: 'Name in the quote form',
  summary: 'Summary',
  description: 'Description',
  bullets: 'Bullets',
  leadershipTitle: 'Heading above the people',
  people: 'People',
  name: 'Name',
  role: 'Role',
  bio: 'Bio',
  photo: 'Photo',
  items: 'Items',
  question: 'Question',
  answer: 'Answer',
  officeTitle: 'Office heading',
  emailTitle: 'Email heading',
  phoneTitle: 'Phone heading',
  emailNote: 'Note under the email',
  phoneNote: 'Note under the phone',
  quote: 'Quote box',
  link: 'Link text',
  lastUpdated: 'Last updated',
  numbered: 'Number the section headings',
  sections: 'Sections',
  blocks: 'Blocks',
  kind: 'Kind',
  shortName: 'Short name',
  tagline: 'Tagline',
  email: 'Email',
  phoneDisplay: 'Phone, as shown',
  phoneE164: 'Phone, in international form for calls (+91…)',
  address: 'Address',
  street: 'Street',
  locality: 'Town or city',
  region: 'State or region',
  postalCode: 'Postal code',
  country: 'Country',
  countryCode: 'Country code',
  social: 'Social links',
  network: 'Network',
  url: 'Web address',
};

/** Labels by place (the path's keys without item numbers, from the page), where the key's label would mislead. */
const LABELS_BY_PLACE: Readonly<Record<string, string>> = {
  'team.people.expertise': 'Areas of expertise',
  'faq.items': 'Questions',
  'about.values.items': 'Values',
  'about.expertise.items': 'Areas of expertise',
  'home.callToAction.text': 'Text',
  'company.name': 'Company name',
  'terms.sections.blocks.items': 'List items',
  'privacy.sections.blocks.items': 'List items',
};

/** The name of one item of a list, by the list's key, or by its place. */
const ITEMS: Readonly<Record<string, string>> = {
  slides: 'slide',
  cards: 'card',
  reasons: 'reason',
  paragraphs: 'paragraph',
  steps: 'step',
  stats: 'figure',
  services: 'service',
  bullets: 'bullet',
  people: 'person',
  expertise: 'area of expertise',
  sections: 'section',
  blocks: 'block',
  social: 'social link',
  'faq.items': 'question',
  'about.values.items': 'value',
  'about.expertise.items': 'area of expertise',
  'terms.sections.blocks.items': 'list item',
  'privacy.sections.blocks.items': 'list item',
};

/** Words for a choice's values: the icons and the block kinds; others are shown as their words. */
const CHOICES: Readonly<Record<string, string>> = {
  'software-development': 'Software development',
  'digital-marketing': 'Digital marketing',
  'ui-ux-design': 'UI/UX design',
  'it-consulting': 'IT consulting',
  cpu: 'Chip',
  'trending-up': 'Rising line',
  'code-xml': 'Code',
  'chart-line': 'Chart',
  'graduation-cap': 'Graduation cap',
  linkedin: 'LinkedIn',
  paragraph: 'Paragraph',
  list: 'List',
  contact: 'The company’s contact details',
};

/** "phoneDisplay" → "Phone display", "ui-ux-design" → "Ui ux design". */
function wordsOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The keys of a path without its item numbers, from the page's key: "faq.items.answer". */
export const placeOf = (page: string, path: readonly (string | number)[]) =>
  [page, ...path.filter((part) => typeof part === 'string')].join('.');

/** Whether the table has words for this field (a test keeps every field of the schema in it). */
export const hasWrittenLabel = (place: string, key: string) => place in LABELS_BY_PLACE || key in LABELS;

/** Whether the table names one item of this list. */
export const hasWrittenItemName = (place: string, key: string) => place in ITEMS || key in ITEMS;

/** The label of the field at this place whose key is `key`. */
export function labelOf(place: string, key: string): string {
  return LABELS_BY_PLACE[place] ?? LABELS[key] ?? wordsOf(key);
}

/** The name of one item of the list at this place ("question"), in lower case. */
export function itemNameOf(place: string, key: string): string {
  return ITEMS[place] ?? ITEMS[key] ?? 'item';
}

/** "Question 2", "Add question". */
export const itemTitle = (itemName: string, index: number) => `${capitalised(itemName)} ${index + 1}`;
export const addLabel = (itemName: string) => `Add ${itemName}`;

export function choiceLabel(value: string): string {
  return CHOICES[value] ?? wordsOf(value);
}
