import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NEWSLETTER_ARCHIVE_PATH } from '../../common/newsletter-archive.ts';
import { serverPagePolicy } from '../forms/site-stylesheet.ts';
import { createArchivePageCache, type ArchivePage } from './archive-page-cache.ts';
import { renderArchivedCampaign, renderArchiveIndex, type ArchivePageSettings } from './archive-pages.tsx';
import type { CampaignArchive } from './campaign-archive.ts';

export interface ArchiveRoutesOptions extends ArchivePageSettings {
  archive: CampaignArchive;
}

/** Longer than any slug the sending makes (the subject's words and the id): not worth a query. */
const SLUG_MAX_LENGTH = 200;

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * A page of the archive: revalidated on every visit (no-cache) with an ETag of its HTML, so a campaign
 * unpublished or a new one sent is seen at once while an unchanged page costs a 304; compressed when
 * the client takes it; the server pages' policy for an indexed page (no script; https images, as in
 * the email).
 */
function sendArchivePage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: ArchivePage,
  settings: ArchivePageSettings,
) {
  const { etag } = page;
  reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', serverPagePolicy(settings.stylesheet, { indexed: true }))
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding')
    .header('etag', etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
  const accepted = negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]) as Encoding | null;
  if (accepted === 'br') return reply.header('content-encoding', 'br').send(page.brotli());
  if (accepted === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzip());
  return reply.send(page.html);
}

/**
 * GET /newsletter/archive and /newsletter/archive/<slug>: the public web versions of the sent
 * campaigns (campaign-archive.ts says which), read on each request from the database and rendered
 * once per version (archive-page-cache.ts). A slug that is unknown, or whose campaign is not (or no
 * longer) published, gets the site's not-found page.
 */
export async function archiveRoutes(app: FastifyInstance, options: ArchiveRoutesOptions) {
  const { archive, ...settings } = options;
  const pages = createArchivePageCache();

  app.get(NEWSLETTER_ARCHIVE_PATH, async (request, reply) => {
    const index = pages.page('index', await archive.list(), (entries) =>
      renderArchiveIndex(entries, settings),
    );
    return sendArchivePage(request, reply, index, settings);
  });

  app.get<{ Params: { slug: string } }>(`${NEWSLETTER_ARCHIVE_PATH}/:slug`, async (request, reply) => {
    const { slug } = request.params;
    const campaign = slug.length <= SLUG_MAX_LENGTH ? await archive.find(slug) : undefined;
    if (!campaign) return reply.callNotFound();
    const page = pages.page(`campaign:${slug}`, campaign, (shown) => renderArchivedCampaign(shown, settings));
    return sendArchivePage(request, reply, page, settings);
  });
}
