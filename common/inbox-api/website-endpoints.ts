/**
 * The Website section (admins only): the pages' drafts, publishing, releases and roll back, photos.
 * A page's content is checked on both sides by its part of common/site-content's schema
 * (`siteContentSchema.shape[page]`); the contract carries it as JSON and the server answers 400 with
 * `fields` keyed by the field's path ("items.2.answer") when it breaks a rule.
 */
import { z } from 'zod';
import { WEBSITE_PAGE_KEYS } from '../site-content/website-pages.ts';
import { endpoint, idParams } from './endpoint.ts';

const page = z.enum(WEBSITE_PAGE_KEYS);

const pageParams = z.object({ page });

/** Who did something, and when (ISO). */
const byWhom = z.object({ at: z.string(), by: z.string() });

const pageSummary = z.object({
  key: page,
  name: z.string(),
  /** A saved draft that differs from the live content, waiting for Publish. */
  draft: byWhom.nullable(),
  /** Where its preview opens (a public path; the draft shows there only to signed-in staff). */
  previewPath: z.string(),
});

const releaseSummary = z.object({
  id: z.number(),
  publishedAt: z.string(),
  publishedBy: z.string(),
  /** The Website section's pages this release changed, by key. */
  changed: z.array(page),
  /** For a roll back: the release whose content it published again. */
  rolledBackTo: z.number().nullable(),
  /** The release the site serves now (the newest). */
  live: z.boolean(),
});
export type ReleaseSummary = z.infer<typeof releaseSummary>;

export const websiteEndpoints = {
  pages: endpoint({
    method: 'GET',
    path: '/website',
    access: 'admin',
    reply: z.object({ pages: z.array(pageSummary), live: releaseSummary.nullable() }),
  }),
  page: endpoint({
    method: 'GET',
    path: '/website/pages/:page',
    access: 'admin',
    params: pageParams,
    reply: z.object({
      key: page,
      name: z.string(),
      /** The draft if one is saved, else the live content (the page's part of SiteContent). */
      content: z.unknown(),
      /** Sent back with a save: a save over someone else's newer save is refused (409 "conflict"). */
      version: z.string(),
      draft: byWhom.nullable(),
      previewPath: z.string(),
    }),
    errors: ['not-found'],
  }),
  save: endpoint({
    method: 'POST',
    path: '/website/pages/:page',
    access: 'admin',
    params: pageParams,
    body: z.object({ content: z.unknown(), version: z.string() }),
    reply: z.object({ version: z.string(), draft: byWhom }),
    errors: ['not-found', 'conflict'],
  }),
  publish: endpoint({
    method: 'POST',
    path: '/website/publish',
    access: 'admin',
    /** 409 "nothing-to-publish" without drafts; 409 "render-failed" names the page that failed and why. */
    reply: z.object({ release: releaseSummary }),
    errors: ['nothing-to-publish', 'render-failed'],
  }),
  releases: endpoint({
    method: 'GET',
    path: '/website/releases',
    access: 'admin',
    reply: z.object({ releases: z.array(releaseSummary) }),
  }),
  rollBack: endpoint({
    method: 'POST',
    path: '/website/releases/:id/roll-back',
    access: 'admin',
    params: idParams,
    reply: z.object({ release: releaseSummary }),
    errors: ['not-found', 'render-failed'],
  }),
};

/** A save refused because someone else saved (or published) the page since it was opened (409 "conflict"). */
export const WEBSITE_CONFLICT_MESSAGE =
  'Someone else saved this page since you opened it. Nothing was overwritten: reload the page to see their changes, then make yours again.';

/** Publish without a draft that changes anything (409 "nothing-to-publish"). */
export const NOTHING_TO_PUBLISH_MESSAGE = 'There is nothing to publish: no saved draft changes the website.';

/** Publish or roll back refused because a page could not be rendered (409 "render-failed"): nothing changed. */
export function renderFailedMessage(page: string, path: string, reason: string): string {
  const where = path ? `${page} (${path})` : page;
  return `Nothing was published: the page ${where} could not be rendered (${reason}). The website still shows the pages it showed.`;
}

/** Where the previews of the drafts live: under the inbox (its headers, noindex), for a signed-in admin. */
export const WEBSITE_PREVIEW_PREFIX = '/admin/preview';

/** The address of a page's preview, from its `previewPath` (`/admin/preview/FAQ`; home: `/admin/preview/`). */
export const websitePreviewAddress = (previewPath: string) => `${WEBSITE_PREVIEW_PREFIX}${previewPath}`;
