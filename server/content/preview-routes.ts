import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { inboxPaths } from '../../common/inbox-paths.ts';
import { WEBSITE_PREVIEW_PREFIX } from '../../common/inbox-api/website-endpoints.ts';
import { siteContentSchema } from '../../common/site-content/site-content.ts';
import { sessionCookieOf } from '../accounts/admin-guard.ts';
import type { SessionRepository } from '../accounts/session-repository.ts';
import { PageRenderError } from '../site/page-renderer.ts';
import type { ContentSite } from './content-site.ts';

/** A short page that shows nothing of any draft: never stored, never indexed. */
function refuse(reply: FastifyReply, status: number, text: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Preview</title></head><body><p>${text}</p></body></html>`,
    );
}

export interface PreviewOptions {
  sessions: SessionRepository;
  now?: (() => Date) | undefined;
}

/**
 * The preview of a public page: rendered from the live content with every saved draft over it, for a
 * signed-in admin only (the Website section is theirs), sent by the site as a private preview (noindex,
 * no-store). Anyone else gets a page that shows nothing of the drafts
 * (docs/decisions/067-content-releases-drafts-and-preview.md).
 */
export async function previewRoutes(app: FastifyInstance, options: PreviewOptions & { site: ContentSite }) {
  const { sessions, site } = options;
  const now = options.now ?? (() => new Date());
  await app.register(cookie);
  app.get(`${WEBSITE_PREVIEW_PREFIX}/*`, async (request, reply) => {
    const signedIn = await sessions.find(sessionCookieOf(request), now());
    if (!signedIn)
      return refuse(
        reply,
        401,
        `Sign in to the inbox (<a href="${inboxPaths.signIn}">sign in</a>) to preview drafts.`,
      );
    if (signedIn.account.role !== 'admin') return refuse(reply, 403, 'Only admins can preview the website.');
    const path = `/${(request.params as { '*': string })['*']}`.replace(/(?<=.)\/$/, '');
    const renderer = await site.renderer();
    if (!renderer.paths.includes(path)) return refuse(reply, 404, 'There is no such page to preview.');
    const content: Record<string, unknown> = { ...(await site.publishing.live()) };
    for (const draft of await site.store.drafts()) content[draft.key] = draft.content;
    const checked = siteContentSchema.safeParse(content);
    if (!checked.success)
      return refuse(reply, 409, 'A saved draft breaks a rule of the content: open it and save it again.');
    try {
      return site.sitePages.sendPreview(reply, await renderer.render(checked.data, path));
    } catch (error) {
      if (!(error instanceof PageRenderError)) throw error;
      request.log.warn({ err: error }, 'a preview could not be rendered');
      return refuse(reply, 500, 'This page could not be rendered with the drafts.');
    }
  });
}
