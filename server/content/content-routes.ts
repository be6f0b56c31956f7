import type { FastifyInstance } from 'fastify';
import type { z } from 'zod/mini';
import { WEBSITE_CONFLICT_MESSAGE, websiteEndpoints } from '../../common/inbox-api/website-endpoints.ts';
import { INVALID_MESSAGE } from '../../common/inbox-api/endpoint.ts';
import { siteContentSchema } from '../../common/site-content/site-content.ts';
import { WEBSITE_PAGES, type WebsitePage } from '../../common/site-content/website-pages.ts';
import { recordActivity } from '../accounts/activity-log.ts';
import { ApiProblem, notFound } from '../accounts/api-problem.ts';
import { registerEndpoint } from '../accounts/register-endpoint.ts';
import { staffNameOf } from '../accounts/staff-names.ts';
import { type ContentSiteOptions, contentSiteOf } from './content-site.ts';
import type { Draft, Release } from './content-store.ts';

export type ContentRoutesOptions = ContentSiteOptions & { now: () => Date };

/** A message per field of the page's content, keyed by the field's path ("items.2.answer"). */
function fieldsOf(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || 'content'] ??= issue.message;
  return fields;
}

function pageOf(key: string): WebsitePage {
  const page = WEBSITE_PAGES.find((candidate) => candidate.key === key);
  if (!page) throw notFound('This page of the website');
  return page;
}

const byWhom = (draft: Pick<Draft, 'savedAt' | 'savedBy'>) => ({
  at: draft.savedAt,
  by: staffNameOf(draft.savedBy),
});

function summaryOf(release: Release, liveId: number) {
  return {
    id: release.id,
    publishedAt: release.publishedAt,
    publishedBy: staffNameOf(release.publishedBy),
    changed: release.changed,
    rolledBackTo: release.rolledBackTo,
    live: release.id === liveId,
  };
}

/**
 * The Website section (admins only: the contract says so): the pages with their drafts, a page's
 * content and version, saving a draft (checked by the page's schema; refused over someone else's newer
 * save), publishing, the releases and rolling back. Every change goes to the activity log.
 */
export async function contentRoutes(app: FastifyInstance, options: ContentRoutesOptions) {
  const { now } = options;
  const { store, publishing } = contentSiteOf(options, app.log);

  registerEndpoint(app, websiteEndpoints.pages, async () => {
    const [drafts, releases] = await Promise.all([store.drafts(), store.releases()]);
    const live = releases.at(-1);
    return {
      pages: WEBSITE_PAGES.map((page) => {
        const draft = drafts.find((candidate) => candidate.key === page.key);
        return {
          key: page.key,
          name: page.name,
          draft: draft ? byWhom(draft) : null,
          previewPath: page.previewPath,
        };
      }),
      live: live ? summaryOf(live, live.id) : null,
    };
  });

  registerEndpoint(app, websiteEndpoints.page, async ({ params }) => {
    const page = pageOf(params.page);
    const draft = (await store.drafts()).find((candidate) => candidate.key === page.key);
    const content = draft ? draft.content : (await publishing.live())[page.key];
    return {
      key: page.key,
      name: page.name,
      content,
      version: await store.versionOf(page.key),
      draft: draft ? byWhom(draft) : null,
      previewPath: page.previewPath,
    };
  });

  registerEndpoint(app, websiteEndpoints.save, async ({ params, body, staff }) => {
    const page = pageOf(params.page);
    const checked = siteContentSchema.shape[page.key].safeParse(body.content);
    if (!checked.success) throw new ApiProblem(400, 'invalid', INVALID_MESSAGE, fieldsOf(checked.error));
    const at = now();
    const by = staff.account.email;
    const saved = await store.saveDraft(
      { key: page.key, content: checked.data, by, at, version: body.version },
      (trx) =>
        recordActivity(
          trx,
          { actor: by, action: 'website-saved', summary: `Saved a draft of ${page.name}` },
          at,
        ),
    );
    if (saved === 'conflict') throw new ApiProblem(409, 'conflict', WEBSITE_CONFLICT_MESSAGE);
    return { version: saved.version, draft: byWhom({ savedAt: at.toISOString(), savedBy: by }) };
  });

  registerEndpoint(app, websiteEndpoints.publish, async ({ staff }) => {
    const release = await publishing.publish(staff.account.email, now);
    return { release: summaryOf(release, release.id) };
  });

  registerEndpoint(app, websiteEndpoints.releases, async () => {
    const releases = await store.releases();
    const liveId = releases.at(-1)?.id ?? 0;
    return { releases: releases.reverse().map((release) => summaryOf(release, liveId)) };
  });

  registerEndpoint(app, websiteEndpoints.rollBack, async ({ params, staff }) => {
    const release = await publishing.rollBack(params.id, staff.account.email, now);
    return { release: summaryOf(release, release.id) };
  });
}
