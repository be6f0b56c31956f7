/** The four services by anchor id: all the footer and the navigation need to know about them. */
export const serviceNames = {
  'software-development': 'Software Development',
  'digital-marketing': 'Digital Marketing',
  'ui-ux-design': 'UI/UX Design',
  'it-consulting': 'IT Consulting',
} as const;

export type ServiceId = keyof typeof serviceNames;

/** The services in the order the site lists them; each id is an anchor on /services. */
export const serviceIds = Object.keys(serviceNames) as ServiceId[];
