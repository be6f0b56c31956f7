import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NEWSLETTER_ARCHIVE_PATH } from '../../common/newsletter-archive.ts';
import { serverPagePolicy } from '../forms/site-stylesheet.ts';
import { renderArchivedCampaign, renderArchiveIndex, type ArchivePageSettings } from './archive-pages.tsx';
import type { CampaignArchive } from './campaign-archive.ts';

export interface ArchiveRoutesOptions extends ArchivePageSettings {
  archive: CampaignArchive;
}

/** Longer than any slug the sending makes (the subject's words and the id): not worth a query. */
const SLUG_MAX_LENGTH = 200;

/**
 * Fast enough to compress on every request (a millisecond or two for the page and its inlined
 * stylesheet, some 60 KB), and most of Brotli's gain: the page goes out at a fifth of its size.
 */
const BROTLI_QUALITY = 5;

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
  html: string,
  settings: ArchivePageSettings,
) {
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', serverPagePolicy(settings.stylesheet, { indexed: true }))
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding')
    .header('etag', etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
  const accepted = negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]) as Encoding | null;
  if (accepted === 'br') {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (accepted === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

/**
 * GET /newsletter/archive and /newsletter/archive/<slug>: the public web versions of the sent
 * campaigns (campaign-archive.ts says which), written on each request from the database. A slug that
 * is unknown, or whose campaign is not (or no longer) published, gets the site's not-found page.
 */
export async function archiveRoutes(app: FastifyInstance, options: ArchiveRoutesOptions) {
  const { archive, ...settings } = options;

  app.get(NEWSLETTER_ARCHIVE_PATH, async (request, reply) =>
    sendArchivePage(request, reply, renderArchiveIndex(await archive.list(), settings), settings),
  );

  app.get<{ Params: { slug: string } }>(`${NEWSLETTER_ARCHIVE_PATH}/:slug`, async (request, reply) => {
    const { slug } = request.params;
    const campaign = slug.length <= SLUG_MAX_LENGTH ? await archive.find(slug) : undefined;
    if (!campaign) return reply.callNotFound();
    return sendArchivePage(request, reply, renderArchivedCampaign(campaign, settings), settings);
  });
}
