import { adminPaths } from '../../common/admin-api';
import type { Page } from './pages';

/**
 * The private inbox's entries of the page table (pages.ts lists them in pageList), rendered in the
 * browser only, each inside a layout route. They are written here, not beside the public pages, because
 * the public pages' JavaScript holds that table (titles, navigation) and must not carry these; the inbox's
 * route modules import this file alone.
 */
export const adminPages = {
  signIn: {
    file: 'routes/admin/sign-in.tsx',
    path: adminPaths.signIn,
    title: 'Sign in',
    prerender: false,
    sitemap: false,
    layout: 'admin',
    islands: [],
  },
  invitation: {
    file: 'routes/admin/invitation.tsx',
    path: adminPaths.invitation,
    title: 'Your invitation',
    prerender: false,
    sitemap: false,
    layout: 'admin',
    islands: [],
  },
  dashboard: {
    file: 'routes/admin/dashboard.tsx',
    path: adminPaths.dashboard,
    title: 'Dashboard',
    prerender: false,
    sitemap: false,
    layout: 'staff',
    islands: [],
  },
  inbox: {
    file: 'routes/admin/inbox.tsx',
    path: adminPaths.inbox,
    title: 'Inbox',
    prerender: false,
    sitemap: false,
    layout: 'staff',
    islands: [],
  },
  lead: {
    file: 'routes/admin/lead.tsx',
    path: '/admin/leads/:id',
    title: 'Lead',
    prerender: false,
    sitemap: false,
    layout: 'staff',
    islands: [],
  },
  outbox: {
    file: 'routes/admin/outbox.tsx',
    path: adminPaths.outbox,
    title: 'Outbox',
    prerender: false,
    sitemap: false,
    layout: 'staff',
    islands: [],
  },
  subscribers: {
    file: 'routes/admin/subscribers.tsx',
    path: adminPaths.subscribers,
    title: 'Subscribers',
    prerender: false,
    sitemap: false,
    layout: 'staff',
    islands: [],
  },
  campaigns: {
    file: 'routes/admin/campaigns.tsx',
    path: adminPaths.campaigns,
    title: 'Campaigns',
    prerender: false,
    sitemap: false,
    layout: 'staff',
    islands: [],
  },
  campaign: {
    file: 'routes/admin/campaign.tsx',
    path: '/admin/campaigns/:id',
    title: 'Campaign',
    prerender: false,
    sitemap: false,
    layout: 'staff',
    islands: [],
  },
  activity: {
    file: 'routes/admin/activity.tsx',
    path: adminPaths.activity,
    title: 'Activity',
    prerender: false,
    sitemap: false,
    layout: 'staff',
    islands: [],
  },
  settings: {
    file: 'routes/admin/settings.tsx',
    path: adminPaths.settings,
    title: 'Settings',
    prerender: false,
    sitemap: false,
    layout: 'staff',
    islands: [],
  },
  account: {
    file: 'routes/admin/account.tsx',
    path: adminPaths.account,
    title: 'Account',
    prerender: false,
    sitemap: false,
    layout: 'staff',
    islands: [],
  },
} as const satisfies Record<string, Page>;
