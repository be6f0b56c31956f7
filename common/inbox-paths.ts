/**
 * Where the private inbox lives: its JSON API under INBOX_API (the contract of each endpoint is in
 * common/inbox-api/) and its pages under /admin (app/routes/admin/). Constants only, no zod: the
 * server's core and the build may import it.
 */

/** Where the API lives; the pages are everything else under /admin. */
export const INBOX_API = '/admin/api';

/** The pages of the inbox. */
export const inboxPaths = {
  /** The leads: the inbox's first page. */
  leads: '/admin',
  /** How the website is doing: leads over time, by page, the funnel, first contact, visits. The first view after sign-in. */
  dashboard: '/admin/dashboard',
  signIn: '/admin/sign-in',
  /** The invitation link: `/admin/invitation#<token>` (a fragment never reaches a server log). */
  invitation: '/admin/invitation',
  lead: (id: number) => `/admin/leads/${id}`,
  outbox: '/admin/outbox',
  subscribers: '/admin/subscribers',
  campaigns: '/admin/campaigns',
  /** A campaign's page: its editor while a draft, its progress once sending starts; `new` for a new one. */
  campaign: (id: number | 'new') => `/admin/campaigns/${id}`,
  activity: '/admin/activity',
  followUps: '/admin/follow-ups',
  /** Integrations (webhooks, Slack, Teams) and the auto-reply. */
  settings: '/admin/settings',
  account: '/admin/account',
  /** The team's accounts and roles (admins only). */
  team: '/admin/team',
  /** The website's pages, their drafts and Publish (admins only). */
  website: '/admin/website',
  /** A page's editor in the Website section, by its key (common/site-content/website-pages.ts). */
  websitePage: (key: string) => `/admin/website/pages/${key}`,
  /** The website's releases, newest first, with Roll back. */
  websiteReleases: '/admin/website/releases',
} as const;

/** How many items a page of a list holds (leads, subscribers, activity); "Load more" asks for the next. */
export const INBOX_PAGE_SIZE = 50;

// The lead domain has a module of its own; these names stay importable from here for the server's leads.
export { LEAD_STATUSES, LEAD_VIEWS, type LeadStatus, type LeadView } from './lead-domain.ts';
